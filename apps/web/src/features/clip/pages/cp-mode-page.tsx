import { useState } from 'react';
import { Checkbox, Form } from 'antd';
import type { Material } from '@vidmatrix/contract/api/material';
import { CLIP_MAX_SEGMENTS, CLIP_SEGMENT_SECONDS } from '@vidmatrix/contract/constants';
import { Msg } from '@vidmatrix/contract/messages';
import { useVoice } from '../api/get-voice.ts';
import { MaterialField } from '../components/material-field.tsx';
import { NumberField, SecondsField } from '../components/number-field.tsx';
import { transcriberNote } from '../components/transcriber-note.ts';
import { ClipTaskForm } from '../components/task-form.tsx';

/** /clip/CpMode (CP拆拼): long source videos cut into shots by scene detection, recombined across sources. */
export function CpModePage() {
  const [sources, setSources] = useState<Material[]>([]);
  const [shots, setShots] = useState(6);
  const [seconds, setSeconds] = useState(CLIP_SEGMENT_SECONDS);
  const [keepSound, setKeepSound] = useState(false);
  const voice = useVoice();
  return (
    <ClipTaskForm
      mode={3}
      voiced={false}
      texts={false}
      required={[[sources.length > 0, Msg.chooseMaterial]]}
      build={(common) => ({
        clip_model: 3,
        ...common,
        sourceIds: sources.map((m) => m.file_id),
        shotsPerVideo: shots,
        maxShotSeconds: seconds,
        keepSourceAudio: keepSound,
      })}
    >
      <Form.Item label="源视频" extra="长视频按镜头自动拆分，各视频的镜头交叉重组，不使用模板">
        <MaterialField label="选择源视频" fileType="video" value={sources} onChange={setSources} />
      </Form.Item>
      <NumberField label="每条视频镜头数" min={1} max={CLIP_MAX_SEGMENTS} value={shots} onChange={setShots} />
      <SecondsField label="单个镜头最长（秒）" value={seconds} onChange={setSeconds} />
      <Form.Item
        label="声音"
        extra={
          <>
            勾选后每个镜头保留源视频的声音，背景音乐在其下方播放。
            <span data-testid="clip-source-transcriber-note">{transcriberNote(voice.data, 'source')}</span>
          </>
        }
      >
        <Checkbox checked={keepSound} onChange={(e) => setKeepSound(e.target.checked)}>
          保留原声
        </Checkbox>
      </Form.Item>
    </ClipTaskForm>
  );
}
