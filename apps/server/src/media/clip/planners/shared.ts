import {
  subtitleStyle,
  type ClipTaskInput,
  type ClipTemplate,
  type DedupOptions,
} from '@vidmatrix/contract/api/clip-task';
import { DEFAULT_CLIP_FONT, TITLE_STYLE } from '@vidmatrix/contract/rules/clip-templates';
import type { ClipMaterial, ClipMotion, ClipPlan, DedupTransform, PlanSegment } from '../plan-model.ts';
import { CLIP_FPS } from '@vidmatrix/contract/constants';
import { windowStarts } from '@vidmatrix/contract/rules/clip-count';
import { Msg } from '@vidmatrix/contract/messages';
import type { Rng } from '../random.ts';
import type { Choice } from '../space.ts';

/** What a planner knows besides the task: the library's materials and what earlier steps found. */
export interface PlanContext {
  materials: ReadonlyMap<number, ClipMaterial>;
  /** Combination keys this member already made with these inputs (avoided). */
  avoid?: Iterable<string>;
  /** CP拆拼: shots per source video, [start, end] seconds (scene detection). */
  shots?: ReadonlyMap<number, readonly (readonly [number, number])[]>;
  /** 口播: speech spans of the main clip, [start, end] seconds (silence detection). */
  speech?: readonly (readonly [number, number])[];
}

/** Inputs a planner cannot use (a missing material, no shots); the message is user-facing. */
export class ClipInputError extends Error {}

/** A window of a material: where the segment starts and how long the source runs from there. */
export interface Window {
  materialId: number;
  start: number;
  kind: ClipMaterial['kind'];
}

/** Looks a material up, or refuses the task with §8-style text. */
export function materialOf(ctx: PlanContext, id: number): ClipMaterial {
  const material = ctx.materials.get(id);
  if (!material) {
    throw new ClipInputError(Msg.clipMaterialMissing);
  }
  return material;
}

/** The segment windows of some materials (contract windowStarts: the form counts the same ones). */
export function windowsOf(ctx: PlanContext, ids: readonly number[], seconds: number): Choice<Window>[] {
  const out: Choice<Window>[] = [];
  for (const id of new Set(ids)) {
    const m = materialOf(ctx, id);
    for (const start of windowStarts(m, seconds)) {
      out.push({ id: `${id}@${start}`, materialId: id, value: { materialId: id, start, kind: m.kind } });
    }
  }
  return out;
}

/** A segment of a plan from a window. */
export function segmentOf(
  w: Window,
  length: number,
  paragraph: number | null,
  transition: PlanSegment['transition'],
  rng: Rng,
): PlanSegment {
  return {
    materialId: w.materialId,
    start: w.start,
    length,
    paragraph,
    motion: w.kind === 'image' ? motionOf(rng) : null,
    transition,
    at: null,
  };
}

const MOTIONS: readonly ClipMotion[] = ['zoom-in', 'zoom-out', 'pan-left', 'pan-right'];

/** A random Ken Burns motion. */
export function motionOf(rng: Rng): ClipMotion {
  return rng.pick(MOTIONS);
}

/** The transition into the next segment: none for the first, else a pick from the template. */
export function transitionOf(template: ClipTemplate, rng: Rng, first: boolean): PlanSegment['transition'] {
  return first || !template.transition ? null : rng.pick(template.transition.names);
}

/** Seeded per-video de-duplication changes within small, hard-to-see bounds. */
export function dedupOf(options: DedupOptions, rng: Rng): DedupTransform | null {
  const any = options.mirror || options.crop || options.color || options.speed || options.frameRate;
  if (!any && !options.stripMetadata) {
    return null;
  }
  return {
    mirror: options.mirror && rng.next() < 0.5,
    crop: options.crop ? { amount: round3(rng.range(0.03, 0.08)), x: round3(rng.next()), y: round3(rng.next()) } : null,
    eq: options.color
      ? {
          brightness: round3(rng.range(-0.03, 0.03)),
          contrast: round3(rng.range(0.95, 1.05)),
          saturation: round3(rng.range(0.92, 1.08)),
          hue: round3(rng.range(-4, 4)),
        }
      : null,
    speed: options.speed ? round3(rng.range(0.95, 1.1)) : 1,
    fps: options.frameRate && rng.next() < 0.5 ? 29.97 : CLIP_FPS,
    stripMetadata: options.stripMetadata,
  };
}

/** Hands out items in a seeded order, each once before any repeats (lines, scripts, music). */
export function dealer<T>(items: readonly T[], rng: Rng): (index: number) => T | null {
  const order = rng.shuffle(items);
  return (index) => (order.length ? (order[index % order.length] as T) : null);
}

/** The music of a video by the template's policy. */
export function musicDealer(task: ClipTaskInput, template: ClipTemplate, rng: Rng): (index: number) => number | null {
  if (template.music.policy === 'none') {
    return () => null;
  }
  const deal = dealer(task.musicIds, rng);
  // 'chosen' keeps the member's first choice for every video; 'random' deals them out.
  return template.music.policy === 'chosen' ? () => task.musicIds[0] ?? null : deal;
}

/**
 * The template a mode renders with: its own for 1, 2, 4, 7; a plain one built from the mode's font (and
 * subtitle style) otherwise. Titles given as a titleArray show in the template's title style, or the
 * seeded big yellow one where it has none.
 */
export function templateOf(task: ClipTaskInput): ClipTemplate {
  const template = 'template' in task ? task.template : plainTemplate(task);
  if (template.title || task.titleArray.length === 0) {
    return template;
  }
  return { ...template, title: { ...TITLE_STYLE, font: template.subtitle?.font ?? DEFAULT_CLIP_FONT } };
}

function plainTemplate(task: Exclude<ClipTaskInput, { template: ClipTemplate }>): ClipTemplate {
  const font = 'font' in task ? task.font : DEFAULT_CLIP_FONT;
  const own = 'subtitle' in task ? task.subtitle : undefined;
  return {
    subtitle: own ?? subtitleStyle.parse({ font }),
    title: task.clip_model === 5 && task.title ? { ...TITLE_STYLE, text: task.title, font } : null,
    transition: task.clip_model === 5 ? { names: [task.transition], duration: 0.5 } : null,
    filter: 'none',
    fit: 'blur',
    music: { policy: 'random', volume: 0.3, duck: true },
  };
}

/** The title of video `index`: the planner's own (AI剪辑's model wrote one), else the task's titles in turn, else the template's. */
function titleFor(task: ClipTaskInput, index: number, own: string | undefined, template: ClipTemplate): string {
  if (own) {
    return own;
  }
  const titles = task.titleArray;
  return titles.length > 0 ? (titles[index % titles.length] as string) : (template.title?.text ?? '');
}

/** Assembles one plan. */
export function planOf(
  task: ClipTaskInput,
  index: number,
  key: string,
  parts: Pick<ClipPlan, 'segments' | 'paragraphs' | 'voiced' | 'musicId' | 'main'> & {
    title?: string;
    sourceAudio?: boolean;
  },
  dedup: DedupTransform | null,
): ClipPlan {
  const template = templateOf(task);
  return {
    index,
    mode: task.clip_model,
    key,
    seed: task.seed,
    segments: parts.segments,
    paragraphs: parts.paragraphs,
    voiced: parts.voiced,
    title: titleFor(task, index, parts.title, template),
    musicId: parts.musicId,
    main: parts.main,
    dedup,
    sourceAudio: parts.sourceAudio ?? false,
  };
}

/** Rounds to milliseconds so plans serialise the same everywhere. */
export function round3(n: number): number {
  return Math.round(n * 1000) / 1000;
}
