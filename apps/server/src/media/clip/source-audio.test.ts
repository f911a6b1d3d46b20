import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fixtureDir, makeAudio, makeVideo, toneSource } from '@vidmatrix/fixtures';
import { clipTaskInput } from '@vidmatrix/contract/api/clip-task';
import { type ClipMaterial } from './plan-model.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planClipTask } from './plan.ts';
import { templateOf } from './planners/shared.ts';
import { produceVideo } from './produce.ts';
import { ClipRenderer } from './render.ts';
import type { ResolvedMaterial } from './timeline.ts';
import { EspeakTts } from './tts/espeak.ts';

// CP拆拼 保留原声 on tiny fixtures: two 1 s sources, one with a 300 Hz tone and one without any audio
// stream, cut into two shots each; the music is a 2 kHz tone, so the two sounds are told apart by frequency.
let dir = '';
const renderer = new ClipRenderer();
const materials = new Map<number, ClipMaterial>();
const files = new Map<number, ResolvedMaterial>();
let music = '';

beforeAll(() => {
  dir = fixtureDir('vm-source-audio-');
  const source = (id: number, audio?: string) => {
    const path = join(dir, `s${id}.mp4`);
    makeVideo(path, { width: 160, height: 120, rate: 15, seconds: 1, pattern: 'testsrc2', audio });
    materials.set(id, { id, kind: 'video', name: `s${id}.mp4`, duration: 1, width: 160, height: 120, tags: [] });
    files.set(id, { path, kind: 'video', duration: 1 });
  };
  source(1, toneSource({ frequency: 300, seconds: 1 }));
  source(2);
  music = join(dir, 'music.wav');
  makeAudio(music, { seconds: 2, frequency: 2000, channels: 2 });
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Mean volume (dB) of a file's sound after a band-pass around `hz`. */
function loudness(file: string, hz: number): number {
  const { stderr } = spawnSync(
    'ffmpeg',
    ['-hide_banner', '-nostdin', '-i', file, '-af', `bandpass=f=${hz}:w=100,volumedetect`, '-f', 'null', '-'],
    { encoding: 'utf8' },
  );
  const mean = /mean_volume: (-?[\d.]+) dB/.exec(stderr);
  return mean ? Number(mean[1]) : -Infinity;
}

async function render(keepSourceAudio: boolean, name: string): Promise<string> {
  const task = clipTaskInput.parse({
    clip_model: 3,
    name: 't',
    count: 1,
    seed: 4,
    musicIds: [9],
    sourceIds: [1, 2],
    shotsPerVideo: 4,
    keepSourceAudio,
  });
  const shots = new Map([
    [1, [[0, 0.5] as const, [0.5, 1] as const]],
    [2, [[0, 0.5] as const, [0.5, 1] as const]],
  ]);
  const [plan] = planClipTask(task, { materials, shots });
  if (!plan) {
    throw new Error('no plan');
  }
  const output = join(dir, `${name}.mp4`);
  await produceVideo(renderer, {
    plan,
    template: templateOf(task),
    materials: files,
    musicPath: music,
    tts: new EspeakTts(),
    fontsDir: '/usr/share/fonts',
    workDir: join(dir, `${name}-work`),
    output,
    size: { width: 180, height: 320 },
    fps: 15,
    encode: { preset: 'ultrafast', crf: 35 },
  });
  return output;
}

describe('CP拆拼 保留原声 (real ffmpeg)', () => {
  it('keeps the sources’ own sound under the music, and drops it when not asked', async () => {
    const kept = await render(true, 'kept');
    const dropped = await render(false, 'dropped');
    // The source's 300 Hz tone is heard only when kept; the music plays in both.
    expect(loudness(kept, 300) - loudness(dropped, 300)).toBeGreaterThan(15);
    expect(loudness(kept, 2000)).toBeGreaterThan(-60);
    expect(loudness(dropped, 2000)).toBeGreaterThan(-60);
  });
});
