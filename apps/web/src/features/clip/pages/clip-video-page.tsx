import { useState } from 'react';
import { Form, Input, Radio, Space } from 'antd';
import type { Material } from '@vidmatrix/contract/api/material';
import { CLIP_MAX_SEGMENTS, CLIP_SEGMENT_SECONDS } from '@vidmatrix/contract/constants';
import { Msg } from '@vidmatrix/contract/messages';
import { clipVideoMax, type CountedMaterial } from '@vidmatrix/contract/rules/clip-count';
import type { ClipTemplateChoice } from '../api/get-clip-templates.ts';
import { GroupEditor, clipGroupsOf, groupsComplete, initialGroups } from '../components/group-editor.tsx';
import { MaterialField } from '../components/material-field.tsx';
import { NumberField, SecondsField } from '../components/number-field.tsx';
import { linesOf } from '../components/task-actions.tsx';
import { ClipTemplateGate } from '../components/template-gate.tsx';
import { ClipTaskForm } from '../components/task-form.tsx';
import { WriteScriptButton } from '../components/write-script-button.tsx';
import { narrationOf } from '../lib/written-scripts.ts';
import { templateForTask } from '../templates.ts';

/** Where a video's segments come from: one pool (a set of k per video) or ordered groups (one each). */
type Source = 'pool' | 'groups';

/** Fewest groups: the planner reads a single group as a pool. */
const MIN_GROUPS = 2;

/** Chosen materials as the count of distinct videos sees them (the server measures a duration still 0). */
function counted(materials: readonly Material[]): CountedMaterial[] {
  return materials.map((m) => ({
    id: m.file_id,
    kind: m.file_type === 'image' ? 'image' : 'video',
    duration: m.duration,
  }));
}

/** /clip/ClipVideo (批量混剪): a pool or ordered groups of clips and images mixed into N videos with voice-over lines. */
export function ClipVideoPage() {
  return <ClipTemplateGate mode={1}>{(template) => <ClipVideoForm template={template} />}</ClipTemplateGate>;
}

/** The form, once the template is known. */
function ClipVideoForm({ template }: { template: ClipTemplateChoice }) {
  const [source, setSource] = useState<Source>('pool');
  const [materials, setMaterials] = useState<Material[]>([]);
  const [groups, setGroups] = useState(() => initialGroups(3, 'story'));
  const [lines, setLines] = useState('');
  const [segments, setSegments] = useState(3);
  const [seconds, setSeconds] = useState(CLIP_SEGMENT_SECONDS);
  const pooled = source === 'pool';
  const chosen = pooled ? materials.length > 0 : groupsComplete(groups);
  // The planner's own figure, so the member sees a small library's limit before 开始剪辑.
  const maxCount = chosen
    ? clipVideoMax(pooled ? [counted(materials)] : groups.map((g) => counted(g.materials)), segments, seconds)
    : undefined;
  return (
    <ClipTaskForm
      mode={1}
      maxCount={maxCount}
      template={template}
      required={[[chosen, Msg.chooseMaterial]]}
      build={(common, chosen) => ({
        clip_model: 1,
        ...common,
        template: templateForTask(template.template, common.musicIds, chosen),
        groups: pooled ? [{ name: '', materialIds: materials.map((m) => m.file_id), lines: [] }] : clipGroupsOf(groups),
        // Read for a pool only: with groups every video takes one segment of each, in order.
        segments,
        segmentSeconds: seconds,
        lines: linesOf(lines),
      })}
    >
      {({ count }) => (
        <>
          <Form.Item
            label="素材来源"
            extra={
              pooled ? '每条视频从素材池中随机取若干片段' : '每条视频按分组顺序每组取一段，例如开头、中间、结尾各取一段'
            }
          >
            <Radio.Group
              aria-label="素材来源"
              optionType="button"
              value={source}
              onChange={(e) => setSource(e.target.value as Source)}
              options={[
                { value: 'pool', label: '素材池' },
                { value: 'groups', label: '分组' },
              ]}
            />
          </Form.Item>
          {pooled ? (
            <Form.Item label="素材（视频或图片）">
              <MaterialField value={materials} onChange={setMaterials} />
            </Form.Item>
          ) : (
            <Form.Item label="素材分组（视频或图片）">
              <GroupEditor value={groups} naming="story" min={MIN_GROUPS} onChange={setGroups} />
            </Form.Item>
          )}
          <Form.Item label="口播文案（每行一条，每条视频用一条）">
            <Space direction="vertical" style={{ width: '100%' }}>
              {/* One script per video to make, each as one row. */}
              <WriteScriptButton
                count={count}
                onWritten={(drafts) => setLines(drafts.scripts.map((s) => narrationOf(s.lines)).join('\n'))}
              />
              <Input.TextArea
                aria-label="口播文案（每行一条，每条视频用一条）"
                rows={4}
                value={lines}
                onChange={(e) => setLines(e.target.value)}
              />
            </Space>
          </Form.Item>
          {pooled && (
            <NumberField
              label="每条视频片段数"
              min={1}
              max={CLIP_MAX_SEGMENTS}
              value={segments}
              onChange={setSegments}
            />
          )}
          <SecondsField label="片段时长（秒）" value={seconds} onChange={setSeconds} />
        </>
      )}
    </ClipTaskForm>
  );
}
