import { useState } from 'react';
import { Card, Form, Input, InputNumber, Select, Switch } from 'antd';
import { clipTransition, type ClipTaskInput, type ClipTransition } from '@vidmatrix/contract/api/clip-task';
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
import { FontField } from '../components/font-field.tsx';
import { MaterialField } from '../components/material-field.tsx';
import { MusicField } from '../components/music-field.tsx';
import { TaskActions, linesOf, newSeed } from '../components/task-actions.tsx';
import { DEFAULT_FONT, TRANSITION_NAMES } from '../templates.ts';

/** /clip/ImageVideoMode (图文成片): pictures with pan/zoom, transitions, text, music and an optional voice. */
export function ImageVideoPage() {
  const [name, setName] = useState('图文成片任务');
  const [images, setImages] = useState<Material[]>([]);
  const [music, setMusic] = useState<Music | null>(null);
  const [title, setTitle] = useState('');
  const [lines, setLines] = useState('');
  const [voice, setVoice] = useState(false);
  const [transition, setTransition] = useState<ClipTransition>('fade');
  const [font, setFont] = useState(DEFAULT_FONT);
  const [perVideo, setPerVideo] = useState(3);
  const [seconds, setSeconds] = useState(CLIP_SEGMENT_SECONDS);
  const [count, setCount] = useState(2);
  const build = (): ClipTaskInput | null => {
    if (images.length === 0) {
      notifyError(Msg.chooseMaterial);
      return null;
    }
    return {
      clip_model: 5,
      name: name.trim() || '图文成片任务',
      count,
      seed: newSeed(),
      musicIds: music ? [music.music_id] : [],
      dedup: { mirror: false, crop: false, color: false, speed: false, frameRate: false, stripMetadata: true },
      imageIds: images.map((m) => m.file_id),
      imagesPerVideo: perVideo,
      secondsPerImage: seconds,
      title: title.trim(),
      lines: linesOf(lines),
      voice,
      transition,
      font,
    };
  };
  return (
    <Card title="图文成片">
      <Form layout="vertical" style={{ maxWidth: 720 }}>
        <Form.Item label="任务名称">
          <Input aria-label="任务名称" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
        </Form.Item>
        <Form.Item label="图片素材" extra="每条视频从中选取若干张，推拉摇移，按不同组合生成">
          <MaterialField value={images} onChange={setImages} label="选择图片" />
        </Form.Item>
        <Form.Item label="标题（显示在画面上方，可不填）">
          <Input aria-label="标题" value={title} maxLength={40} onChange={(e) => setTitle(e.target.value)} />
        </Form.Item>
        <Form.Item label="文案（每行一句，依次显示在图片上）">
          <Input.TextArea aria-label="文案" rows={4} value={lines} onChange={(e) => setLines(e.target.value)} />
        </Form.Item>
        <Form.Item label="朗读文案">
          <Switch aria-label="朗读文案" checked={voice} onChange={setVoice} />
        </Form.Item>
        <Form.Item label="转场">
          <Select
            aria-label="转场"
            value={transition}
            onChange={setTransition}
            style={{ width: 200 }}
            options={clipTransition.options.map((t) => ({ value: t, label: TRANSITION_NAMES[t] }))}
          />
        </Form.Item>
        <Form.Item label="字幕字体">
          <FontField value={font} onChange={setFont} />
        </Form.Item>
        <Form.Item label="每条视频图片数">
          <InputNumber
            aria-label="每条视频图片数"
            min={1}
            max={CLIP_MAX_SEGMENTS}
            value={perVideo}
            onChange={(v) => setPerVideo(v ?? 1)}
          />
        </Form.Item>
        <Form.Item label="每张图片时长（秒）">
          <InputNumber
            aria-label="每张图片时长（秒）"
            min={CLIP_SEGMENT_SECONDS_RANGE.min}
            max={CLIP_SEGMENT_SECONDS_RANGE.max}
            value={seconds}
            onChange={(v) => setSeconds(v ?? CLIP_SEGMENT_SECONDS)}
          />
        </Form.Item>
        <Form.Item label="背景音乐">
          <MusicField value={music} onChange={setMusic} />
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
