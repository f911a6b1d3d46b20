import { useState } from 'react';
import { Button, Card, Space, Tabs, Typography } from 'antd';
import { CustomerServiceOutlined, UploadOutlined } from '@ant-design/icons';
import type { Music } from '@vidmatrix/contract/api/music';
import { MaterialFormDialog } from '../components/material-form-dialog.tsx';
import { MusicList } from '../../../widgets/music-picker/music-list.tsx';
import { MusicPickerDialog } from '../../../widgets/music-picker/music-picker-dialog.tsx';

/** ConsolePath.music: system and own background music; own music uploads through the material pipeline. */
export function MusicPage() {
  const [upload, setUpload] = useState(false);
  const [picking, setPicking] = useState(false);
  const [picked, setPicked] = useState<Music[]>([]);
  return (
    <Card title="背景音乐" variant="borderless">
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" icon={<UploadOutlined aria-hidden />} onClick={() => setUpload(true)}>
          上传音乐
        </Button>
        <Button icon={<CustomerServiceOutlined aria-hidden />} onClick={() => setPicking(true)}>
          选择背景音乐
        </Button>
        {picked.length > 0 && (
          <Typography.Text data-testid="picked-music">
            已选：{picked.map((m) => m.file.file_name).join('、')}
          </Typography.Text>
        )}
      </Space>
      <Tabs
        items={[
          { key: 'system', label: '系统音乐', children: <MusicList selected={[]} /> },
          { key: 'own', label: '我的音乐', children: <MusicList own selected={[]} /> },
        ]}
      />
      <MaterialFormDialog open={upload} material={null} onClose={() => setUpload(false)} music />
      <MusicPickerDialog
        open={picking}
        onCancel={() => setPicking(false)}
        onConfirm={(music) => {
          setPicked(music);
          setPicking(false);
        }}
      />
    </Card>
  );
}
