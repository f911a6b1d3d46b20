import { ClipMode, type ClipTemplate } from '@vidmatrix/contract/api/clip-task';
import { type ClipMaterial, type ClipPlan } from './plan-model.ts';
import { CLIP_SENTENCE_GAP_SECONDS, CLIP_TAIL_SECONDS } from '@vidmatrix/contract/constants';
import { splitSentences, subtitleText } from '@vidmatrix/contract/rules/clip-text';
import type { Cue, TitleCue } from './ass.ts';
import { transcriptLines, type TranscriptSegment } from './asr/transcriber.ts';
import type { RenderSpec, SpecClip } from './filter-graph.ts';

/** A material as the renderer needs it: where its file is, and what it is. */
export interface ResolvedMaterial {
  path: string;
  kind: ClipMaterial['kind'];
  /** Seconds; 0 for images. */
  duration: number;
}

/** Seconds of each synthesised sentence, per paragraph (from the audio files themselves). */
export type SpokenParagraphs = readonly (readonly { text: string; seconds: number }[])[];

/** What the timeline is laid from. */
export interface TimelineInput {
  plan: ClipPlan;
  template: ClipTemplate;
  materials: ReadonlyMap<number, ResolvedMaterial>;
  /** Spoken sentences when the plan is voiced; null for shown-only text. */
  spoken: SpokenParagraphs | null;
  /** 口播: speech spans of the main clip (source seconds). */
  speech?: readonly (readonly [number, number])[];
  /**
   * Footage keeping its own sound (plan.sourceAudio): what recognition heard in each source, by material
   * id (source seconds); each shot shows the lines said in its span of the source.
   */
  heard?: ReadonlyMap<number, readonly TranscriptSegment[]>;
}

/** Where each sentence of the voice starts, for the voice track to be laid out the same way. */
export interface VoiceLayout {
  starts: number[];
  duration: number;
}

/** A laid-out video: the render spec (paths of voice, music and ASS filled by the caller), cues and voice layout. */
export interface Timeline {
  duration: number;
  clips: SpecClip[];
  overlays: { clip: SpecClip; at: number }[];
  transitions: { name: string; duration: number }[] | null;
  main: RenderSpec['main'];
  cues: Cue[];
  title: TitleCue | null;
  voice: VoiceLayout | null;
}

function resolved(materials: ReadonlyMap<number, ResolvedMaterial>, id: number): ResolvedMaterial {
  const m = materials.get(id);
  if (!m) {
    throw new Error(`material ${id} is not resolved`);
  }
  return m;
}

function clipOf(
  m: ResolvedMaterial,
  from: number,
  length: number,
  motion: SpecClip['motion'],
  speed: number,
): SpecClip {
  // A span longer than the footage after its in-point starts earlier: it freezes only when the whole clip is short.
  const start = m.kind === 'image' ? 0 : round3(Math.max(0, Math.min(from, m.duration - length * speed)));
  return {
    path: m.path,
    kind: m.kind === 'image' ? 'image' : 'video',
    start,
    length,
    available: m.kind === 'image' ? Infinity : Math.max(0, m.duration - start),
    motion,
    speed,
  };
}

/** Cues spread over a span by character count (shown-only text, or speech not synthesised by us). */
function evenCues(sentences: readonly string[], start: number, end: number): Cue[] {
  const total = sentences.reduce((n, s) => n + s.length, 0) || 1;
  let t = start;
  return sentences.map((s) => {
    const next = t + ((end - start) * s.length) / total;
    const cue = { start: t, end: next, text: subtitleText(s) };
    t = next;
    return cue;
  });
}

/**
 * Lays a plan out in time (pure): segments sharing a paragraph split the time its voice takes
 * (or their nominal lengths when it is only shown), sentence cues come from the audio durations,
 * transitions overlap clips by their duration so every span keeps its length.
 */
