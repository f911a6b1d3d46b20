import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Modal, Segmented, Space, Typography } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import type { Material } from '@vidmatrix/contract/api/material';
import {
  GENERAL_UPLOAD_MAX_COUNT,
  GENERAL_UPLOAD_MAX_MB,
  MATERIAL_DIALOG_WIDTH_PX,
} from '@vidmatrix/contract/constants';
import { Msg } from '@vidmatrix/contract/messages';
import { CROP_RATIOS, Uploader, type UploaderFile, type UploaderHandle } from '../../../components/uploader.tsx';
import { notifyError } from '../../../lib/notify.ts';
import { MaterialPickerDialog } from '../../../widgets/material-picker/material-picker-dialog.tsx';
import { invalidateMaterials, useDeleteMaterials } from '../api/material-mutations.ts';

const RATIOS = [
  { value: CROP_RATIOS.wide, label: '横版 1.6:1' },
  { value: CROP_RATIOS.classic, label: '4:3' },
];

/** The library file of a picked material, so it can go through the cropper like a chosen one. */
async function fileOf(material: Material): Promise<File> {
  const response = await fetch(material.file_url);
  if (!response.ok) {
    throw new Error(`HTTP ${response.status}`);
  }
  const blob = await response.blob();
  return new File([blob], material.file_name, { type: blob.type });
}

/**
 * 裁剪上传: cover images cropped to 1.6:1 or 4:3 before upload, from the computer or from images
 * already in the library. Each upload becomes an image material; deleting or reselecting one in the
 * list deletes the material it made (and gives its space back).
 */
export function CropUploadDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [ratio, setRatio] = useState<number>(CROP_RATIOS.wide);
  const [files, setFiles] = useState<UploaderFile[]>([]);
  const [picking, setPicking] = useState(false);
  const [busy, setBusy] = useState(false);
  const uploader = useRef<UploaderHandle>(null);
  const client = useQueryClient();
  const remove = useDeleteMaterials();

  // Picked library images go through the cropper one at a time: the next starts when one settles.
  const queue = useRef<Material[]>([]);
  const feedNext = () => {
    const material = queue.current.shift();
    setBusy(material !== undefined);
    if (!material) {
      return;
    }
    fileOf(material).then(
      (file) => uploader.current?.choose(file),
      () => {
        notifyError(Msg.uploadFailed);
        feedNext();
      },
    );
  };

  const handleChange = (changed: UploaderFile[]) => {
    const gone = files.filter((f) => !changed.includes(f) && f.file_id > 0).map((f) => f.file_id);
    setFiles(changed);
    if (gone.length > 0) {
      void remove.mutateAsync(gone);
    } else {
      void invalidateMaterials(client);
    }
  };

  const handleClose = () => {
    setFiles([]);
    queue.current = [];
    setBusy(false);
    onClose();
  };

  return (
    <Modal
      open={open}
      title="裁剪上传图片"
      width={MATERIAL_DIALOG_WIDTH_PX}
      onCancel={handleClose}
      maskClosable={false}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={handleClose}>
          完成
        </Button>
      }
    >
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Space wrap>
          <span>裁剪比例</span>
          <Segmented<number> aria-label="裁剪比例" value={ratio} onChange={setRatio} options={RATIOS} />
          <Button
            icon={<PictureOutlined aria-hidden />}
            disabled={files.length >= GENERAL_UPLOAD_MAX_COUNT || busy}
            onClick={() => setPicking(true)}
          >
            从素材库选择
          </Button>
        </Space>
        <Typography.Text type="secondary">
          支持 jpg、png、jpeg，单张不超过 {GENERAL_UPLOAD_MAX_MB}MB，最多 {GENERAL_UPLOAD_MAX_COUNT}{' '}
          张；裁剪后的图片保存为图片素材
        </Typography.Text>
        <Uploader ref={uploader} value={files} onChange={handleChange} cropAspect={ratio} onSettled={feedNext} />
      </Space>
      <MaterialPickerDialog
        open={picking}
        limit={GENERAL_UPLOAD_MAX_COUNT - files.length}
        // Only images can be cropped.
        fileType="image"
        onCancel={() => setPicking(false)}
        onConfirm={(materials) => {
          setPicking(false);
          queue.current.push(...materials);
          if (!busy) {
            feedNext();
          }
        }}
      />
    </Modal>
  );
}
