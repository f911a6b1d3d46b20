import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Space } from 'antd';
import type { ClipTaskInput } from '@vidmatrix/contract/api/clip-task';
import { ConsolePath } from '@vidmatrix/contract/console-paths';
import { Msg } from '@vidmatrix/contract/messages';
import { useAddClipTask, usePreviewClip } from '../api/clip-mutations.ts';
import { useVoice } from '../api/get-voice.ts';
import { VideoPlayer } from './preview-player.tsx';

/** 预览一条 (a quick low-resolution render) and 开始剪辑 (plans the task, then the task list). */
export function TaskActions(props: {
  build: () => ClipTaskInput | null;
  /** Runs after addTask, before the task list opens. */
  onAdded?: (taskId: number, input: ClipTaskInput) => Promise<unknown>;
  /** The videos speak with the synthesised voice (the robotic-voice note shows when the server's is); default true. */
  voiced?: boolean;
}) {
  const navigate = useNavigate();
  const add = useAddClipTask();
  const preview = usePreviewClip();
  const voice = useVoice();
  const [playing, setPlaying] = useState<{ url: string; name: string } | null>(null);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {props.voiced !== false && voice.data?.robotic === true && (
        <Alert type="info" showIcon message={Msg.clipRoboticVoice} />
      )}
      <Space>
        <Button
          loading={preview.isPending}
          onClick={() => {
            const input = props.build();
            if (input) {
              preview.mutate(input, { onSuccess: (p) => setPlaying({ url: p.url, name: '预览' }) });
            }
          }}
        >
          预览一条
        </Button>
        <Button
          type="primary"
          loading={add.isPending}
          onClick={() => {
            const input = props.build();
            if (input) {
              add.mutate(input, {
                onSuccess: (added) =>
                  // A failed follow-up call has shown its toast; the task exists either way.
                  void Promise.resolve(props.onAdded?.(added.id, input))
                    .catch(() => undefined)
                    .then(() => navigate(ConsolePath.clipTasks)),
              });
            }
          }}
        >
          开始剪辑
        </Button>
      </Space>
      <VideoPlayer video={playing} onClose={() => setPlaying(null)} />
    </Space>
  );
}

/** Lines typed one per row. */
export function linesOf(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length > 0);
}

/** A fresh seed per task (the seed is stored, so a re-run makes the same videos). */
export function newSeed(): number {
  return Math.floor(Math.random() * 0xffffffff);
}
