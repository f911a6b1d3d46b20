import { useState } from 'react';
import { Button, Card, Form, Input, Space } from 'antd';
import type { Material } from '@vidmatrix/contract/api/material';
import { CLIP_MAX_GROUPS } from '@vidmatrix/contract/constants';
import { Msg } from '@vidmatrix/contract/messages';
import { FontField } from '../components/font-field.tsx';
import { MaterialField } from '../components/material-field.tsx';
import { linesOf } from '../components/task-actions.tsx';
import { ClipTaskForm } from '../components/task-form.tsx';
import { WriteScriptButton } from '../components/write-script-button.tsx';
import { linesPerGroup } from '../lib/written-scripts.ts';
import { DEFAULT_FONT } from '../templates.ts';

interface GroupDraft {
  name: string;
  materials: Material[];
  lines: string;
}

const emptyGroup = (n: number): GroupDraft => ({ name: `第${n}组`, materials: [], lines: '' });

/** /clip/ClipGroupVideo (分组混剪): groups with their own materials and lines, crossed in order. */
export function GroupClipPage() {
  const [groups, setGroups] = useState<GroupDraft[]>([emptyGroup(1), emptyGroup(2)]);
  const [font, setFont] = useState(DEFAULT_FONT);
  const update = (index: number, patch: Partial<GroupDraft>) =>
    setGroups(groups.map((g, i) => (i === index ? { ...g, ...patch } : g)));
  return (
    <ClipTaskForm
      mode={8}
      required={[[groups.every((g) => g.materials.length > 0), Msg.chooseMaterial]]}
      build={(common) => ({
        clip_model: 8,
        ...common,
        font,
        groups: groups.map((g) => ({
          name: g.name,
          materialIds: g.materials.map((m) => m.file_id),
          lines: linesOf(g.lines),
        })),
      })}
    >
      {({ count }) => (
        <>
          <Form.Item>
            {/* A script per video to make: each group gets that many alternative lines. */}
            <WriteScriptButton
              count={count}
              onWritten={(drafts) => {
                const written = linesPerGroup(groups.length, drafts);
                setGroups(groups.map((g, i) => ({ ...g, lines: written[i] ?? g.lines })));
              }}
            />
          </Form.Item>
          {groups.map((g, index) => (
            <Card
              key={index}
              size="small"
              data-testid="group-clip-group"
              style={{ marginBottom: 12 }}
              title={
                <Input
                  aria-label={`分组${index + 1}名称`}
                  value={g.name}
                  variant="borderless"
                  onChange={(e) => update(index, { name: e.target.value })}
                />
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
                  aria-label={`分组${index + 1}文案`}
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
            <FontField value={font} onChange={setFont} />
          </Form.Item>
        </>
      )}
    </ClipTaskForm>
  );
}
