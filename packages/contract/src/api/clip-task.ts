import { z } from 'zod';
import { clipFormat } from './clip-format.ts';
import { clipFilter, clipTransition } from './clip-looks.ts';
import { clipLogo, fontName, subtitleStyle, titleArray, titleStyle, titleText } from './clip-style.ts';
import { clipDubbing } from './clip-voice.ts';
import { fontItem } from './desktop-sync.ts';
import {
  CLIP_GROUP_NAME_MAX_CHARS,
  CLIP_LINE_MAX_CHARS,
  CLIP_MAX_GROUPS,
  CLIP_MAX_MATERIALS,
  CLIP_MAX_SEGMENTS,
  CLIP_MAX_VIDEOS,
  CLIP_SCRIPT_MAX_CHARS,
  CLIP_SEGMENT_SECONDS,
  CLIP_SEGMENT_SECONDS_RANGE,
} from '../constants.ts';
import { fillMsg, Msg } from '../messages.ts';
import { INT_MAX } from './common.ts';

import type { ClipModel } from '../rules/clip-mode.ts';
import { ClipTaskReads } from './clip-task-reads.ts';

export { ClipMode, clipModeName, type ClipModel } from '../rules/clip-mode.ts';
export { subtitleStyle, titleStyle, type SubtitleStyle, type TitleStyle } from './clip-style.ts';

/** Modes that take a template (the others skip /clip/VideoTemplate, as clip-route.ts does). */
export const TEMPLATE_MODES: readonly ClipModel[] = [1, 2, 4, 7];

// Bounded like every other id (common.ts INT_MAX): PostgreSQL's integer columns end there (issue 13 fuzz).
const id = z.number().int().positive().max(INT_MAX);
/** The materials of a group, step, pool or source list: none is 请选择素材, too many 超出个数限制 (§8). */
const ids = z.array(id).min(1, Msg.chooseMaterial).max(CLIP_MAX_MATERIALS, Msg.overLimit);
/** One spoken or shown line. */
export const clipLine = z
  .string(Msg.clipScriptRequired)
  .trim()
  .min(1, Msg.clipScriptRequired)
  .max(CLIP_LINE_MAX_CHARS, fillMsg(Msg.clipLineTooLong, { n: CLIP_LINE_MAX_CHARS }));
/** Pieces per video (segments, shots, images, cutaways) between `min` and CLIP_MAX_SEGMENTS. */
const pieces = (min: number) => {
  const msg = fillMsg(Msg.clipSegmentsRange, { min, max: CLIP_MAX_SEGMENTS });
  return z.number(msg).int(msg).min(min, msg).max(CLIP_MAX_SEGMENTS, msg);
};
const lines = z.array(clipLine).max(CLIP_MAX_MATERIALS);

export { clipFilter, clipTransition, type ClipFilter, type ClipTransition } from './clip-looks.ts';

/** The template of modes 1, 2, 4, 7: subtitles, title, transitions, look and music policy. */
export const clipTemplate = z.object({
  subtitle: subtitleStyle.nullable(),
  title: titleStyle.nullable().default(null),
  /** Transitions picked at random per join; null joins hard cuts. */
  transition: z
    .object({ names: z.array(clipTransition).min(1), duration: z.number().min(0.2).max(1.5).default(0.5) })
    .nullable()
    .default(null),
  filter: clipFilter.default('none'),
  /** cover crops to 9:16; blur fills the bars of landscape footage with a blurred copy. */
  fit: z.enum(['cover', 'blur']).default('cover'),
  music: z
    .object({
      policy: z.enum(['none', 'chosen', 'random']).default('chosen'),
      volume: z.number().min(0).max(1).default(0.3),
      duck: z.boolean().default(true),
    })
    .default({ policy: 'chosen', volume: 0.3, duck: true }),
});
export type ClipTemplate = z.infer<typeof clipTemplate>;

/** Per-video de-duplication: each switch adds a small seeded change to every video. */
export const dedupOptions = z.object({
  mirror: z.boolean().default(false),
  crop: z.boolean().default(false),
  color: z.boolean().default(false),
  speed: z.boolean().default(false),
  frameRate: z.boolean().default(false),
  stripMetadata: z.boolean().default(true),
});
export type DedupOptions = z.infer<typeof dedupOptions>;

/** A group: its materials and (分组混剪) its own lines. */
export const clipGroup = z.object({
  name: z.string().max(CLIP_GROUP_NAME_MAX_CHARS).default(''),
  materialIds: ids,
  lines: lines.default([]),
});
export type ClipGroup = z.infer<typeof clipGroup>;

