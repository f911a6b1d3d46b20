import { useState } from 'react';
import { Button, Space, Tag } from 'antd';
import type { Music } from '@vidmatrix/contract/api/music';
import { MusicPickerDialog } from '../../../widgets/music-picker/music-picker-dialog.tsx';

/** Background music from the music picker: up to `limit` tracks (one replaces the other when 1), or none. */
export function MusicField(props: { value: Music[]; limit: number; onChange: (music: Music[]) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <Space wrap>
      <Button onClick={() => setOpen(true)}>选择背景音乐</Button>
      {props.value.map((m) => (
        <Tag key={m.file.file_url} closable onClose={() => props.onChange(props.value.filter((x) => x !== m))}>
          {m.file.file_name}
        </Tag>
      ))}
      <MusicPickerDialog
        open={open}
        limit={props.limit}
        onCancel={() => setOpen(false)}
        onConfirm={(picked) => {
          props.onChange(picked.slice(0, props.limit));
          setOpen(false);
        }}
      />
    </Space>
  );
}
