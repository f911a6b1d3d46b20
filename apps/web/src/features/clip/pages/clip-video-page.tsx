import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Card, Form, Input, InputNumber, Result } from 'antd';
import type { ClipTaskInput } from '@vidmatrix/contract/api/clip-task';
import type { Material } from '@vidmatrix/contract/api/material';
import type { Music } from '@vidmatrix/contract/api/music';
import {
  CLIP_MAX_SEGMENTS,
  CLIP_MAX_VIDEOS,
  CLIP_SEGMENT_SECONDS,
  CLIP_SEGMENT_SECONDS_RANGE,
} from '@vidmatrix/contract/constants';
import { Msg } from '@vidmatrix/contract/messages';
import { notifyError } from '../../../lib/notify.ts';
import { MaterialField } from '../components/material-field.tsx';
import { MusicField } from '../components/music-field.tsx';
import { TaskActions, linesOf, newSeed } from '../components/task-actions.tsx';
import { templateByKey } from '../templates.ts';

/** /clip/ClipVideo (批量混剪): a pool of clips and images mixed into N videos with voice-over lines. */
export function ClipVideoPage() {
  const [params] = useSearchParams();
  const template = templateByKey(params.get('template'));
  const [name, setName] = useState('批量混剪任务');
  const [materials, setMaterials] = useState<Material[]>([]);
  const [music, setMusic] = useState<Music | null>(null);
  const [lines, setLines] = useState('');
  const [segments, setSegments] = useState(3);
  const [seconds, setSeconds] = useState(CLIP_SEGMENT_SECONDS);
  const [count, setCount] = useState(2);
  if (params.get('clip_model') === '6') {
    return <Result status="info" title="一键成片表单建设中" />;
  }
  const build = (): ClipTaskInput | null => {
    if (materials.length === 0) {
      notifyError(Msg.chooseMaterial);
      return null;
    }
    return {
      clip_model: 1,
      name: name.trim() || '批量混剪任务',
      count,
      seed: newSeed(),
      musicIds: music ? [music.music_id] : [],
      dedup: { mirror: false, crop: false, color: false, speed: false, frameRate: false, stripMetadata: true },
      template: { ...template.template, music: { ...template.template.music, policy: music ? 'chosen' : 'none' } },
      groups: [{ name: '', materialIds: materials.map((m) => m.file_id), lines: [] }],
      segments,
      segmentSeconds: seconds,
      lines: linesOf(lines),
    };
  };
  return (
    <Card title={`批量混剪 · ${template.name}`}>
      <Form layout="vertical" style={{ maxWidth: 720 }}>
        <Form.Item label="任务名称">
          <Input aria-label="任务名称" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
        </Form.Item>
        <Form.Item label="素材（视频或图片）">
          <MaterialField value={materials} onChange={setMaterials} />
        </Form.Item>
        <Form.Item label="背景音乐">
          <MusicField value={music} onChange={setMusic} />
        </Form.Item>
        <Form.Item label="口播文案（每行一条，每条视频用一条）">
          <Input.TextArea
            aria-label="口播文案（每行一条，每条视频用一条）"
            rows={4}
            value={lines}
            onChange={(e) => setLines(e.target.value)}
          />
        </Form.Item>
        <Form.Item label="每条视频片段数">
          <InputNumber
            aria-label="每条视频片段数"
            min={1}
            max={CLIP_MAX_SEGMENTS}
            value={segments}
            onChange={(v) => setSegments(v ?? 1)}
          />
        </Form.Item>
        <Form.Item label="片段时长（秒）">
          <InputNumber
            aria-label="片段时长（秒）"
            min={CLIP_SEGMENT_SECONDS_RANGE.min}
            max={CLIP_SEGMENT_SECONDS_RANGE.max}
            value={seconds}
            onChange={(v) => setSeconds(v ?? CLIP_SEGMENT_SECONDS)}
          />
        </Form.Item>
        <Form.Item label="生成数量">
          <InputNumber
            aria-label="生成数量"
            min={1}
            max={CLIP_MAX_VIDEOS}
            value={count}
            onChange={(v) => setCount(v ?? 1)}
          />
        </Form.Item>
        <TaskActions build={build} />
      </Form>
    </Card>
  );
}