/** A step of a shot list: its line and the media it may show. */
export const clipStep = z.object({ text: clipLine, materialIds: ids });

/** The product facts the script writer works from (AI剪辑's textContext). */
export const textContext = z.object({
  industry: z.string().trim().max(100).default(''),
  product: z.string().trim().min(1, Msg.clipProductRequired).max(200),
  sellingPoints: z.array(z.string().trim().min(1).max(200)).max(20).default([]),
  audience: z.string().trim().max(200).default(''),
});
export type TextContext = z.infer<typeof textContext>;

const TASK_NAME_MAX_CHARS = 100;
const countMsg = fillMsg(Msg.clipCountRange, { n: CLIP_MAX_VIDEOS });
const musicId = z
  .number(Msg.clipMusicMissing)
  .int(Msg.clipMusicMissing)
  .positive(Msg.clipMusicMissing)
  .max(INT_MAX, Msg.clipMusicMissing);
const common = {
  name: z
    .string(Msg.clipNameRequired)
    .trim()
    .min(1, Msg.clipNameRequired)
    .max(TASK_NAME_MAX_CHARS, fillMsg(Msg.clipNameTooLong, { n: TASK_NAME_MAX_CHARS })),
  /** How many distinct videos to make (N). */
  count: z.number(countMsg).int(countMsg).min(1, countMsg).max(CLIP_MAX_VIDEOS, countMsg),
  /** Seed of every random pick; the same seed makes the same videos. */
  seed: z
    .number(Msg.clipSeedInvalid)
    .int(Msg.clipSeedInvalid)
    .min(0, Msg.clipSeedInvalid)
    .max(0xffffffff, Msg.clipSeedInvalid),
  /** The member's audio materials or system tracks; the server refuses others (音乐不存在或已被删除). */
  musicIds: z
    .array(musicId, Msg.clipMusicMissing)
    .max(CLIP_MAX_MATERIALS, fillMsg(Msg.clipTooManyMusic, { n: CLIP_MAX_MATERIALS }))
    .default([]),
  dedup: dedupOptions.default({
    mirror: false,
    crop: false,
    color: false,
    speed: false,
    frameRate: false,
    stripMetadata: true,
  }),
  /** Output aspect and resolution (clip-format.ts); absent: 9:16 at the server's size. */
  ...clipFormat,
  /** 配音: voice, speed and volume (clip-voice.ts); absent: the server's default voice. */
  dubbing: clipDubbing.optional(),
  /** Titles dealt out one per video in the template's title style (a default style where it has none). */
  titleArray,
  /** 台标: an image of the member's library at a corner. */
  logo: clipLogo.nullable().default(null),
};
const segmentSecondsMsg = fillMsg(Msg.clipSegmentSecondsRange, CLIP_SEGMENT_SECONDS_RANGE);
const segmentSeconds = z
  .number(segmentSecondsMsg)
  .min(CLIP_SEGMENT_SECONDS_RANGE.min, segmentSecondsMsg)
  .max(CLIP_SEGMENT_SECONDS_RANGE.max, segmentSecondsMsg)
  .default(CLIP_SEGMENT_SECONDS);
const groups = z.array(clipGroup).min(1, Msg.chooseMaterial).max(CLIP_MAX_GROUPS, Msg.overLimit);

/** 批量混剪: a pool (one group) or groups; each video has `segments` segments and one voice-over line. */
export const clipVideoInput = z.object({
  clip_model: z.literal(1),
  ...common,
  template: clipTemplate,
  groups,
  /** Segments per video when the groups are one pool; with several groups, one per group. */
  segments: pieces(1).default(5),
  segmentSeconds,
  lines: lines.default([]),
});

/** 脚本剪辑: an ordered shot list. */
export const scriptClipInput = z.object({
  clip_model: z.literal(2),
  ...common,
  template: clipTemplate,
  steps: z.array(clipStep).min(1).max(CLIP_MAX_GROUPS),
});

/** CP拆拼: long sources cut into shots, recombined across sources. */
export const cpModeInput = z.object({
  clip_model: z.literal(3),
  ...common,
  sourceIds: ids,
  shotsPerVideo: pieces(1).default(6),
  /** Longest piece taken from one shot, seconds. */
  maxShotSeconds: segmentSeconds,
  /** 保留原声: each shot keeps its source's sound (the music plays under it). */
  keepSourceAudio: z.boolean().default(false),
});

