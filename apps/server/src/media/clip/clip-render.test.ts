import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeAudio, makeImage, makeVideo, toneSource } from '@vidmatrix/fixtures';
import { clipTaskInput, type ClipTaskInput } from '@vidmatrix/contract/api/clip-task';
import { type ClipMaterial } from './plan-model.ts';
import { CLIP_SENTENCE_GAP_SECONDS, CLIP_TAIL_SECONDS } from '@vidmatrix/contract/constants';
import { splitSentences } from '@vidmatrix/contract/rules/clip-text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RenderSpec } from './filter-graph.ts';
import { listChineseFonts } from './fonts.ts';
import { planClipTask } from './plan.ts';
import { templateOf, type PlanContext } from './planners/shared.ts';
import { produceVideo } from './produce.ts';
import { ClipRenderError, ClipRenderer } from './render.ts';
import type { ResolvedMaterial } from './timeline.ts';
import { imitationSeconds, startAzureTtsImitation } from '../../../test/azure-tts-imitation.ts';
import { readFrame } from '../../../test/frames.ts';
import { AZURE_DEFAULT_VOICE, AzureTts } from './tts/azure.ts';
import { EspeakTts } from './tts/espeak.ts';
import type { TtsProvider } from './tts/tts-provider.ts';
import { parseWav, wavSeconds } from './tts/wav.ts';

// Real renders of tiny generated fixtures at 180×320, 15 fps, x264 ultrafast: a few seconds each.
const SIZE = { width: 180, height: 320 };
const FAST = { preset: 'ultrafast', crf: 30 };
const FONT = 'WenQuanYi Micro Hei';
const FONTS_DIR = '/usr/share/fonts';

let dir = '';
const renderer = new ClipRenderer();
const tts = new EspeakTts();
const library: ClipMaterial[] = [];
const files = new Map<number, ResolvedMaterial>();
let music = '';

