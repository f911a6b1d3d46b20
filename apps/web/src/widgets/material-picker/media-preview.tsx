import { Image, Modal } from 'antd';
import type { Material } from '@vidmatrix/contract/api/material';
import { VIDEO_PLAYER } from '@vidmatrix/contract/constants';
import { useXgPlayer } from '../../lib/use-xgplayer.ts';

/** The video/audio preview overlay (950x540 xgplayer, bundled) and the image viewer (SPEC §2.3). */
export function MediaPreview({ material, onClose }: { material: Material | null; onClose: () => void }) {
  if (material?.file_type === 'image') {
    return (
      <Image
        style={{ display: 'none' }}
        src={material.file_url}
        alt={material.file_name}
        preview={{ open: true, src: material.file_url, onOpenChange: (open) => !open && onClose() }}
      />
    );
  }
  return (
    <Modal
      open={material !== null}
      onCancel={onClose}
      footer={null}
      width={VIDEO_PLAYER.width + 48}
      title={material?.file_name}
      destroyOnHidden
      centered
    >
      {material && <Player url={material.file_url} poster={material.thumb_url} />}
    </Modal>
  );
}

function Player({ url, poster }: { url: string; poster: string }) {
  const host = useXgPlayer({ url, poster, width: VIDEO_PLAYER.width, height: VIDEO_PLAYER.height, autoplay: true });
  return (
    <div ref={host} data-testid="video-player" style={{ width: VIDEO_PLAYER.width, height: VIDEO_PLAYER.height }} />
  );
}
