import { useEffect, useRef, useState } from 'react';
import { Button, Form, Select, Space } from 'antd';
import type { ClipDubbing } from '@vidmatrix/contract/api/clip-voice';
import { CLIP_VOICE_SPEED_RANGE, CLIP_VOICE_VOLUME_RANGE } from '@vidmatrix/contract/constants';
import { useVoicePreview, useVoices } from '../api/get-voices.ts';
import { NumberField } from './number-field.tsx';

/** The form's voice: '' until the member picks one (the server's default voice is sent as none). */
export type DubbingChoice = ClipDubbing;
export const DEFAULT_DUBBING: DubbingChoice = { voice: '', speed: 1, volume: 100 };

/** The request's dubbing: none while the default voice speaks at normal speed and volume. */
export function dubbingOf(choice: DubbingChoice): ClipDubbing | undefined {
  const plain = choice.voice === '' && choice.speed === 1 && choice.volume === 100;
  return plain ? undefined : choice;
}

/** 配音音色, 语速 and 配音音量, with 试听: the member hears a fixed sentence in what they chose. */
export function VoiceFields(props: { value: DubbingChoice; onChange: (value: DubbingChoice) => void }) {
  const { value, onChange } = props;
  const voices = useVoices();
  const preview = useVoicePreview();
  const [heard, setHeard] = useState<string | null>(null);
  const audio = useRef<HTMLAudioElement>(null);
  const voice = value.voice || voices.data?.default || '';
  useEffect(() => {
    // Played once its source is set: the click on 试听 is the gesture that allows it.
    if (heard) {
      void audio.current?.play().catch(() => undefined);
    }
  }, [heard]);
  return (
    <>
      <Form.Item label="配音音色" extra="成片的口播文案由该音色朗读">
        <Space wrap>
          <Select
            aria-label="配音音色"
            showSearch
            optionFilterProp="label"
            style={{ minWidth: 240 }}
            loading={voices.isPending}
            value={voice || undefined}
            options={voices.data?.list.map((v) => ({ value: v.id, label: v.name }))}
            onChange={(id: string) => onChange({ ...value, voice: id })}
          />
          <Button
            loading={preview.isPending}
            disabled={!voice}
            onClick={() =>
              preview.mutate({ ...value, voice }, { onSuccess: (p) => setHeard(`${p.url}?t=${Date.now()}`) })
            }
          >
            试听
          </Button>
          {heard && <audio ref={audio} data-testid="voice-preview" src={heard} controls />}
        </Space>
      </Form.Item>
      <Space size="large" wrap>
        <NumberField
          label="语速"
          {...CLIP_VOICE_SPEED_RANGE}
          step={0.1}
          precision={1}
          suffix="倍"
          fallback={DEFAULT_DUBBING.speed}
          value={value.speed}
          onChange={(speed) => onChange({ ...value, speed })}
        />
        <NumberField
          label="配音音量"
          {...CLIP_VOICE_VOLUME_RANGE}
          step={10}
          suffix="%"
          fallback={DEFAULT_DUBBING.volume}
          value={value.volume}
          onChange={(volume) => onChange({ ...value, volume })}
        />
      </Space>
    </>
  );
}
