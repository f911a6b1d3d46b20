import type { Material } from '@vidmatrix/contract/api/material';
import { SourceType } from '@vidmatrix/contract/api/material';
import { MediaPreview } from '../../../widgets/material-picker/media-preview.tsx';

/** A video by URL in the shared player (the preview render, a task's output). */
export function VideoPlayer(props: {
  video: { url: string; name: string; poster?: string } | null;
  onClose: () => void;
}) {
  const material: Material | null = props.video
    ? {
        file_id: 0,
        file_url: props.video.url,
        file_name: props.video.name,
        file_type: 'video',
        duration: 0,
        size: 0,
        thumb_url: props.video.poster ?? '',
        process_status: 'done',
        group_id: 0,
        group_name: '',
        tag_ids: '',
        tag_names: '',
        use_count: 0,
        expiration_time: '',
        remark: '',
        source_type: SourceType.clip,
        create_time: '',
      }
    : null;
  return <MediaPreview material={material} onClose={props.onClose} />;
}
