import { spawn } from 'node:child_process';
import { rename, rm, stat } from 'node:fs/promises';
import {
  CLIP_MIN_SILENCE_SECONDS,
  CLIP_RENDER_MIN_TIMEOUT_MS,
  CLIP_RENDER_STALL_MS,
} from '@vidmatrix/contract/constants';
import { fillMsg, Msg } from '@vidmatrix/contract/messages';
import { buildClipArgs, type RenderSpec } from './filter-graph.ts';
import { cutsFromScores, parseSceneScores, SCENE_SCORE_FILTER, type CutOptions } from './scenes.ts';
import { DETAIL_GRID, detailArgs, detailProfile, sampleTimes, type DetailProfile } from './detail.ts';

/** What ffprobe says of a finished video. */
export interface ProbeResult {
  duration: number;
  size: number;
  video: { codec: string; width: number; height: number; fps: number } | null;
  audio: { codec: string; sampleRate: number; channels: number } | null;
}

/** Why a render stopped: the message is user-facing (§8 style), the tail of stderr is for logs. */
export class ClipRenderError extends Error {
  constructor(
    message: string,
    readonly reason: 'failed' | 'timeout' | 'stalled' | 'canceled' | 'invalid',
    readonly stderrTail = '',
  ) {
    super(message);
  }
}

export interface RunOptions {
  /** Expected output seconds, for progress as a fraction. */
  expectedSeconds?: number;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** Wall-time limit of a run that reports no progress (ffprobe, stills), ms. */
  timeoutMs?: number;
  /**
   * Kills the run when ffmpeg's `-progress` (on stdout) has not advanced for this long, ms; replaces the
   * wall-time limit, so a render slowed down by a busy host runs on while it moves.
   */
  stallMs?: number;
}

/** A span's detail (detail.ts) with its source's size; null when it could not be read (the crop stays centred). */
export type SpanDetail = { profile: DetailProfile; width: number; height: number } | null;

/** Spans whose detail is kept in memory (every video of a task reuses its materials' spans). */
const DETAIL_CACHE_SIZE = 512;

/** Output arguments of the sound speech recognition reads: 16 kHz mono 16-bit WAV. */
const SPEECH_WAV = ['-vn', '-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le'];

/** Kept of stderr for the error report. */
const STDERR_TAIL = 4096;
/** ffmpeg gets this long to stop after SIGTERM before SIGKILL, ms. */
const KILL_GRACE_MS = 5000;

/**
 * Parses ffmpeg `-progress` lines into a fraction of the expected length (1 at `progress=end`). `advanced`
 * hears every step forward of the output time, also past the expected length where the fraction stays.
 */
export function progressParser(
  expectedSeconds: number,
  emit: (fraction: number) => void,
  advanced: () => void = () => undefined,
): (chunk: string) => void {
  let rest = '';
  let furthest = -1;
  return (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      const [key, value] = line.trim().split('=');
      if (key === 'out_time_us' && value) {
        const us = Number(value);
        if (Number.isFinite(us) && us > furthest) {
          furthest = us;
          advanced();
        }
        if (Number.isFinite(us) && us >= 0 && expectedSeconds > 0) {
          emit(Math.min(0.999, us / 1e6 / expectedSeconds));
        }
      } else if (key === 'progress' && value === 'end') {
        advanced();
        emit(1);
      }
    }
  };
}

/** The one place that spawns ffmpeg for clips: renders, probes and the detectors. */
export class ClipRenderer {
  constructor(
    private readonly ffmpeg = process.env.FFMPEG_PATH ?? 'ffmpeg',
    private readonly ffprobe = process.env.FFPROBE_PATH ?? 'ffprobe',
  ) {}

