import { useState, type ReactNode } from 'react';
import { Card, Checkbox, Form, Input } from 'antd';
import {
  clipModeName,
  dedupOptions,
  type ClipModel,
  type ClipTaskInput,
  type DedupOptions,
} from '@vidmatrix/contract/api/clip-task';
import type { Music } from '@vidmatrix/contract/api/music';
import { CLIP_MAX_MATERIALS, CLIP_MAX_VIDEOS } from '@vidmatrix/contract/constants';
import { fillMsg, Msg } from '@vidmatrix/contract/messages';
import { notifyError } from '../../../lib/notify.ts';
import type { ClipTemplateChoice } from '../api/get-clip-templates.ts';
import { DEFAULT_CLIP_FORMAT, FormatFields, type ClipFormatChoice } from './format-fields.tsx';
import { MusicField } from './music-field.tsx';
import { NumberField } from './number-field.tsx';
import { TaskActions, newSeed } from './task-actions.tsx';

/** Metadata is always stripped (the contract's default); the other changes are the member's choice. */
const DEFAULT_DEDUP: DedupOptions = dedupOptions.parse({});

/** The per-video de-duplication changes a member may turn on (seeded per video, stored with its plan). */
const DEDUP_SWITCHES = [
  { value: 'mirror', label: '镜像' },
  { value: 'crop', label: '微裁切' },
  { value: 'color', label: '微调色' },
  { value: 'speed', label: '微变速' },
  { value: 'frameRate', label: '帧率' },
] as const satisfies readonly { value: keyof DedupOptions; label: string }[];
type DedupSwitch = (typeof DEDUP_SWITCHES)[number]['value'];

/** The fields every mode's input shares. */
export interface TaskCommon {
  name: string;
  count: number;
  seed: number;
  musicIds: number[];
  dedup: DedupOptions;
  aspect: ClipFormatChoice['aspect'];
  resolution: ClipFormatChoice['resolution'];
}

/** The shared fields of the request from what the member chose (seed fresh per task). */
export function taskCommonOf(chosen: {
  name: string;
  count: number;
  seed: number;
  musicIds: number[];
  dedup: readonly DedupSwitch[];
  format: ClipFormatChoice;
}): TaskCommon {
  return {
    name: chosen.name,
    count: chosen.count,
    seed: chosen.seed,
    musicIds: chosen.musicIds,
    dedup: { ...DEFAULT_DEDUP, ...Object.fromEntries(chosen.dedup.map((key) => [key, true])) },
    aspect: chosen.format.aspect,
    resolution: chosen.format.resolution,
  };
}

/** What the member chose for the page's template: 视频标题, the text of its title style ('' without one). */
export interface TemplateChoices {
  title: string;
}

/** What a mode page adds to the common fields (called once every `required` condition holds). */
export type BuildTask = (common: TaskCommon, chosen: TemplateChoices) => ClipTaskInput;

/** A condition the form must meet before it is sent, and the message that says what is missing. */
export type Requirement = readonly [met: boolean, msg: string];

/**
 * The frame of every mode page, headed by the mode's name (the route title's source too): task name on top, the mode's own fields, then background music,
 * 生成数量 and the preview / start buttons. `onAdded` runs after addTask (e.g. 脚本剪辑's step media).
 */
export function ClipTaskForm(props: {
  mode: ClipModel;
  /** The template the page renders with: its name beside the mode's; a title style asks for 视频标题. */
  template?: ClipTemplateChoice;
  build: BuildTask;
  /** Checked in order before build; the first unmet one is shown and nothing is sent. */
  required: readonly Requirement[];
  /** The mode's own fields; a function where they need the chosen 生成数量 (AI剪辑 writes that many scripts). */
  children: ReactNode | ((form: { count: number }) => ReactNode);
  defaultCount?: number;
  /** The 生成数量 label where a mode says more about what one video takes. */
  countLabel?: string;
  onAdded?: (taskId: number, input: ClipTaskInput) => Promise<unknown>;
  /** False where no synthesised voice speaks (CP拆拼, 口播's own voice). */
  voiced?: boolean;
  /** How many distinct videos the chosen materials allow (shown under 生成数量 while the member chooses). */
  maxCount?: number;
}) {
  const modeName = clipModeName[props.mode];
  const defaultName = `${modeName}任务`;
  const [name, setName] = useState(defaultName);
  const [music, setMusic] = useState<Music[]>([]);
  // A template's policy: 'random' deals several tracks out over the videos, 'none' has no music.
  const policy = props.template?.template.music.policy;
  const [count, setCount] = useState(props.defaultCount ?? 2);
  const [dedup, setDedup] = useState<DedupSwitch[]>([]);
  const [title, setTitle] = useState('');
  const [format, setFormat] = useState<ClipFormatChoice>(DEFAULT_CLIP_FORMAT);
  const build = (): ClipTaskInput | null => {
    const unmet = props.required.find(([met]) => !met);
    if (unmet) {
      notifyError(unmet[1]);
      return null;
    }
    return props.build(
      taskCommonOf({
        name: name.trim() || defaultName,
        count,
        seed: newSeed(),
        musicIds: policy === 'none' ? [] : music.map((m) => m.music_id),
        dedup,
        format,
      }),
      { title: title.trim() },
    );
  };
  return (
    <Card title={props.template === undefined ? modeName : `${modeName} · ${props.template.name}`}>
      <Form layout="vertical" style={{ maxWidth: 760 }}>
        <Form.Item label="任务名称">
          <Input aria-label="任务名称" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
        </Form.Item>
        {props.template?.template.title && (
          <Form.Item label="视频标题（模板的标题样式，整条视频显示）">
            <Input aria-label="视频标题" value={title} maxLength={40} onChange={(e) => setTitle(e.target.value)} />
          </Form.Item>
        )}
        {typeof props.children === 'function' ? props.children({ count }) : props.children}
        <FormatFields value={format} onChange={setFormat} />
        {policy !== 'none' && (
          <Form.Item label={policy === 'random' ? '背景音乐（可选多首，每条视频随机一首）' : '背景音乐'}>
            <MusicField value={music} limit={policy === 'random' ? CLIP_MAX_MATERIALS : 1} onChange={setMusic} />
          </Form.Item>
        )}
        <Form.Item label="画面去重（每条视频随机微调）" extra="成片始终去除文件元数据">
          <Checkbox.Group<DedupSwitch> options={[...DEDUP_SWITCHES]} value={dedup} onChange={setDedup} />
        </Form.Item>
        <NumberField
          label={props.countLabel ?? '生成数量'}
          min={1}
          max={CLIP_MAX_VIDEOS}
          value={count}
          onChange={setCount}
          warning={props.maxCount !== undefined && count > props.maxCount}
          extra={
            props.maxCount !== undefined && (
              <span data-testid="clip-max-videos">
                {fillMsg(count > props.maxCount ? Msg.clipTooMany : Msg.clipMaxVideos, { n: props.maxCount })}
              </span>
            )
          }
        />
        <TaskActions build={build} onAdded={props.onAdded} voiced={props.voiced} />
      </Form>
    </Card>
  );
}
