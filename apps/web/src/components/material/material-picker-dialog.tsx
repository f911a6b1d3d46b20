import { useState } from 'react';
import { Modal } from 'antd';
import type { FileType, Material } from '@vidmatrix/contract/api/material';
import { MATERIAL_DIALOG_WIDTH_PX, MATERIAL_PICKER_DEFAULT_LIMIT } from '@vidmatrix/contract/constants';
import { Msg } from '@vidmatrix/contract/messages';
import { notifyError } from '../../lib/notify.ts';
import { MaterialBrowser } from './material-browser.tsx';

/**
 * The material selection dialog (SPEC §2.3): limit (default 1), 请选择素材 on an empty confirm; images
 * and videos, or only `fileType`.
 */
export function MaterialPickerDialog(props: {
  open: boolean;
  limit?: number;
  fileType?: FileType;
  onCancel: () => void;
  onConfirm: (materials: Material[]) => void;
}) {
  const [selected, setSelected] = useState<Material[]>([]);
  const limit = props.limit ?? MATERIAL_PICKER_DEFAULT_LIMIT;
  return (
    <Modal
      open={props.open}
      title="选择素材"
      width={Math.max(MATERIAL_DIALOG_WIDTH_PX, 1100)}
      onCancel={() => {
        setSelected([]);
        props.onCancel();
      }}
      onOk={() => {
        if (selected.length === 0) {
          notifyError(Msg.chooseMaterial);
          return;
        }
        props.onConfirm(selected);
        setSelected([]);
      }}
      destroyOnHidden
    >
      <MaterialBrowser picker={{ limit, selected, onChange: setSelected, fileType: props.fileType }} gridHeight={480} />
    </Modal>
  );
}
