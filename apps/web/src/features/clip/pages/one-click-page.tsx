import { useState } from 'react';
import { Button, Card, Form, Input, Space } from 'antd';
import type { Material } from '@vidmatrix/contract/api/material';
import { CLIP_MAX_GROUPS, CLIP_SCRIPT_MAX_CHARS } from '@vidmatrix/contract/constants';
import { Msg } from '@vidmatrix/contract/messages';
import { FontField } from '../components/font-field.tsx';
import { MaterialField } from '../components/material-field.tsx';
import { ClipTaskForm } from '../components/task-form.tsx';
import { WriteScriptButton } from '../components/write-script-button.tsx';
import { narrationOf } from '../lib/written-scripts.ts';
import { DEFAULT_FONT } from '../templates.ts';

interface GroupDraft {
  name: string;
  materials: Material[];
}

const GROUP_NAMES = ['开头', '中间', '结尾'];
const groupOf = (n: number): GroupDraft => ({ name: GROUP_NAMES[n - 1] ?? `第${n}组`, materials: [] });

/**
 * /clip/ClipVideo?clip_model=6 (一键成片): ordered groups, one segment of each per video, and one whole
 * narration per video picked from several; the middle groups stretch so the video lasts as long as the voice.
 */
export function OneClickPage() {
  const [groups, setGroups] = useState<GroupDraft[]>([groupOf(1), groupOf(2), groupOf(3)]);
  const [scripts, setScripts] = useState<string[]>(['']);
  const [font, setFont] = useState(DEFAULT_FONT);
  const update = (index: number, patch: Partial<GroupDraft>) =>
    setGroups(groups.map((g, i) => (i === index ? { ...g, ...patch } : g)));
  const written = scripts.map((s) => s.trim()).filter((s) => s.length > 0);
  return (
    <ClipTaskForm
      mode={6}
      required={[
        [groups.every((g) => g.materials.length > 0), Msg.chooseMaterial],
        [written.length > 0, Msg.clipScriptRequired],
      ]}
      build={(common) => ({
        clip_model: 6,
        ...common,
        groups: groups.map((g) => ({ name: g.name, materialIds: g.materials.map((m) => m.file_id), lines: [] })),
        scripts: written,
        font,
      })}
    >
      {({ count }) => (
        <>
          <Form.Item label="镜头分组（按顺序每组取一段，中间分组随配音延长）">
            {groups.map((g, index) => (
              <Card
                key={index}
                size="small"
                data-testid="one-click-group"
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
                <MaterialField value={g.materials} onChange={(materials) => update(index, { materials })} />
              </Card>
            ))}
            <Button
              disabled={groups.length >= CLIP_MAX_GROUPS}
              onClick={() => setGroups([...groups, groupOf(groups.length + 1)])}
            >
              添加分组
            </Button>
          </Form.Item>
          <Form.Item label="旁白文案（每条视频选用一整篇，尽量不重复）">
            <Space direction="vertical" style={{ width: '100%' }}>
              {/* As many narrations as videos, so that none repeats. */}
              <WriteScriptButton
                count={count}
                onWritten={(drafts) => setScripts(drafts.scripts.map((s) => narrationOf(s.lines)))}
              />
              {scripts.map((text, index) => (
                <Space.Compact key={index} style={{ width: '100%' }}>
                  <Input.TextArea
                    aria-label={`旁白${index + 1}`}
                    rows={3}
                    maxLength={CLIP_SCRIPT_MAX_CHARS}
                    value={text}
                    onChange={(e) => setScripts(scripts.map((s, i) => (i === index ? e.target.value : s)))}
                  />
                  {scripts.length > 1 && (
                    <Button onClick={() => setScripts(scripts.filter((_, i) => i !== index))}>删除</Button>
                  )}
                </Space.Compact>
              ))}
              <Button onClick={() => setScripts([...scripts, ''])}>添加旁白</Button>
            </Space>
          </Form.Item>
          <Form.Item label="字幕字体">
            <FontField value={font} onChange={setFont} />
          </Form.Item>
        </>
      )}
    </ClipTaskForm>
  );
}
