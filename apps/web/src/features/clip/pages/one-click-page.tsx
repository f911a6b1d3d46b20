import { useState } from 'react';
import { Button, Form, Input, Space } from 'antd';
import { CLIP_SCRIPT_MAX_CHARS } from '@vidmatrix/contract/constants';
import { Msg } from '@vidmatrix/contract/messages';
import { FontField } from '../components/font-field.tsx';
import { GroupEditor, clipGroupsOf, groupsComplete, initialGroups } from '../components/group-editor.tsx';
import { ClipTaskForm } from '../components/task-form.tsx';
import { WriteScriptButton } from '../components/write-script-button.tsx';
import { narrationOf } from '../lib/written-scripts.ts';
import { DEFAULT_FONT } from '../templates.ts';

/**
 * /clip/ClipVideo?clip_model=6 (一键成片): ordered groups, one segment of each per video, and one whole
 * narration per video picked from several; the middle groups stretch so the video lasts as long as the voice.
 */
export function OneClickPage() {
  const [groups, setGroups] = useState(() => initialGroups(3, 'story'));
  const [scripts, setScripts] = useState<string[]>(['']);
  const [font, setFont] = useState(DEFAULT_FONT);
  const written = scripts.map((s) => s.trim()).filter((s) => s.length > 0);
  return (
    <ClipTaskForm
      mode={6}
      required={[
        [groupsComplete(groups), Msg.chooseMaterial],
        [written.length > 0, Msg.clipScriptRequired],
      ]}
      build={(common, chosen) => ({
        clip_model: 6,
        ...common,
        groups: clipGroupsOf(groups),
        scripts: written,
        font,
        subtitle: chosen.subtitle ? { ...chosen.subtitle, font } : undefined,
      })}
    >
      {({ count }) => (
        <>
          <Form.Item label="镜头分组（按顺序每组取一段，中间分组随配音延长）">
            <GroupEditor value={groups} naming="story" onChange={setGroups} />
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
