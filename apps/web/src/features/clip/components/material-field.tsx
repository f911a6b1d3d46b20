import { useState } from 'react';
import { Button, Space, Tag } from 'antd';
import type { FileType, Material } from '@vidmatrix/contract/api/material';
import { CLIP_MAX_MATERIALS } from '@vidmatrix/contract/constants';
import { MaterialPickerDialog } from '../../../widgets/material-picker/material-picker-dialog.tsx';

/** Chosen library materials: a button opening the material picker, and the choices as removable tags. */
export function MaterialField(props: {
  value: Material[];
  onChange: (materials: Material[]) => void;
  label?: string;
  /** Only this kind (default: images and videos). */
  fileType?: FileType;
  /** At most this many; a single choice replaces the previous one. */
  limit?: number;
}) {
  const limit = props.limit ?? CLIP_MAX_MATERIALS;
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
        limit={limit}
        fileType={props.fileType}
        onCancel={() => setOpen(false)}
        onConfirm={(picked) => {
          const known = new Set(props.value.map((m) => m.file_id));
          const kept = limit === 1 ? [] : props.value;
          props.onChange([...kept, ...picked.filter((m) => limit === 1 || !known.has(m.file_id))].slice(0, limit));
          setOpen(false);
        }}
      />
    </Space>
  );
}
