import { useState, type ReactNode } from 'react';
import { Card, Form, Input } from 'antd';
import {
  clipModeName,
  dedupOptions,
  type ClipModel,
  type ClipTaskInput,
  type DedupOptions,
} from '@vidmatrix/contract/api/clip-task';
import type { Music } from '@vidmatrix/contract/api/music';
import { CLIP_MAX_VIDEOS } from '@vidmatrix/contract/constants';
import { notifyError } from '../../../lib/notify.ts';
import { MusicField } from './music-field.tsx';
import { NumberField } from './number-field.tsx';
import { TaskActions, newSeed } from './task-actions.tsx';

/** Only metadata is stripped unless a page offers the other de-duplication switches (the contract's defaults). */
const DEFAULT_DEDUP: DedupOptions = dedupOptions.parse({});

/** The fields every mode's input shares. */
export interface TaskCommon {
  name: string;
  count: number;
  seed: number;
  musicIds: number[];
  dedup: DedupOptions;
}

/** What a mode page adds to the common fields (called once every `required` condition holds). */
export type BuildTask = (common: TaskCommon) => ClipTaskInput;

/** A condition the form must meet before it is sent, and the message that says what is missing. */
export type Requirement = readonly [met: boolean, msg: string];

/**
 * The frame of every mode page, headed by the mode's name (the route title's source too): task name on top, the mode's own fields, then background music,
 * 生成数量 and the preview / start buttons. `onAdded` runs after addTask (e.g. 脚本剪辑's step media).
 */
export function ClipTaskForm(props: {
  mode: ClipModel;
  /** The name of the template the page renders with, shown beside the mode's. */
  template?: string;
  build: BuildTask;
  /** Checked in order before build; the first unmet one is shown and nothing is sent. */
  required: readonly Requirement[];
  /** The mode's own fields; a function where they need the chosen 生成数量 (AI剪辑 writes that many scripts). */
  children: ReactNode | ((form: { count: number }) => ReactNode);
  /** Music is chosen in the page (by a template policy) or here. */
  music?: boolean;
  defaultCount?: number;
  /** The 生成数量 label where a mode says more about what one video takes. */
  countLabel?: string;
  onAdded?: (taskId: number, input: ClipTaskInput) => Promise<unknown>;
  /** False where no synthesised voice speaks (CP拆拼, 口播's own voice). */
  voiced?: boolean;
}) {
  const modeName = clipModeName[props.mode];
  const defaultName = `${modeName}任务`;
  const [name, setName] = useState(defaultName);
  const [music, setMusic] = useState<Music | null>(null);
  const [count, setCount] = useState(props.defaultCount ?? 2);
  const build = (): ClipTaskInput | null => {
    const unmet = props.required.find(([met]) => !met);
    if (unmet) {
      notifyError(unmet[1]);
      return null;
    }
    return props.build({
      name: name.trim() || defaultName,
      count,
      seed: newSeed(),
      musicIds: music ? [music.music_id] : [],
      dedup: DEFAULT_DEDUP,
    });
  };
  return (
    <Card title={props.template === undefined ? modeName : `${modeName} · ${props.template}`}>
      <Form layout="vertical" style={{ maxWidth: 760 }}>
        <Form.Item label="任务名称">
          <Input aria-label="任务名称" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
        </Form.Item>
        {typeof props.children === 'function' ? props.children({ count }) : props.children}
        {props.music !== false && (
          <Form.Item label="背景音乐">
            <MusicField value={music} onChange={setMusic} />
          </Form.Item>
        )}
        <NumberField
          label={props.countLabel ?? '生成数量'}
          min={1}
          max={CLIP_MAX_VIDEOS}
          value={count}
          onChange={setCount}
        />
        <TaskActions build={build} onAdded={props.onAdded} voiced={props.voiced} />
      </Form>
    </Card>
  );
}