  /** Runs a tool to its end; stdout goes to `onStdout`, the stderr tail is kept for errors. */
  run(
    command: string,
    args: string[],
    options: RunOptions & {
      onStdout?: (s: string) => void;
      onStderr?: (s: string) => void;
      /** Takes stdout as bytes (raw frames) instead of text; no progress is parsed then. */
      onStdoutBytes?: (b: Buffer) => void;
    } = {},
  ): Promise<string> {
    const { signal, timeoutMs = CLIP_RENDER_MIN_TIMEOUT_MS, stallMs } = options;
    return new Promise((resolve, reject) => {
      if (signal?.aborted) {
        reject(new ClipRenderError(Msg.clipCanceled, 'canceled'));
        return;
      }
      const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      let stopped: 'timeout' | 'stalled' | 'canceled' | null = null;
      let killer: NodeJS.Timeout | undefined;
      const stop = (why: 'timeout' | 'stalled' | 'canceled'): void => {
        stopped ??= why;
        child.kill('SIGTERM');
        killer ??= setTimeout(() => child.kill('SIGKILL'), KILL_GRACE_MS);
      };
      const arm = (): NodeJS.Timeout =>
        stallMs === undefined
          ? setTimeout(() => stop('timeout'), timeoutMs)
          : setTimeout(() => stop('stalled'), stallMs);
      let timer = arm();
      // Each step forward of the output time restarts the stall limit.
      const advanced = (): void => {
        if (stallMs !== undefined && stopped === null) {
          clearTimeout(timer);
          timer = arm();
        }
      };
      const parse =
        stallMs !== undefined || options.onProgress
          ? progressParser(options.expectedSeconds ?? 0, (f) => options.onProgress?.(f), advanced)
          : undefined;
      const onAbort = (): void => stop('canceled');
      signal?.addEventListener('abort', onAbort, { once: true });
      if (options.onStdoutBytes) {
        child.stdout.on('data', options.onStdoutBytes);
      } else {
        child.stdout.setEncoding('utf8');
        child.stdout.on('data', (s: string) => {
          parse?.(s);
          options.onStdout?.(s);
        });
      }
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (s: string) => {
        stderr = (stderr + s).slice(-STDERR_TAIL);
        options.onStderr?.(s);
      });
      const done = (): void => {
        clearTimeout(timer);
        clearTimeout(killer);
        signal?.removeEventListener('abort', onAbort);
      };
      child.on('error', (error) => {
        done();
        reject(new ClipRenderError(Msg.clipRenderFailed, 'failed', error.message));
      });
      child.on('close', (code) => {
        done();
        if (stopped === 'canceled') {
          reject(new ClipRenderError(Msg.clipCanceled, 'canceled', stderr));
        } else if (stopped === 'timeout') {
          reject(new ClipRenderError(Msg.clipRenderTimeout, 'timeout', stderr));
        } else if (stopped === 'stalled') {
          const seconds = Math.max(1, Math.round((stallMs ?? 0) / 1000));
          reject(new ClipRenderError(fillMsg(Msg.clipRenderStalled, { n: seconds }), 'stalled', stderr));
        } else if (code === 0) {
          resolve(stderr);
        } else {
          reject(new ClipRenderError(Msg.clipRenderFailed, 'failed', stderr));
        }
      });
    });
  }

  /**
   * Renders one video: ffmpeg writes a temporary file beside the output, ffprobe confirms it
   * (H.264 video at the spec's size, AAC audio, the expected length), then it takes its name.
   * Cancel or failure removes the temporary file.
   */
  async render(spec: RenderSpec, options: Omit<RunOptions, 'expectedSeconds'> = {}): Promise<ProbeResult> {
    const temp = `${spec.output}.part`;
    const args = buildClipArgs({ ...spec, output: temp });
    try {
      await this.run(this.ffmpeg, args, {
        ...options,
        expectedSeconds: spec.duration,
        stallMs: options.stallMs ?? CLIP_RENDER_STALL_MS,
      });
      const probe = await this.probe(temp);
      const frame = 1 / spec.fps;
      if (
        probe.video?.codec !== 'h264' ||
        probe.audio?.codec !== 'aac' ||
        probe.video.width !== spec.width ||
        probe.video.height !== spec.height ||
        Math.abs(probe.duration - spec.duration) > Math.max(0.1, 3 * frame) ||
        probe.size === 0
      ) {
        throw new ClipRenderError(Msg.clipRenderFailed, 'invalid', JSON.stringify(probe));
      }
      await rename(temp, spec.output);
      return probe;
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  /** Runs an ffmpeg that writes a still (template previews); the argv comes from a pure builder. */
  async still(args: string[], signal?: AbortSignal): Promise<void> {
    await this.run(this.ffmpeg, args, { signal });
  }

  /** Streams, duration and size of a media file. */
  async probe(path: string): Promise<ProbeResult> {
    let out = '';
    await this.run(this.ffprobe, ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', path], {
      onStdout: (s) => {
        out += s;
      },
    });
    return parseProbe(out, (await stat(path)).size);
  }

  /** The whole stderr of an analysis run (the kept tail is too short for a long file's cut list). */
  private async readLog(args: string[], duration: number, signal?: AbortSignal): Promise<string> {
    let log = '';
    // Progress on stdout keeps a long analysis alive on a busy host; the log is on stderr.
    await this.run(this.ffmpeg, ['-progress', 'pipe:1', ...args], {
      signal,
      expectedSeconds: duration,
      stallMs: CLIP_RENDER_STALL_MS,
      onStderr: (s) => {
        log += s;
      },
    });
    return log;
  }

  /**
   * Where the detail is in the span a clip shows (`seconds` from `start`; a still has one frame): one
   * small decode, remembered per file and span, so the videos of a task that reuse a span read it once.
   */
  detail(path: string, start: number, seconds: number, still: boolean, signal?: AbortSignal): Promise<SpanDetail> {
    // A presigned address changes its query on every call; the object under it does not.
    const key = `${path.split('?')[0]}\n${still ? 0 : start}\n${still ? 0 : seconds}`;
    let found = this.details.get(key);
    if (!found) {
      found = this.readDetail(path, start, seconds, still, signal).catch(() => null);
      found.then(
        (d) => d ?? this.details.delete(key),
        () => undefined,
      );
      if (this.details.size >= DETAIL_CACHE_SIZE) {
        this.details.delete(this.details.keys().next().value as string);
      }
      this.details.set(key, found);
    }
    return found;
  }

  private readonly details = new Map<string, Promise<SpanDetail>>();

  private async readDetail(
    path: string,
    start: number,
    seconds: number,
    still: boolean,
    signal?: AbortSignal,
  ): Promise<SpanDetail> {
    const probe = await this.probe(path);
    if (!probe.video) {
      return null;
    }
    const times = sampleTimes(start, seconds, still);
    const chunks: Buffer[] = [];
    await this.run(this.ffmpeg, detailArgs(path, times, still), {
      signal,
      onStdoutBytes: (b) => chunks.push(b),
    });
    const gray = Buffer.concat(chunks);
    if (gray.length !== DETAIL_GRID * DETAIL_GRID * times.length) {
      return null;
    }
    return {
      profile: detailProfile(gray, DETAIL_GRID, times.length),
      width: probe.video.width,
      height: probe.video.height,
    };
  }

  /** The sound of a clip as 16 kHz mono WAV, what speech recognition reads. */
  async extractSpeech(path: string, output: string, signal?: AbortSignal): Promise<void> {
    await this.run(
      this.ffmpeg,
      // Progress on stdout keeps a long clip's extraction alive on a busy host.
      [
        '-hide_banner',
        '-nostdin',
        '-loglevel',
        'error',
        '-y',
        '-progress',
        'pipe:1',
        '-i',
        path,
        ...SPEECH_WAV,
        output,
      ],
      { signal, stallMs: CLIP_RENDER_STALL_MS },
    );
  }

  /** Shot boundaries of a video by scene score (see scenes.ts): [start, end] spans covering the whole file. */
  async detectShots(
    path: string,
    duration: number,
    options: CutOptions = {},
    signal?: AbortSignal,
  ): Promise<[number, number][]> {
    const log = await this.readLog(
      ['-hide_banner', '-nostdin', '-nostats', '-i', path, '-an', '-vf', SCENE_SCORE_FILTER, '-f', 'null', '-'],
      duration,
      signal,
    );
    return shotsFromCuts(cutsFromScores(parseSceneScores(log), options), duration);
  }

  /** Speech spans of a clip: everything between silences of at least `minSeconds` below `noiseDb`. */
  async detectSpeech(
    path: string,
    duration: number,
    noiseDb = -30,
    minSeconds = CLIP_MIN_SILENCE_SECONDS,
    signal?: AbortSignal,
  ): Promise<[number, number][]> {
    const log = await this.readLog(
      [
        '-hide_banner',
        '-nostdin',
        '-nostats',
        '-i',
        path,
        '-vn',
        '-af',
        `silencedetect=noise=${noiseDb}dB:d=${minSeconds}`,
        '-f',
        'null',
        '-',
      ],
      duration,
      signal,
    );
    return speechFromSilences(parseSilences(log), duration);
  }
}