/** 口播: a talking-head or digital-human clip as the main track, B-roll cut in at sentence boundaries. */
export const oralInput = z.object({
  clip_model: z.literal(4),
  ...common,
  template: clipTemplate,
  mainId: id,
  brollIds: z.array(id).max(CLIP_MAX_MATERIALS).default([]),
  /** B-roll cutaways per video. */
  brolls: pieces(0).default(3),
  brollSeconds: segmentSeconds,
  /** The spoken script, for subtitles (its sentences are spread over the detected speech). */
  lines: lines.default([]),
  cutSilence: z.boolean().default(false),
  /** Key out a green screen and put the presenter over the B-roll. */
  chromaKey: z.boolean().default(false),
});

/** 图文成片: images and text with pan/zoom, transitions, text and music. */
export const imageVideoInput = z.object({
  clip_model: z.literal(5),
  ...common,
  imageIds: ids,
  imagesPerVideo: pieces(1).default(5),
  secondsPerImage: segmentSeconds,
  title: titleText.default(''),
  lines: lines.default([]),
  /** Read the lines aloud (offline voice) instead of showing them only. */
  voice: z.boolean().default(false),
  transition: clipTransition.default('fade'),
  font: fontName,
  /** The subtitles' style (a seeded one or the member's); absent: white with a black stroke in `font`. */
  subtitle: subtitleStyle.optional(),
});

/** 一键成片: ordered groups, one segment each; one whole narration per video, picked from several. */
export const oneClickInput = z.object({
  clip_model: z.literal(6),
  ...common,
  groups,
  scripts: z.array(z.string().trim().min(1).max(CLIP_SCRIPT_MAX_CHARS)).min(1).max(CLIP_MAX_MATERIALS),
  font: fontName,
  /** The subtitles' style (a seeded one or the member's); absent: white with a black stroke in `font`. */
  subtitle: subtitleStyle.optional(),
});

/** AI剪辑: the language model's scripts (already written), matched to the pool by tags and names. */
export const aiClipInput = z.object({
  clip_model: z.literal(7),
  ...common,
  template: clipTemplate,
  textContext,
  materialIds: ids,
  /** Written by the script writer before planning; each is a list of sentences. */
  scripts: z.array(z.array(clipLine).min(1).max(CLIP_MAX_SEGMENTS)).max(CLIP_MAX_VIDEOS).default([]),
  /** The writer's title of each script, by index ('' for none: the template's title shows). */
  titles: z.array(z.string().trim().max(100)).max(CLIP_MAX_VIDEOS).default([]),
});

/** 分组混剪: each group has its own materials and lines; videos are the cross product, in group order. */
export const groupClipInput = z.object({
  clip_model: z.literal(8),
  ...common,
  groups,
  font: fontName,
  /** The subtitles' style (a seeded one or the member's); absent: white with a black stroke in `font`. */
  subtitle: subtitleStyle.optional(),
});

/** A clip task's inputs, by mode. */
export const clipTaskInput = z.discriminatedUnion(
  'clip_model',
  [
    clipVideoInput,
    scriptClipInput,
    cpModeInput,
    oralInput,
    imageVideoInput,
    oneClickInput,
    aiClipInput,
    groupClipInput,
  ],
  { error: Msg.clipModelRequired },
);
export type ClipTaskInput = z.infer<typeof clipTaskInput>;
export type ClipTaskInputOf<M extends ClipModel> = Extract<ClipTaskInput, { clip_model: M }>;

/** Scripts the script writer (帮我写文案, AI剪辑) returns: each a title and its sentences. */
export const clipScriptDrafts = z.object({
  scripts: z
    .array(
      z.object({
        title: z.string().trim().max(100).default(''),
        lines: z.array(clipLine).min(1).max(CLIP_MAX_SEGMENTS),
      }),
    )
    .min(1)
    .max(CLIP_MAX_VIDEOS),
});
export type ClipScriptDrafts = z.infer<typeof clipScriptDrafts>;

/** State of a clip task or of one of its videos. */
export const clipStatus = z.enum(['queued', 'running', 'done', 'failed', 'canceled']);
export type ClipStatus = z.infer<typeof clipStatus>;

/**
 * addTask and preview: the task's inputs (by mode).
 * @alias
 */
export const clipTaskAddBody = clipTaskInput;

/** taskList: a page of the member's clip tasks. */
export const clipTaskListBody = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** A call on one task (info, cancel, retry, delete). */
export const clipTaskIdBody = z.object({ id });