export function layTimeline(input: TimelineInput): Timeline {
  const { plan, template, materials } = input;
  const speed = plan.dedup?.speed ?? 1;
  if (plan.main) {
    return oralTimeline(input, speed);
  }
  const trans = template.transition && plan.segments.some((s) => s.transition) ? template.transition : null;
  const d = trans ? trans.duration : 0;
  const spans: { start: number; end: number; segment: number }[] = [];
  const cues: Cue[] = [];
  const starts: number[] = [];
  let t = 0;
  let i = 0;
  while (i < plan.segments.length) {
    const first = plan.segments[i];
    if (!first) {
      break;
    }
    const p = first.paragraph;
    let j = i + 1;
    while (p !== null && j < plan.segments.length && plan.segments[j]?.paragraph === p) {
      j += 1;
    }
    const run = plan.segments.slice(i, j);
    let length = run.reduce((sum, s) => sum + s.length, 0);
    if (p !== null) {
      const text = plan.paragraphs[p] ?? '';
      const spoken = input.spoken?.[p];
      if (plan.voiced && spoken) {
        let at = t;
        for (const s of spoken) {
          starts.push(at);
          cues.push({ start: at, end: at + s.seconds, text: subtitleText(s.text) });
          at += s.seconds + CLIP_SENTENCE_GAP_SECONDS;
        }
        length = Math.max(at - t, 0.5);
      } else {
        cues.push(...evenCues(splitSentences(text), t, t + length));
      }
    }
    let at = t;
    for (const [k, share] of shares(run, length, plan.mode === ClipMode.oneClick).entries()) {
      spans.push({ start: at, end: at + share, segment: i + k });
      at += share;
    }
    t += length;
    i = j;
  }
  const duration = round3(t + (plan.voiced && starts.length ? CLIP_TAIL_SECONDS : 0));
  const last = spans.at(-1);
  if (last) {
    last.end = duration;
  }
  const clips = spans.map((span, k) => {
    const s = plan.segments[span.segment];
    if (!s) {
      throw new Error('span without segment');
    }
    const overlap = k < spans.length - 1 ? d : 0;
    const m = resolved(materials, s.materialId);
    const clip = clipOf(m, s.start, round3(span.end - span.start + overlap), s.motion, speed);
    return plan.sourceAudio && m.kind !== 'image' ? { ...clip, sound: true } : clip;
  });
  if (plan.sourceAudio && input.heard) {
    cues.push(
      ...heardCues(
        input.heard,
        spans.map((span, k) => ({ span, clip: clips[k], segment: plan.segments[span.segment] })),
      ),
    );
  }
  const transitions = trans
    ? spans.slice(1).map((span) => ({
        name: plan.segments[span.segment]?.transition ?? trans.names[0] ?? 'fade',
        duration: d,
      }))
    : null;
  return {
    duration,
    clips,
    overlays: [],
    transitions,
    main: null,
    cues: cues.map((c) => ({ ...c, start: round3(c.start), end: round3(c.end) })),
    title: titleOf(plan, template, duration),
    voice: plan.voiced && starts.length ? { starts: starts.map(round3), duration } : null,
  };
}

/**
 * The cues of shots that keep their sound: each line recognition heard in a shot's span of its source,
 * moved to where the shot lands in the video (and scaled by its speed). A line shows in the shot that
 * holds at least half of it, cut to the shot's bounds; a line cut by a shot boundary elsewhere is left out.
 */
function heardCues(
  heard: ReadonlyMap<number, readonly TranscriptSegment[]>,
  shots: readonly {
    span: { start: number; end: number };
    clip: SpecClip | undefined;
    segment: { materialId: number } | undefined;
  }[],
): Cue[] {
  const cues: Cue[] = [];
  const linesOf = new Map<number, ReturnType<typeof transcriptLines>>();
  for (const { span, clip, segment } of shots) {
    const segments = segment && heard.get(segment.materialId);
    if (!clip || !segment || !segments?.length || clip.kind === 'image') {
      continue;
    }
    let lines = linesOf.get(segment.materialId);
    if (!lines) {
      lines = transcriptLines(segments);
      linesOf.set(segment.materialId, lines);
    }
    const from = clip.start;
    const to = clip.start + (span.end - span.start) * clip.speed;
    for (const [k, [a, b]] of lines.speech.entries()) {
      const inside = Math.min(b, to) - Math.max(a, from);
      if (inside <= 0 || inside < (b - a) / 2) {
        continue;
      }
      cues.push({
        start: span.start + (Math.max(a, from) - from) / clip.speed,
        end: span.start + (Math.min(b, to) - from) / clip.speed,
        text: subtitleText(lines.lines[k] ?? ''),
      });
    }
  }
  return cues;
}

