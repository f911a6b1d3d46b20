import { useState } from 'react';
import { Button, Space, Tag } from 'antd';
import type { Music } from '@vidmatrix/contract/api/music';
import { MusicPickerDialog } from '../../../widgets/music-picker/music-picker-dialog.tsx';

/** Background music: one track from the music picker, or none. */
export function MusicField(props: { value: Music | null; onChange: (music: Music | null) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <Space>
      <Button onClick={() => setOpen(true)}>选择背景音乐</Button>
      {props.value && (
        <Tag closable onClose={() => props.onChange(null)}>
          {props.value.file.file_name}
        </Tag>
      )}
      <MusicPickerDialog
        open={open}
        onCancel={() => setOpen(false)}
        onConfirm={(picked) => {
          props.onChange(picked[0] ?? null);
          setOpen(false);
        }}
      />
    </Space>
  );
}
