import { useState } from 'react';
import { Form, Input, Switch } from 'antd';
import type { ClipTransition } from '@vidmatrix/contract/api/clip-task';
import type { Material } from '@vidmatrix/contract/api/material';
import { CLIP_MAX_SEGMENTS, CLIP_SEGMENT_SECONDS } from '@vidmatrix/contract/constants';
import { Msg } from '@vidmatrix/contract/messages';
import { FontField } from '../components/font-field.tsx';
import { TransitionSelect } from '../components/look-options.tsx';
import { MaterialField } from '../components/material-field.tsx';
import { NumberField, SecondsField } from '../components/number-field.tsx';
import { linesOf } from '../components/task-actions.tsx';
import { ClipTaskForm } from '../components/task-form.tsx';
import { DEFAULT_FONT } from '../templates.ts';

/** /clip/ImageVideoMode (图文成片): pictures with pan/zoom, transitions, text, music and an optional voice. */
export function ImageVideoPage() {
  const [images, setImages] = useState<Material[]>([]);
  const [title, setTitle] = useState('');
  const [lines, setLines] = useState('');
  const [voice, setVoice] = useState(false);
  const [transition, setTransition] = useState<ClipTransition>('fade');
  const [font, setFont] = useState(DEFAULT_FONT);
  const [perVideo, setPerVideo] = useState(3);
  const [seconds, setSeconds] = useState(CLIP_SEGMENT_SECONDS);
  return (
    <ClipTaskForm
      mode={5}
      voiced={voice}
      titles={false}
      required={[[images.length > 0, Msg.chooseMaterial]]}
      build={(common, chosen) => ({
        clip_model: 5,
        ...common,
        imageIds: images.map((m) => m.file_id),
        imagesPerVideo: perVideo,
        secondsPerImage: seconds,
        title: title.trim(),
        lines: linesOf(lines),
        voice,
        transition,
        font,
        subtitle: chosen.subtitle ? { ...chosen.subtitle, font } : undefined,
      })}
    >
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
        <TransitionSelect<ClipTransition>
          aria-label="转场"
          value={transition}
          onChange={setTransition}
          style={{ width: 200 }}
        />
      </Form.Item>
      <Form.Item label="字幕字体">
        <FontField value={font} onChange={setFont} />
      </Form.Item>
      <NumberField label="每条视频图片数" min={1} max={CLIP_MAX_SEGMENTS} value={perVideo} onChange={setPerVideo} />
      <SecondsField label="每张图片时长（秒）" value={seconds} onChange={setSeconds} />
    </ClipTaskForm>
  );
}