function ffmpeg(...args: string[]): string {
  return execFileSync('ffmpeg', ['-hide_banner', '-nostdin', '-y', ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** ffmpeg's stderr (volumedetect reports there). */
function stderrOf(args: string[]): string {
  return spawnSync('ffmpeg', ['-hide_banner', '-nostdin', ...args], { encoding: 'utf8' }).stderr;
}

function video(id: number, source: string, seconds: number, size: string): void {
  const path = join(dir, `v${id}.mp4`);
  const [w, h] = size.split('x').map(Number);
  makeVideo(path, { width: w, height: h, rate: 15, seconds, pattern: source });
  library.push({ id, kind: 'video', name: `v${id}.mp4`, duration: seconds, width: w ?? 0, height: h ?? 0, tags: [] });
  files.set(id, { path, kind: 'video', duration: seconds });
}

function image(id: number, color: string): void {
  const path = join(dir, `i${id}.png`);
  makeImage(path, { width: 240, height: 180, color, filter: 'drawbox=x=40:y=40:w=80:h=60:color=white:t=fill' });
  library.push({ id, kind: 'image', name: `i${id}.png`, duration: 0, width: 240, height: 180, tags: [] });
  files.set(id, { path, kind: 'image', duration: 0 });
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'vm-clip-render-'));
  video(1, 'testsrc', 4, '320x240');
  video(2, 'testsrc2', 4, '180x320');
  video(3, 'smptebars', 4, '240x240');
  video(4, 'rgbtestsrc', 4, '320x180');
  image(11, 'red');
  image(12, 'blue');
  image(13, 'green');
  // A "talking head": picture with a 300 Hz voice that speaks 0.3–1.5 s and 2.2–3.6 s.
  const head = join(dir, 'head.mp4');
  makeVideo(head, {
    width: 180,
    height: 320,
    rate: 15,
    seconds: 4,
    pattern: 'testsrc2',
    audio: toneSource({
      frequency: 300,
      seconds: 4,
      spans: [
        [0.3, 1.5],
        [2.2, 3.6],
      ],
    }),
  });
  library.push({ id: 21, kind: 'digital_human', name: 'head.mp4', duration: 4, width: 180, height: 320, tags: [] });
  files.set(21, { path: head, kind: 'digital_human', duration: 4 });
  music = join(dir, 'music.wav');
  makeAudio(music, { seconds: 3, frequency: 2000, channels: 2 });
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const template = {
  subtitle: { font: FONT, size: 72 },
  title: { text: '测试标题', font: FONT },
  transition: { names: ['fade', 'wipeleft'], duration: 0.4 },
  music: { policy: 'chosen' },
};

/** Plans a task and produces its first video. */
async function produce(
  raw: Record<string, unknown>,
  name: string,
  onProgress?: (f: number) => void,
  extra: Omit<PlanContext, 'materials'> = {},
  voice: TtsProvider = tts,
) {
  const task: ClipTaskInput = clipTaskInput.parse({ name: 't', count: 1, seed: 5, musicIds: [99], ...raw });
  const [plan] = planClipTask(task, { materials: new Map(library.map((m) => [m.id, m])), ...extra });
  if (!plan) {
    throw new Error('no plan');
  }
  const output = join(dir, `${name}.mp4`);
  const probe = await produceVideo(renderer, {
    plan,
    template: templateOf(task),
    materials: files,
    musicPath: plan.musicId ? music : null,
    tts: voice,
    fontsDir: FONTS_DIR,
    workDir: join(dir, `${name}-work`),
    cacheDir: join(dir, 'voice-cache'),
    output,
    size: SIZE,
    fps: 15,
    encode: FAST,
    onProgress,
    speech: extra.speech,
  });
  return { plan, probe, output, workDir: join(dir, `${name}-work`) };
}

/** Seconds a plan's voice takes on its timeline: each sentence as espeak says it, and the pause after it. */
async function voiceSeconds(paragraphs: readonly string[]): Promise<number> {
  let seconds = 0;
  for (const [i, text] of paragraphs.flatMap((p) => splitSentences(p)).entries()) {
    const file = join(dir, `said-${i}.wav`);
    await tts.synthesize(text, file);
    seconds += wavSeconds(parseWav(readFileSync(file))) + CLIP_SENTENCE_GAP_SECONDS;
  }
  return seconds;
}

/** A frame as raw gray bytes, cropped to a horizontal band (fractions of the height). */
function band(file: string, at: number, from: number, to: number): Buffer {
  const y = Math.round(SIZE.height * from);
  const h = Math.round(SIZE.height * (to - from));
  return readFrame(file, at, { gray: true, filter: `crop=${SIZE.width}:${h}:0:${y}` }).data;
}

function meanDifference(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) {
    sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  }
  return sum / Math.max(1, Math.min(a.length, b.length));
}

/** How many rows of the top third of a frame (0.5 s in) hold yellow pixels: the height of the title. */
function yellowRows(file: string, size: { width: number; height: number }): number {
  const frame = readFrame(file, 0.5, { filter: `crop=${size.width}:${Math.round(size.height / 3)}:0:0` });
  let rows = 0;
  for (let y = 0; y < frame.height; y += 1) {
    for (let x = 0; x < frame.width; x += 1) {
      const [r = 0, g = 0, b = 0] = frame.pixel(x, y);
      if (r > 180 && g > 160 && b < 110) {
        rows += 1;
        break;
      }
    }
  }
  return rows;
}

/** Mean volume (dB) of one frequency band of a time window. */
function bandVolume(file: string, from: number, seconds: number, hz: number): number {
  const log = stderrOf([
    '-ss',
    String(from),
    '-t',
    String(seconds),
    '-i',
    file,
    '-vn',
    '-af',
    `bandpass=f=${hz}:width_type=q:w=8,volumedetect`,
    '-f',
    'null',
    '-',
  ]);
  const m = /mean_volume: (-?[\d.]+) dB/.exec(log);
  if (!m) {
    throw new Error(`no volume in ${log}`);
  }
  return Number(m[1]);
}

describe('clip renders (real ffmpeg, tiny fixtures)', () => {
  it('mode 1 批量混剪: transitions, voice, subtitles, title, music; progress reaches 1', async () => {
    const progress: number[] = [];
    const { plan, probe } = await produce(
      {
        clip_model: 1,
        template,
        groups: [{ materialIds: [1, 2, 3, 4, 11] }],
        segments: 3,
        segmentSeconds: 1.5,
        lines: ['欢迎来到我们的店铺。今天特价！'],
      },
      'mode1',
      (f) => progress.push(f),
    );
    expect(plan.segments).toHaveLength(3);
    expect(probe.video).toMatchObject({ codec: 'h264', width: 180, height: 320 });
    expect(probe.audio).toMatchObject({ codec: 'aac', sampleRate: 44100, channels: 2 });
    expect(probe.duration).toBeGreaterThan(1.5);
    expect(progress.at(-1)).toBe(1);
    expect(progress.every((p, i) => i === 0 || p >= (progress[i - 1] ?? 0))).toBe(true);
  });

  it('mode 2 脚本剪辑: each step lasts as long as its line', async () => {
    const { probe } = await produce(
      {
        clip_model: 2,
        template: { ...template, title: null },
        steps: [
          { text: '第一步。', materialIds: [1] },
          { text: '第二步要说得更长一些，才能看出区别。', materialIds: [2] },
        ],
      },
      'mode2',
    );
    expect(probe.video).toMatchObject({ codec: 'h264', width: 180, height: 320 });
    expect(probe.audio?.codec).toBe('aac');
    // The long line takes espeak well over a second; the video follows the voice.
    expect(probe.duration).toBeGreaterThan(3);
  });

  it('mode 5 图文成片: pan/zoom images with transitions and a title, no voice', async () => {
    const { probe } = await produce(
      {
        clip_model: 5,
        imageIds: [11, 12, 13],
        imagesPerVideo: 3,
        secondsPerImage: 1,
        title: '图文',
        lines: ['第一张', '第二张'],
        font: FONT,
      },
      'mode5',
    );
    expect(probe.video).toMatchObject({ codec: 'h264', width: 180, height: 320 });
    // Three 1 s images joined by two 0.5 s fades still last 3 s.
    expect(probe.duration).toBeCloseTo(3, 1);
  });

  it('mode 5 图文成片: the burned-in title keeps its share of the height at every output size', async () => {
    const task = clipTaskInput.parse({
      name: 't',
      count: 1,
      seed: 5,
      clip_model: 5,
      imageIds: [11],
      imagesPerVideo: 1,
      secondsPerImage: 1,
      title: '标题',
      font: FONT,
    });
    const [plan] = planClipTask(task, { materials: new Map(library.map((m) => [m.id, m])) });
    if (!plan) {
      throw new Error('no plan');
    }
    const share: number[] = [];
    for (const size of [SIZE, { width: SIZE.width * 3, height: SIZE.height * 3 }]) {
      const output = join(dir, `mode5-title-${size.height}.mp4`);
      await produceVideo(renderer, {
        plan,
        template: templateOf(task),
        materials: files,
        musicPath: null,
        tts,
        fontsDir: FONTS_DIR,
        workDir: join(dir, `mode5-title-${size.height}-work`),
        cacheDir: join(dir, 'voice-cache'),
        output,
        size,
        fps: 15,
        encode: FAST,
      });
      share.push(yellowRows(output, size) / size.height);
    }
    const [small, large] = share as [number, number];
    // The title is the only yellow on a red picture: libass scales the 1080×1920 script to the frame.
    expect(small).toBeGreaterThan(0.02);
    expect(small / large).toBeGreaterThan(0.8);
    expect(small / large).toBeLessThan(1.25);
  });

  it('mode 8 分组混剪: burned subtitles change the subtitle band', async () => {
    const raw = {
      clip_model: 8,
      groups: [{ materialIds: [3], lines: ['分组一的台词。'] }, { materialIds: [12] }],
      font: FONT,
    };
    const { probe, output } = await produce(raw, 'mode8');
    expect(probe.video).toMatchObject({ codec: 'h264', width: 180, height: 320 });
    expect(probe.audio?.codec).toBe('aac');
    // The same plan without subtitles: the band where they sit (bottom fifth and a bit) differs.
    const task = clipTaskInput.parse({ name: 't', count: 1, seed: 5, ...raw });
    const [plan] = planClipTask(task, { materials: new Map(library.map((m) => [m.id, m])) });
    const bare = join(dir, 'mode8-bare.mp4');
    await produceVideo(renderer, {
      plan: plan!,
      template: { ...templateOf(task), subtitle: null },
      materials: files,
      musicPath: null,
      tts,
      fontsDir: FONTS_DIR,
      workDir: join(dir, 'mode8-bare-work'),
      cacheDir: join(dir, 'voice-cache'),
      output: bare,
      size: SIZE,
      fps: 15,
      encode: FAST,
    });
    const at = 0.5;
    expect(meanDifference(band(output, at, 0.6, 0.8), band(bare, at, 0.6, 0.8))).toBeGreaterThan(2);
    // Far from the text, the pictures agree.
    expect(meanDifference(band(output, at, 0, 0.3), band(bare, at, 0, 0.3))).toBeLessThan(2);
  });

  it('mode 3 CP拆拼: detected shots recombined across sources', async () => {
    const shots = new Map([
      [1, await renderer.detectShots(files.get(1)!.path, 4)],
      [3, await renderer.detectShots(files.get(3)!.path, 4)],
    ]);
    const { plan, probe } = await produce(
      { clip_model: 3, sourceIds: [1, 3], shotsPerVideo: 2, maxShotSeconds: 1.5 },
      'mode3',
      undefined,
      {
        shots,
      },
    );
    expect(new Set(plan.segments.map((s) => s.materialId)).size).toBeGreaterThanOrEqual(1);
    expect(probe.video).toMatchObject({ codec: 'h264', width: 180, height: 320 });
    expect(probe.duration).toBeCloseTo(3, 1);
  });

  it('mode 4 口播: silences cut, B-roll at sentence boundaries, subtitles over the speech', async () => {
    const speech = await renderer.detectSpeech(files.get(21)!.path, 4);
    expect(speech).toHaveLength(2);
    const { plan, probe } = await produce(
      {
        clip_model: 4,
        template,
        mainId: 21,
        brollIds: [1, 11],
        brolls: 1,
        brollSeconds: 1,
        lines: ['第一句。第二句。'],
        cutSilence: true,
      },
      'mode4',
      undefined,
      { speech },
    );
    expect(plan.main?.keep).toHaveLength(2);
    expect(plan.segments[0]?.at).toBeGreaterThan(1);
    // The silence between the sentences (1.5–2.2 s) is cut, less 0.1 s kept at each edge.
    const kept = (plan.main?.keep ?? []).reduce((sum, [a, b]) => sum + b - a, 0);
    expect(kept).toBeLessThan(4 - 0.4);
    expect(probe.duration).toBeCloseTo(kept, 1);
    expect(probe.audio?.codec).toBe('aac');
  });

  it('mode 4 口播 with a chroma-keyed presenter over B-roll', async () => {
    const { probe } = await produce(
      {
        clip_model: 4,
        template: { ...template, title: null },
        mainId: 21,
        brollIds: [2, 12],
        brolls: 2,
        chromaKey: true,
      },
      'mode4-key',
    );
    expect(probe.video).toMatchObject({ codec: 'h264', width: 180, height: 320 });
    expect(probe.duration).toBeCloseTo(4, 1);
  });

  it('mode 6 一键成片 and mode 7 AI剪辑: the voice sets the length', async () => {
    const six = await produce(
      { clip_model: 6, groups: [{ materialIds: [1] }, { materialIds: [2, 3] }], scripts: ['一键成片。'], font: FONT },
      'mode6',
    );
    expect(six.probe.video).toMatchObject({ codec: 'h264', width: 180, height: 320 });
    // As long as its voice and the tail after it, not the two groups' 6 s of footage.
    const sixVoice = await voiceSeconds(six.plan.paragraphs);
    expect(sixVoice).toBeLessThan(4);
    expect(Math.abs(six.probe.duration - (sixVoice + CLIP_TAIL_SECONDS))).toBeLessThan(0.15);
    const seven = await produce(
      {
        clip_model: 7,
        template,
        textContext: { product: '咖啡' },
        materialIds: [1, 2, 11],
        scripts: [['咖啡。', '好喝。']],
      },
      'mode7',
    );
    expect(seven.plan.segments).toHaveLength(2);
    expect(seven.probe.video).toMatchObject({ codec: 'h264', width: 180, height: 320 });
    expect(seven.probe.audio?.codec).toBe('aac');
    const sevenVoice = await voiceSeconds(seven.plan.paragraphs);
    expect(Math.abs(seven.probe.duration - (sevenVoice + CLIP_TAIL_SECONDS))).toBeLessThan(0.15);
  });

  it('speaks through Azure (a local imitation of its REST API): the cues and the length follow its audio', async () => {
    const azure = await startAzureTtsImitation('render-key');
    try {
      const voice = new AzureTts({ key: 'render-key', endpoint: azure.url, voice: AZURE_DEFAULT_VOICE });
      const { plan, probe, workDir } = await produce(
        {
          clip_model: 6,
          groups: [{ materialIds: [1] }, { materialIds: [2, 3] }],
          scripts: ['云端配音。这一句要说得更长一些。'],
          font: FONT,
        },
        'azure',
        undefined,
        {},
        voice,
      );
      const sentences = plan.paragraphs.flatMap((p) => splitSentences(p));
      expect(sentences).toHaveLength(2);
      // One POST per sentence, in order.
      expect(azure.requests.map((r) => r.text)).toEqual(sentences);
      expect(probe.audio?.codec).toBe('aac');
      // Each subtitle lasts as long as the imitation's audio of its sentence (ASS counts centiseconds).
      const seconds = (t: string) => {
        const [h, m, s] = t.split(':').map(Number);
        return (h ?? 0) * 3600 + (m ?? 0) * 60 + (s ?? 0);
      };
      const cues = readFileSync(join(workDir, 'text.ass'), 'utf8')
        .split('\n')
        .filter((l) => l.startsWith('Dialogue: 0,'))
        .map((l) => l.split(','))
        .map(([, start, end]) => seconds(end ?? '') - seconds(start ?? ''));
      expect(cues).toHaveLength(2);
      sentences.forEach((text, i) => expect(Math.abs((cues[i] ?? 0) - imitationSeconds(text))).toBeLessThan(0.011));
      // The video is as long as that audio, the pauses after each sentence and the tail.
      const spoken = sentences.reduce((sum, text) => sum + imitationSeconds(text) + CLIP_SENTENCE_GAP_SECONDS, 0);
      expect(Math.abs(probe.duration - (spoken + CLIP_TAIL_SECONDS))).toBeLessThan(0.15);
    } finally {
      await azure.close();
    }
  });

  it('a cancel mid-sentence ends the video as canceled and leaves no half voice file for a later render', async () => {
    const sentence = '取消时说到一半的这句话。';
    const raw = { clip_model: 1, template, groups: [{ materialIds: [1, 2] }], segments: 1, lines: [sentence] };
    const task = clipTaskInput.parse({ name: 't', count: 1, seed: 9, ...raw });
    const [plan] = planClipTask(task, { materials: new Map(library.map((m) => [m.id, m])) });
    const cacheDir = join(dir, 'cancel-voice-cache');
    const controller = new AbortController();
    // An imitation of a voice that has written part of its WAV when the cancel comes, under espeak's name, so
    // what it leaves would be taken from the cache by the real espeak render below.
    const halfway: TtsProvider = {
      name: tts.name,
      robotic: true,
      voices: () => tts.voices(),
      synthesize(_text, outPath, signal) {
        writeFileSync(outPath, Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt '));
        controller.abort();
        // As espeak's spawn does when its signal aborts: an AbortError.
        return Promise.reject(signal?.reason as Error);
      },
    };
    const run = (voice: TtsProvider, name: string, signal?: AbortSignal) =>
      produceVideo(renderer, {
        plan: plan!,
        template: templateOf(task),
        materials: files,
        musicPath: null,
        tts: voice,
        fontsDir: FONTS_DIR,
        workDir: join(dir, `${name}-work`),
        cacheDir,
        output: join(dir, `${name}.mp4`),
        size: SIZE,
        fps: 15,
        encode: FAST,
        signal,
      });
    const canceled = await run(halfway, 'cancel-voice', controller.signal).then(
      () => null,
      (error: unknown) => error,
    );
    expect(canceled).toBeInstanceOf(ClipRenderError);
    expect((canceled as ClipRenderError).reason).toBe('canceled');
    expect(readdirSync(cacheDir)).toEqual([]);
    const again = await run(tts, 'cancel-voice-again');
    expect(again.audio?.codec).toBe('aac');
  });

  it('ducks the music under the voice and lets it back up in the gaps', async () => {
    const voice = join(dir, 'voice-pulse.wav');
    // A 300 Hz "voice" from 0.5 s to 2 s, then silence to 6 s (the music fades out over the last 1.5 s).
    makeAudio(voice, { frequency: 300, seconds: 6, spans: [[0.5, 2]], channels: 1, sampleRate: 22050 });
    const output = join(dir, 'duck.mp4');
    const spec: RenderSpec = {
      ...SIZE,
      fps: 30,
      duration: 6,
      fit: 'cover',
      clips: [
        { path: files.get(12)!.path, kind: 'image', start: 0, length: 6, available: Infinity, motion: null, speed: 1 },
      ],
      transitions: null,
      main: null,
      overlays: [],
      subtitles: null,
      voice,
      music: { path: music, volume: 0.3, duck: true },
      filter: 'none',
      dedup: null,
      loudnorm: true,
      encode: FAST,
      output,
    };
    await renderer.render(spec);
    const under = bandVolume(output, 1, 0.8, 2000);
    const gap = bandVolume(output, 3, 0.8, 2000);
    expect(gap - under).toBeGreaterThan(6);
  });

  it('cancel stops ffmpeg and leaves no file behind', async () => {
    const controller = new AbortController();
    const output = join(dir, 'canceled.mp4');
    const spec: RenderSpec = {
      width: 360,
      height: 640,
      fps: 30,
      duration: 60,
      fit: 'blur',
      clips: [
        {
          path: files.get(11)!.path,
          kind: 'image',
          start: 0,
          length: 60,
          available: Infinity,
          motion: 'zoom-in',
          speed: 1,
        },
      ],
      transitions: null,
      main: null,
      overlays: [],
      subtitles: null,
      voice: null,
      music: null,
      filter: 'none',
      dedup: null,
      loudnorm: false,
      encode: { preset: 'medium', crf: 23 },
      output,
    };
    const run = renderer.render(spec, {
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    await expect(run).rejects.toBeInstanceOf(ClipRenderError);
    await expect(run).rejects.toMatchObject({ reason: 'canceled' });
    expect(existsSync(output)).toBe(false);
    expect(readdirSync(dir).filter((f) => f.startsWith('canceled'))).toEqual([]);
    // The stall limit takes the same way out: ffmpeg cannot report progress within 50 ms of starting.
    await expect(renderer.render(spec, { stallMs: 50 })).rejects.toMatchObject({ reason: 'stalled' });
    expect(readdirSync(dir).filter((f) => f.startsWith('canceled'))).toEqual([]);
  });

  it('lists the Chinese fonts libass can use', async () => {
    const fonts = await listChineseFonts();
    expect(fonts.map((f) => f.value)).toContain(FONT);
  });

  it('finds shot changes and speech spans', async () => {
    const joined = join(dir, 'joined.mp4');
    ffmpeg(
      '-i',
      files.get(1)!.path,
      '-i',
      files.get(3)!.path,
      '-filter_complex',
      '[0:v]scale=240:240,setsar=1[a];[1:v]setsar=1[b];[a][b]concat=n=2:v=1:a=0',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      joined,
    );
    const shots = await renderer.detectShots(joined, 8);
    expect(shots.length).toBeGreaterThanOrEqual(2);
    expect(shots.some(([a]) => Math.abs(a - 4) < 0.2)).toBe(true);

    const speech = join(dir, 'speech.wav');
    makeAudio(speech, {
      frequency: 300,
      seconds: 4,
      spans: [
        [1, 2],
        [2.8, 3.5],
      ],
    });
    const spans = await renderer.detectSpeech(speech, 4);
    expect(spans).toHaveLength(2);
    expect(spans[0]?.[0]).toBeCloseTo(1, 1);
    expect(spans[1]?.[1]).toBeCloseTo(3.5, 1);
  });
});