function titleOf(plan: ClipPlan, template: ClipTemplate, duration: number): TitleCue | null {
  const title = template.title;
  if (!plan.title || !title) {
    return null;
  }
  return {
    start: 0,
    end: title.seconds > 0 ? Math.min(title.seconds, duration) : duration,
    text: plan.title,
    style: title,
  };
}

/** 口播: the main clip is the base (or, keyed, stands over a B-roll sequence); its own audio is the voice. */
function oralTimeline(input: TimelineInput, speed: number): Timeline {
  const { plan, template, materials } = input;
  const main = plan.main;
  if (!main) {
    throw new Error('not an oral plan');
  }
  const source = resolved(materials, main.materialId);
  const keep = main.keep;
  const duration = round3(keep ? keep.reduce((sum, [a, b]) => sum + b - a, 0) : source.duration);
  // Speech spans on the output timeline (after any silence cut).
  const toOutput = (t: number): number => {
    if (!keep) {
      return t;
    }
    let out = 0;
    for (const [a, b] of keep) {
      if (t <= a) {
        break;
      }
      out += Math.min(t, b) - a;
    }
    return out;
  };
  const speech = (input.speech?.length ? input.speech : [[0, source.duration] as const]).map(
    ([a, b]) => [toOutput(a), toOutput(b)] as const,
  );
  const sentences = plan.paragraphs.flatMap((p) => splitSentences(p));
  const cues: Cue[] = [];
  if (sentences.length === speech.length) {
    speech.forEach(([a, b], k) => cues.push({ start: a, end: b, text: subtitleText(sentences[k] ?? '') }));
  } else if (sentences.length) {
    cues.push(...evenCues(sentences, speech[0]?.[0] ?? 0, speech.at(-1)?.[1] ?? duration));
  }
  const brolls = plan.segments.map((s) => ({
    s,
    clip: clipOf(resolved(materials, s.materialId), s.start, s.length, s.motion, speed),
  }));
  let clips: SpecClip[] = [];
  let overlays: Timeline['overlays'] = [];
  if (main.chromaKey) {
    // The B-roll sequence is the background: its lengths fill the whole main clip.
    const each = duration / Math.max(1, brolls.length);
    clips = brolls.map(({ clip }) => ({ ...clip, length: round3(each) }));
  } else {
    overlays = brolls.map(({ s, clip }) => ({
      clip: { ...clip, length: round3(Math.min(clip.length, duration - (s.at ?? 0))) },
      at: s.at ?? 0,
    }));
  }
  return {
    duration,
    clips,
    overlays: overlays.filter((o) => o.clip.length > 0),
    transitions: null,
    main: { path: source.path, keep, chromaKey: main.chromaKey },
    cues: cues.map((c) => ({ ...c, start: round3(c.start), end: round3(c.end) })),
    title: titleOf(plan, template, duration),
    voice: null,
  };
}

/**
 * How a paragraph's time is shared by its segments: equally, except in 一键成片 when the voice
 * outlasts the footage's nominal length — then the first and last groups keep theirs (the opening
 * and the closing shot) and the middle groups take up the rest, so the video follows the voice.
 */
export function shares(run: readonly { length: number }[], length: number, extendMiddle: boolean): number[] {
  const nominal = run.reduce((sum, s) => sum + s.length, 0);
  const first = run[0]?.length ?? 0;
  const last = run.at(-1)?.length ?? 0;
  if (!extendMiddle || run.length < 3 || length <= nominal) {
    return run.map(() => length / run.length);
  }
  const middle = (length - first - last) / (run.length - 2);
  return run.map((_, k) => (k === 0 ? first : k === run.length - 1 ? last : middle));
}

function round3(n: number): number {
  return Math.round(n * 1000) / 1000;
}
