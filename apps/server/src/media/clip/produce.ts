import { createHash, randomBytes } from 'node:crypto';
import { access, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ClipTemplate } from '@vidmatrix/contract/api/clip-task';
import type { ClipDubbing } from '@vidmatrix/contract/api/clip-voice';
import type { ClipPlan } from './plan-model.ts';
import { CLIP_FPS, CLIP_OUTPUT_SIZE } from '@vidmatrix/contract/constants';
import { Msg } from '@vidmatrix/contract/messages';
import { splitSentences } from '@vidmatrix/contract/rules/clip-text';
import { writeAss } from './ass.ts';
import { coverFocus } from './detail.ts';
import type { RenderLogo, RenderSpec, SpecClip } from './filter-graph.ts';
import { ClipRenderError, type ClipRenderer, type ProbeResult } from './render.ts';
import { layTimeline, type ResolvedMaterial, type SpokenParagraphs, type TimelineInput } from './timeline.ts';
import type { TtsProvider, VoiceChoice } from './tts/tts-provider.ts';
import { encodeWav, layoutWav, parseWav, wavSeconds, type Wav } from './tts/wav.ts';

/** One video to produce from its plan. */
export interface ProduceInput {
  plan: ClipPlan;
  template: ClipTemplate;
  materials: ReadonlyMap<number, ResolvedMaterial>;
  /** The plan's music file, when it has one. */
  musicPath: string | null;
  /** 口播: speech spans of the main clip. */
  speech?: readonly (readonly [number, number])[];
  /** Footage keeping its sound (CP拆拼 保留原声): what recognition heard in each source, by material id. */
  heard?: TimelineInput['heard'];
  tts: TtsProvider;
  /** The task's voice, speed and volume (配音); absent: the provider's default voice as it speaks. */
  dubbing?: ClipDubbing;
  /** 台标, resolved to its file. */
  logo?: RenderLogo | null;
  fontsDir: string;
  /** Scratch directory of this video (voice parts, ASS); the caller removes it. */
  workDir: string;
  /** Sentence WAVs are cached here by text and voice, so re-renders and previews reuse them. */
  cacheDir?: string;
  output: string;
  size?: { width: number; height: number };
  /** Frame rate; previews may use fewer frames. */
  fps?: number;
  encode?: RenderSpec['encode'];
  onProgress?: (fraction: number) => void;
  /** Overrides how long ffmpeg may go without progress before it is killed (CLIP_RENDER_STALL_MS), ms. */
  stallMs?: number;
  /** Ends the video here even when the voice or the main clip runs longer (the quick preview), seconds. */
  maxSeconds?: number;
  /** Sees the spec before ffmpeg runs (logs, the bench's baseline). */
  onSpec?: (spec: RenderSpec) => void;
  signal?: AbortSignal;
}

/** Voice synthesis counts for this share of a video's progress; the encode for the rest. */
const VOICE_SHARE = 0.1;

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

/**
 * Synthesises one sentence into its cache file. It is written beside the file and renamed in, so a cancel
 * (or a crash) mid-sentence leaves no half WAV that a later render of the same sentence would take as said;
 * a cancel then ends the video as canceled, not as a failure.
 */
async function synthesizeInto(input: ProduceInput, text: string, file: string): Promise<void> {
  const partial = `${file}.${randomBytes(4).toString('hex')}.part`;
  try {
    input.signal?.throwIfAborted();
    await input.tts.synthesize(text, partial, input.signal, voiceChoiceOf(input.dubbing));
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    if (input.signal?.aborted) {
      throw new ClipRenderError(Msg.clipCanceled, 'canceled');
    }
    throw error;
  }
}

/** The provider's choice of a task's dubbing (volume is the mix's, not the voice's). */
function voiceChoiceOf(dubbing: ClipDubbing | undefined): VoiceChoice | undefined {
  return dubbing && { voice: dubbing.voice, speed: dubbing.speed };
}

/** A sentence's cache name: the provider, voice and speed it was said in, and the text (volume is applied later). */
export function voiceCacheKey(tts: TtsProvider, dubbing: ClipDubbing | undefined, text: string): string {
  // No dubbing keeps the name sentences had before voices could be chosen.
  const voice = dubbing ? `\n${dubbing.voice}\n${dubbing.speed}` : '';
  return createHash('sha1').update(`${tts.name}${voice}\n${text}`).digest('hex');
}

/** Synthesises every sentence of the voiced paragraphs, one file each (cached), and reads their lengths. */
async function speak(input: ProduceInput): Promise<{ spoken: SpokenParagraphs; parts: Wav[] } | null> {
  if (!input.plan.voiced) {
    return null;
  }
  const dir = input.cacheDir ?? input.workDir;
  await mkdir(dir, { recursive: true });
  const sentences = input.plan.paragraphs.map((p) => splitSentences(p));
  const total = sentences.flat().length || 1;
  const parts: Wav[] = [];
  const spoken: { text: string; seconds: number }[][] = [];
  let done = 0;
  for (const paragraph of sentences) {
    const row: { text: string; seconds: number }[] = [];
    for (const text of paragraph) {
      const file = join(dir, `${voiceCacheKey(input.tts, input.dubbing, text)}.wav`);
      if (!(await exists(file))) {
        await synthesizeInto(input, text, file);
      }
      const wav = parseWav(await readFile(file));
      parts.push(wav);
      row.push({ text, seconds: wavSeconds(wav) });
      done += 1;
      input.onProgress?.((VOICE_SHARE * done) / total);
    }
    spoken.push(row);
  }
  return { spoken, parts };
}