/** Parses ffprobe JSON. */
export function parseProbe(json: string, size: number): ProbeResult {
  const data = JSON.parse(json) as {
    format?: { duration?: string };
    streams?: {
      codec_type?: string;
      codec_name?: string;
      width?: number;
      height?: number;
      avg_frame_rate?: string;
      sample_rate?: string;
      channels?: number;
    }[];
  };
  const v = data.streams?.find((s) => s.codec_type === 'video');
  const a = data.streams?.find((s) => s.codec_type === 'audio');
  const [num, den] = (v?.avg_frame_rate ?? '0/1').split('/').map(Number);
  return {
    duration: Number(data.format?.duration ?? 0),
    size,
    video: v
      ? { codec: v.codec_name ?? '', width: v.width ?? 0, height: v.height ?? 0, fps: den ? (num ?? 0) / den : 0 }
      : null,
    audio: a ? { codec: a.codec_name ?? '', sampleRate: Number(a.sample_rate ?? 0), channels: a.channels ?? 0 } : null,
  };
}

/** Cut times to shots covering [0, duration]. */
export function shotsFromCuts(cuts: readonly number[], duration: number): [number, number][] {
  const points = [0, ...cuts.filter((t) => t > 0 && t < duration).sort((a, b) => a - b), duration];
  const shots: [number, number][] = [];
  for (let i = 0; i < points.length - 1; i += 1) {
    const [a, b] = [points[i] as number, points[i + 1] as number];
    if (b > a) {
      shots.push([a, b]);
    }
  }
  return shots;
}

/** silence_start / silence_end pairs from silencedetect's log (an open silence runs to the end). */
export function parseSilences(log: string): [number, number | null][] {
  const out: [number, number | null][] = [];
  for (const m of log.matchAll(/silence_(start|end): (-?[\d.]+)/g)) {
    const t = Math.max(0, Number(m[2]));
    if (m[1] === 'start') {
      out.push([t, null]);
    } else {
      const open = out.at(-1);
      if (open && open[1] === null) {
        open[1] = t;
      }
    }
  }
  return out;
}

/** The spans between silences. */
export function speechFromSilences(silences: readonly [number, number | null][], duration: number): [number, number][] {
  const speech: [number, number][] = [];
  let t = 0;
  for (const [a, b] of silences) {
    if (a > t) {
      speech.push([t, a]);
    }
    t = b ?? duration;
  }
  if (t < duration) {
    speech.push([t, duration]);
  }
  return speech.filter(([a, b]) => b - a > 0.05);
}
