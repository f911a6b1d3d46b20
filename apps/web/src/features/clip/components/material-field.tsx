import { useState } from 'react';
import { Button, Space, Tag } from 'antd';
import type { Material } from '@vidmatrix/contract/api/material';
import { CLIP_MAX_MATERIALS } from '@vidmatrix/contract/constants';
import { MaterialPickerDialog } from '../../../widgets/material-picker/material-picker-dialog.tsx';

/** Chosen library materials: a button opening the material picker, and the choices as removable tags. */
export function MaterialField(props: { value: Material[]; onChange: (materials: Material[]) => void; label?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Space wrap>
      <Button onClick={() => setOpen(true)}>{props.label ?? '选择素材'}</Button>
      {props.value.map((m) => (
        <Tag
          key={m.file_id}
          closable
          onClose={() => props.onChange(props.value.filter((x) => x.file_id !== m.file_id))}
        >
          {m.file_name}
        </Tag>
      ))}
      <MaterialPickerDialog
        open={open}
        limit={CLIP_MAX_MATERIALS}
        onCancel={() => setOpen(false)}
        onConfirm={(picked) => {
          const known = new Set(props.value.map((m) => m.file_id));
          props.onChange([...props.value, ...picked.filter((m) => !known.has(m.file_id))]);
          setOpen(false);
        }}
      />
    </Space>
  );
}