/** One video of a task. */
export const clipOutput = z.object({
  id: z.number().int(),
  index: z.number().int(),
  status: clipStatus,
  /** 0–1. */
  progress: z.number(),
  /** The finished video in the material library; 0 until done. */
  material_id: z.number().int(),
  file_url: z.string(),
  thumb_url: z.string(),
  error: z.string(),
  /** The title this video shows ('' for none). */
  title: z.string(),
});
export type ClipOutput = z.infer<typeof clipOutput>;

/** A clip task as listed. */
export const clipTaskSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  clip_model: z.number().int(),
  status: clipStatus,
  done: z.number().int(),
  failed: z.number().int(),
  total: z.number().int(),
  seed: z.number().int(),
  error: z.string(),
  /** `YYYY-MM-DD HH:mm:ss` (UTC+8). */
  created_at: z.string(),
});
export type ClipTaskSummary = z.infer<typeof clipTaskSummary>;

export const clipTaskList = z.object({ list: z.array(clipTaskSummary), count: z.number().int() });
export type ClipTaskList = z.infer<typeof clipTaskList>;

/** taskInfo: the task, its inputs and its videos. */
export const clipTaskInfo = clipTaskSummary.extend({ input: z.unknown(), outputs: z.array(clipOutput) });
export type ClipTaskInfo = z.infer<typeof clipTaskInfo>;

/** addTask's answer. */
export const clipTaskAdded = z.object({ id: z.number().int(), total: z.number().int() });

/** preview's answer: a playable low-resolution video of the first plan. */
export const clipPreview = z.object({ url: z.string(), duration: z.number() });
export type ClipPreview = z.infer<typeof clipPreview>;

/**
 * getFront: a font the renderer can burn text with (value is the family name, path its served URL), with
 * the size and sha256 of that file, which the desktop's font sync verifies its copy against.
 */
export const clipFontItem = fontItem;
export const clipFonts = z.array(clipFontItem);
export type ClipFontItem = z.infer<typeof clipFontItem>;

/**
 * getVoice: the voice the server speaks narration with (TTS_PROVIDER). The console notes a robotic one
 * (Msg.clipRoboticVoice) only when it is.
 */
export const clipVoice = z.object({
  /** The provider and voice, e.g. `espeak-ng (cmn)` or `azure (zh-CN-XiaoxiaoNeural)`. */
  name: z.string(),
  /** A formant or otherwise robotic voice, fit for previews only. */
  robotic: z.boolean(),
  /** What writes subtitles from speech (口播, CP拆拼 保留原声; ASR_PROVIDER), or null: none configured. */
  transcriber: z.string().nullable().optional(),
});
export type ClipVoice = z.infer<typeof clipVoice>;

/** writeScript (帮我写文案): scripts from product facts, written by the configured language model. */
export const clipWriteBody = z.object({
  textContext,
  count: z.number().int().min(1).max(CLIP_MAX_VIDEOS).default(1),
});
export type ClipWriteBody = z.input<typeof clipWriteBody>;

/** Paths of the clip task calls (setOssMediaUrl and getFront are SPEC §7; the rest follow its style). */
export const ClipTaskApi = {
  ...ClipTaskReads,
  add: '/api/seoaivideo.BatchVideo/addTask',
  preview: '/api/seoaivideo.BatchVideo/preview',
  cancel: '/api/seoaivideo.BatchVideo/cancelTask',
  retry: '/api/seoaivideo.BatchVideo/retryTask',
  dele: '/api/seoaivideo.BatchVideo/deleTask',
  setOssMediaUrl: '/api/seoaivideo.BatchVideo/setOssMediaUrl',
  writeScript: '/api/seoaivideo.BatchVideo/writeScript',
} as const;

/** Every library material a task's inputs name (the server checks they are the member's own). */
export function materialIdsOf(task: ClipTaskInput): number[] {
  const ids: number[] = [];
  switch (task.clip_model) {
    case 1:
    case 6:
    case 8:
      ids.push(...task.groups.flatMap((g) => g.materialIds));
      break;
    case 2:
      ids.push(...task.steps.flatMap((s) => s.materialIds));
      break;
    case 3:
      ids.push(...task.sourceIds);
      break;
    case 4:
      ids.push(task.mainId, ...task.brollIds);
      break;
    case 5:
      ids.push(...task.imageIds);
      break;
    case 7:
      ids.push(...task.materialIds);
      break;
  }
  return [...new Set(ids)];
}
