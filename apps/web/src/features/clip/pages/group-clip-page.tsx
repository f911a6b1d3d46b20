import { useState } from 'react';
import { Form } from 'antd';
import { Msg } from '@vidmatrix/contract/messages';
import { FontField } from '../components/font-field.tsx';
import { GroupEditor, clipGroupsOf, groupsComplete, initialGroups } from '../components/group-editor.tsx';
import { ClipTaskForm } from '../components/task-form.tsx';
import { WriteScriptButton } from '../components/write-script-button.tsx';
import { linesPerGroup } from '../lib/written-scripts.ts';
import { DEFAULT_FONT } from '../templates.ts';

/** /clip/ClipGroupVideo (分组混剪): groups with their own materials and lines, crossed in order. */
export function GroupClipPage() {
  const [groups, setGroups] = useState(() => initialGroups(2));
  const [font, setFont] = useState(DEFAULT_FONT);
  return (
    <ClipTaskForm
      mode={8}
      required={[[groupsComplete(groups), Msg.chooseMaterial]]}
      build={(common, chosen) => ({
        clip_model: 8,
        ...common,
        font,
        subtitle: chosen.subtitle ? { ...chosen.subtitle, font } : undefined,
        groups: clipGroupsOf(groups, true),
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
          <Form.Item>
            <GroupEditor value={groups} lines onChange={setGroups} />
          </Form.Item>
          <Form.Item label="字幕字体">
            <FontField value={font} onChange={setFont} />
          </Form.Item>
        </>
      )}
    </ClipTaskForm>
  );
}
