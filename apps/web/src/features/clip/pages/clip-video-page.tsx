import { useState } from 'react';
import { Form, Input, Space } from 'antd';
import type { Material } from '@vidmatrix/contract/api/material';
import { CLIP_MAX_SEGMENTS, CLIP_SEGMENT_SECONDS } from '@vidmatrix/contract/constants';
import { Msg } from '@vidmatrix/contract/messages';
import type { ClipTemplateChoice } from '../api/get-clip-templates.ts';
import { MaterialField } from '../components/material-field.tsx';
import { NumberField, SecondsField } from '../components/number-field.tsx';
import { linesOf } from '../components/task-actions.tsx';
import { ClipTemplateGate } from '../components/template-gate.tsx';
import { ClipTaskForm } from '../components/task-form.tsx';
import { WriteScriptButton } from '../components/write-script-button.tsx';
import { narrationOf } from '../lib/written-scripts.ts';
import { templateForTask } from '../templates.ts';

/** /clip/ClipVideo (批量混剪): a pool of clips and images mixed into N videos with voice-over lines. */
export function ClipVideoPage() {
  return <ClipTemplateGate mode={1}>{(template) => <ClipVideoForm template={template} />}</ClipTemplateGate>;
}

/** The form, once the template is known. */
function ClipVideoForm({ template }: { template: ClipTemplateChoice }) {
  const [materials, setMaterials] = useState<Material[]>([]);
  const [lines, setLines] = useState('');
  const [segments, setSegments] = useState(3);
  const [seconds, setSeconds] = useState(CLIP_SEGMENT_SECONDS);
  return (
    <ClipTaskForm
      mode={1}
      template={template}
      required={[[materials.length > 0, Msg.chooseMaterial]]}
      build={(common, chosen) => ({
        clip_model: 1,
        ...common,
        template: templateForTask(template.template, common.musicIds, chosen.title),
        groups: [{ name: '', materialIds: materials.map((m) => m.file_id), lines: [] }],
        segments,
        segmentSeconds: seconds,
        lines: linesOf(lines),
      })}
    >
      {({ count }) => (
        <>
          <Form.Item label="素材（视频或图片）">
            <MaterialField value={materials} onChange={setMaterials} />
          </Form.Item>
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
          <NumberField label="每条视频片段数" min={1} max={CLIP_MAX_SEGMENTS} value={segments} onChange={setSegments} />
          <SecondsField label="片段时长（秒）" value={seconds} onChange={setSeconds} />
        </>
      )}
    </ClipTaskForm>
  );
}
