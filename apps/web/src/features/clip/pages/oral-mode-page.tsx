import { useState } from 'react';
import { Form, Input, Space, Switch } from 'antd';
import type { Material } from '@vidmatrix/contract/api/material';
import { CLIP_MAX_SEGMENTS, CLIP_SEGMENT_SECONDS } from '@vidmatrix/contract/constants';
import { Msg } from '@vidmatrix/contract/messages';
import type { ClipTemplateChoice } from '../api/get-clip-templates.ts';
import { useVoice } from '../api/get-voice.ts';
import { MaterialField } from '../components/material-field.tsx';
import { NumberField, SecondsField } from '../components/number-field.tsx';
import { transcriberNote } from '../components/transcriber-note.ts';
import { linesOf } from '../components/task-actions.tsx';
import { ClipTemplateGate } from '../components/template-gate.tsx';
import { ClipTaskForm } from '../components/task-form.tsx';
import { WriteScriptButton } from '../components/write-script-button.tsx';
import { templateForTask } from '../templates.ts';

/**
 * /clip/OralMode (口播): a talking-head or digital-human clip is the main track (its own voice), with
 * B-roll cut in at sentence boundaries, the script as subtitles, music ducked under the voice, and
 * optionally its silences cut.
 */
export function OralModePage() {
  return <ClipTemplateGate mode={4}>{(template) => <OralModeForm template={template} />}</ClipTemplateGate>;
}

/** The form, once the template is known. */
function OralModeForm({ template }: { template: ClipTemplateChoice }) {
  const [main, setMain] = useState<Material[]>([]);
  const [broll, setBroll] = useState<Material[]>([]);
  const [brolls, setBrolls] = useState(3);
  const [seconds, setSeconds] = useState(CLIP_SEGMENT_SECONDS);
  const [script, setScript] = useState('');
  const [cutSilence, setCutSilence] = useState(true);
  const [chromaKey, setChromaKey] = useState(false);
  // Whether the server recognises speech: the form states the subtitles' offline fallback.
  const voice = useVoice();
  return (
    <ClipTaskForm
      mode={4}
      template={template}
      voiced={false}
      required={[[main.length > 0, Msg.chooseMaterial]]}
      build={(common, chosen) => ({
        clip_model: 4,
        ...common,
        template: templateForTask(template.template, common.musicIds, chosen),
        // The picker holds one video at most, and `required` made sure it holds one.
        mainId: (main[0] as Material).file_id,
        brollIds: broll.map((m) => m.file_id),
        brolls,
        brollSeconds: seconds,
        lines: linesOf(script),
        cutSilence,
        chromaKey,
      })}
    >
      <Form.Item label="口播主视频" extra="真人或数字人口播视频，保留原声">
        <MaterialField label="选择口播视频" fileType="video" limit={1} value={main} onChange={setMain} />
      </Form.Item>
      <Form.Item label="空镜素材（B-roll）" extra="在句子之间切入">
        <MaterialField label="选择空镜素材" value={broll} onChange={setBroll} />
      </Form.Item>
      <Space size="large" wrap>
        <NumberField label="每条视频空镜数" min={0} max={CLIP_MAX_SEGMENTS} value={brolls} onChange={setBrolls} />
        <SecondsField label="空镜时长（秒）" value={seconds} onChange={setSeconds} />
      </Space>
      <Form.Item
        label="口播文案（用作字幕，每行一句）"
        extra={<span data-testid="clip-transcriber-note">{transcriberNote(voice.data)}</span>}
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          <WriteScriptButton onWritten={(drafts) => setScript((drafts.scripts[0]?.lines ?? []).join('\n'))} />
          <Input.TextArea
            aria-label="口播文案（用作字幕，每行一句）"
            rows={4}
            value={script}
            onChange={(e) => setScript(e.target.value)}
          />
        </Space>
      </Form.Item>
      <Space size="large" wrap>
        <Form.Item label="剪掉静音">
          <Switch aria-label="剪掉静音" checked={cutSilence} onChange={setCutSilence} />
        </Form.Item>
        <Form.Item label="绿幕抠像（人物叠在空镜上）">
          <Switch aria-label="绿幕抠像" checked={chromaKey} onChange={setChromaKey} />
        </Form.Item>
      </Space>
    </ClipTaskForm>
  );
}
