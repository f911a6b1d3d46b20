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
import type { ClipLogo } from '@vidmatrix/contract/api/clip-style';
import type { ClipDubbing } from '@vidmatrix/contract/api/clip-voice';
import { CLIP_MAX_MATERIALS, CLIP_MAX_VIDEOS } from '@vidmatrix/contract/constants';
import { SUBTITLE_PRESETS, TITLE_PRESETS } from '@vidmatrix/contract/rules/clip-styles';
import { fillMsg, Msg } from '@vidmatrix/contract/messages';
import { notifyError } from '../../../lib/notify.ts';
import type { ClipTemplateChoice } from '../api/get-clip-templates.ts';
import { DEFAULT_CLIP_FORMAT, FormatFields, type ClipFormatChoice } from './format-fields.tsx';
import { SubtitleStyleFields, type SubtitleLook } from './subtitle-style-fields.tsx';
import {
  DEFAULT_LOGO,
  DEFAULT_TITLES,
  LogoFields,
  logoOf,
  TitleFields,
  titlesOf,
  type LogoChoice,
  type TitlesChoice,
} from './title-logo-fields.tsx';
import { DEFAULT_DUBBING, dubbingOf, VoiceFields, type DubbingChoice } from './voice-fields.tsx';
import { MusicField } from './music-field.tsx';
import { NumberField } from './number-field.tsx';
import { TaskActions, newSeed } from './task-actions.tsx';

/** What modes without a template draw subtitles in until a style is picked (the renderer's plain style). */
const PLAIN_SUBTITLE: SubtitleLook = { ...(SUBTITLE_PRESETS[1]?.style as SubtitleLook), y: undefined };

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
  dubbing?: ClipDubbing;
  titleArray: string[];
  logo: ClipLogo | null;
}

/** The shared fields of the request from what the member chose (seed fresh per task). */
export function taskCommonOf(chosen: {
  name: string;
  count: number;
  seed: number;
  musicIds: number[];
  dedup: readonly DedupSwitch[];
  format: ClipFormatChoice;
  dubbing?: DubbingChoice;
  titles?: TitlesChoice;
  logo?: LogoChoice;
}): TaskCommon {
  return {
    name: chosen.name,
    count: chosen.count,
    seed: chosen.seed,
    musicIds: chosen.musicIds,
    dedup: { ...DEFAULT_DEDUP, ...Object.fromEntries(chosen.dedup.map((key) => [key, true])) },
    aspect: chosen.format.aspect,
    resolution: chosen.format.resolution,
    dubbing: chosen.dubbing && dubbingOf(chosen.dubbing),
    titleArray: chosen.titles ? titlesOf(chosen.titles) : [],
    logo: chosen.logo ? logoOf(chosen.logo) : null,
  };
}

/** What the member chose over the page's template: a subtitle style (null keeps the template's) and a title style key. */
export interface TemplateChoices {
  subtitle: SubtitleLook | null;
  titleStyle: string;
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
  /** False where no text is drawn (CP拆拼): no subtitle style. */
  texts?: boolean;
  /** False where the mode has its own title field (图文成片). */
  titles?: boolean;
}) {
  const modeName = clipModeName[props.mode];
  const defaultName = `${modeName}任务`;
  const [name, setName] = useState(defaultName);
  const [music, setMusic] = useState<Music[]>([]);
  // A template's policy: 'random' deals several tracks out over the videos, 'none' has no music.
  const policy = props.template?.template.music.policy;
  const [count, setCount] = useState(props.defaultCount ?? 2);
  const [dedup, setDedup] = useState<DedupSwitch[]>([]);
  const [format, setFormat] = useState<ClipFormatChoice>(DEFAULT_CLIP_FORMAT);
  const [dubbing, setDubbing] = useState<DubbingChoice>(DEFAULT_DUBBING);
  const [subtitle, setSubtitle] = useState<SubtitleLook | null>(null);
  const [titles, setTitles] = useState<TitlesChoice>(DEFAULT_TITLES);
  const [logo, setLogo] = useState<LogoChoice>(DEFAULT_LOGO);
  const templateTitle = props.template?.template.title ?? null;
  const shownTitle = titles.style ? (TITLE_PRESETS.find((p) => p.key === titles.style)?.style ?? null) : templateTitle;
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
        dubbing: props.voiced !== false ? dubbing : undefined,
        titles: props.titles !== false ? titles : undefined,
        logo,
      }),
      { subtitle, titleStyle: titles.style },
    );
  };
  return (
    <Card title={props.template === undefined ? modeName : `${modeName} · ${props.template.name}`}>
      <Form layout="vertical" style={{ maxWidth: 760 }}>
        <Form.Item label="任务名称">
          <Input aria-label="任务名称" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
        </Form.Item>
        {typeof props.children === 'function' ? props.children({ count }) : props.children}
        {props.voiced !== false && <VoiceFields value={dubbing} onChange={setDubbing} />}
        {props.texts !== false && (
          <SubtitleStyleFields
            value={subtitle}
            onChange={setSubtitle}
            fallback={props.template ? props.template.template.subtitle : PLAIN_SUBTITLE}
            title={titlesOf(titles).length > 0 || templateTitle ? (shownTitle ?? TITLE_PRESETS[0]?.style) : null}
            aspect={format.aspect}
          />
        )}
        {props.titles !== false && (
          <TitleFields value={titles} onChange={setTitles} templateTitled={templateTitle !== null} />
        )}
        <LogoFields value={logo} onChange={setLogo} />
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
