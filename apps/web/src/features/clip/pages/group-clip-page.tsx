import { useState } from 'react';
import { Button, Card, Form, Input, InputNumber, Select, Space } from 'antd';
import type { Material } from '@vidmatrix/contract/api/material';
import type { Music } from '@vidmatrix/contract/api/music';
import { CLIP_MAX_GROUPS, CLIP_MAX_VIDEOS } from '@vidmatrix/contract/constants';
import { Msg } from '@vidmatrix/contract/messages';
import { notifyError } from '../../../lib/notify.ts';
import { useFonts } from '../api/get-fonts.ts';
import { MaterialField } from '../components/material-field.tsx';
import { MusicField } from '../components/music-field.tsx';
import { TaskActions, linesOf, newSeed } from '../components/task-actions.tsx';
import { DEFAULT_FONT } from '../templates.ts';

interface GroupDraft {
  name: string;
  materials: Material[];
  lines: string;
}

const emptyGroup = (n: number): GroupDraft => ({ name: `第${n}组`, materials: [], lines: '' });

/** /clip/ClipGroupVideo (分组混剪): groups with their own materials and lines, crossed in order. */
export function GroupClipPage() {
  const fonts = useFonts();
  const [name, setName] = useState('分组混剪任务');
  const [groups, setGroups] = useState<GroupDraft[]>([emptyGroup(1), emptyGroup(2)]);
  const [music, setMusic] = useState<Music | null>(null);
  const [font, setFont] = useState(DEFAULT_FONT);
  const [count, setCount] = useState(2);
  const update = (index: number, patch: Partial<GroupDraft>) =>
    setGroups(groups.map((g, i) => (i === index ? { ...g, ...patch } : g)));
  const build = () => {
    if (groups.some((g) => g.materials.length === 0)) {
      notifyError(Msg.chooseMaterial);
      return null;
    }
    return {
      clip_model: 8 as const,
      name: name.trim() || '分组混剪任务',
      count,
      seed: newSeed(),
      musicIds: music ? [music.music_id] : [],
      dedup: { mirror: false, crop: false, color: false, speed: false, frameRate: false, stripMetadata: true },
      font,
      groups: groups.map((g) => ({
        name: g.name,
        materialIds: g.materials.map((m) => m.file_id),
        lines: linesOf(g.lines),
      })),
    };
  };
  return (
    <Card title="分组混剪">
      <Form layout="vertical" style={{ maxWidth: 760 }}>
        <Form.Item label="任务名称">
          <Input aria-label="任务名称" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
        </Form.Item>
        {groups.map((g, index) => (
          <Card
            key={index}
            size="small"
            style={{ marginBottom: 12 }}
            title={
              <Input value={g.name} variant="borderless" onChange={(e) => update(index, { name: e.target.value })} />
            }
            extra={
              groups.length > 1 && (
                <Button size="small" onClick={() => setGroups(groups.filter((_, i) => i !== index))}>
                  删除分组
                </Button>
              )
            }
          >
            <Space direction="vertical" style={{ width: '100%' }}>
              <MaterialField value={g.materials} onChange={(materials) => update(index, { materials })} />
              <Input.TextArea
                rows={2}
                placeholder="本组文案，每行一条（可不填）"
                value={g.lines}
                onChange={(e) => update(index, { lines: e.target.value })}
              />
            </Space>
          </Card>
        ))}
        <Form.Item>
          <Button
            disabled={groups.length >= CLIP_MAX_GROUPS}
            onClick={() => setGroups([...groups, emptyGroup(groups.length + 1)])}
          >
            添加分组
          </Button>
        </Form.Item>
        <Form.Item label="字幕字体">
          <Select
            value={font}
            onChange={setFont}
            style={{ width: 280 }}
            options={(fonts.data ?? [{ value: DEFAULT_FONT, path: '' }]).map((f) => ({
              value: f.value,
              label: f.value,
            }))}
          />
        </Form.Item>
        <Form.Item label="背景音乐">
          <MusicField value={music} onChange={setMusic} />
        </Form.Item>
        <Form.Item label="生成数量">
          <InputNumber
            aria-label="生成数量"
            min={1}
            max={CLIP_MAX_VIDEOS}
            value={count}
            onChange={(v) => setCount(v ?? 1)}
          />
        </Form.Item>
        <TaskActions build={build} />
      </Form>
    </Card>
  );
}