/** Clips asked to keep their sound keep it only when their file has an audio stream (one probe per file). */
async function withSound(renderer: ClipRenderer, clips: readonly SpecClip[]): Promise<SpecClip[]> {
  const heard = new Map<string, boolean>();
  for (const clip of clips) {
    if (clip.sound && !heard.has(clip.path)) {
      heard.set(clip.path, (await renderer.probe(clip.path)).audio !== null);
    }
  }
  return clips.map((clip) => (clip.sound && !heard.get(clip.path) ? { ...clip, sound: false } : clip));
}

/**
 * Cover fit: each clip's crop window sits where the span it shows has its detail (detail.ts), fixed for
 * the clip; a span whose detail cannot be read keeps the centre.
 */
async function focused(
  renderer: ClipRenderer,
  clip: SpecClip,
  frame: { width: number; height: number },
  signal?: AbortSignal,
): Promise<SpecClip> {
  const still = clip.kind === 'image';
  const seconds = Math.min(clip.available, clip.length * clip.speed);
  const detail = await renderer.detail(clip.path, clip.start, seconds, still, signal);
  return detail ? { ...clip, focus: coverFocus(detail.profile, detail, frame) } : clip;
}

/** 口播's main clip under a cover fit: the crop sits where the whole clip's detail is. */
async function focusedMain(
  renderer: ClipRenderer,
  main: NonNullable<RenderSpec['main']>,
  input: ProduceInput,
  frame: { width: number; height: number },
): Promise<RenderSpec['main']> {
  const id = input.plan.main?.materialId;
  const seconds = (id === undefined ? undefined : input.materials.get(id)?.duration) ?? 0;
  const detail = await renderer.detail(main.path, 0, seconds, false, input.signal);
  return detail ? { ...main, focus: coverFocus(detail.profile, detail, frame) } : main;
}

/**
 * Produces one video from its plan: voice per sentence (its length sets the cues), the timeline,
 * the voice track laid out on it, the ASS file, then one ffmpeg run checked by ffprobe.
 */
export async function produceVideo(renderer: ClipRenderer, input: ProduceInput): Promise<ProbeResult> {
  const { plan, template } = input;
  await mkdir(input.workDir, { recursive: true });
  const voice = await speak(input);
  const timeline = layTimeline({
    plan,
    template,
    materials: input.materials,
    spoken: voice?.spoken ?? null,
    speech: input.speech,
    heard: input.heard,
  });
  let voicePath: string | null = null;
  if (voice && timeline.voice) {
    voicePath = join(input.workDir, 'voice.wav');
    await writeFile(voicePath, encodeWav(layoutWav(voice.parts, timeline.voice.starts, timeline.duration)));
  }
  const size = input.size ?? CLIP_OUTPUT_SIZE;
  let subtitles: RenderSpec['subtitles'] = null;
  const showCues = template.subtitle !== null && timeline.cues.length > 0;
  if (showCues || timeline.title) {
    const path = join(input.workDir, 'text.ass');
    await writeFile(path, writeAss(template.subtitle, showCues ? timeline.cues : [], timeline.title, size));
    subtitles = { path, fontsDir: input.fontsDir };
  }
  const cover = template.fit === 'cover';
  const spec: RenderSpec = {
    width: size.width,
    height: size.height,
    fps: input.fps ?? CLIP_FPS,
    duration: Math.min(timeline.duration, input.maxSeconds ?? Infinity),
    fit: template.fit,
    clips: await Promise.all(
      (await withSound(renderer, timeline.clips)).map(async (c) =>
        cover ? focused(renderer, c, size, input.signal) : c,
      ),
    ),
    transitions: timeline.transitions,
    main: cover && timeline.main ? await focusedMain(renderer, timeline.main, input, size) : timeline.main,
    overlays: cover
      ? await Promise.all(
          timeline.overlays.map(async (o) => ({ ...o, clip: await focused(renderer, o.clip, size, input.signal) })),
        )
      : timeline.overlays,
    subtitles,
    voice: voicePath,
    voiceVolume: (input.dubbing?.volume ?? 100) / 100,
    logo: input.logo ?? null,
    music:
      input.musicPath && template.music.policy !== 'none'
        ? { path: input.musicPath, volume: template.music.volume, duck: template.music.duck }
        : null,
    filter: template.filter,
    dedup: plan.dedup,
    loudnorm: true,
    encode: input.encode ?? { preset: 'veryfast', crf: 23 },
    output: input.output,
  };
  input.onSpec?.(spec);
  const base = voice ? VOICE_SHARE : 0;
  return renderer.render(spec, {
    signal: input.signal,
    stallMs: input.stallMs,
    onProgress: input.onProgress ? (f) => input.onProgress?.(base + (1 - base) * f) : undefined,
  });
}
