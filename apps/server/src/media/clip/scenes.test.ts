import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { ffmpeg, fixtureDir } from '@vidmatrix/fixtures';
import { afterAll, describe, expect, it } from 'vitest';
import { ClipRenderer } from './render.ts';
import { cutsFromScores, parseSceneScores, type SceneScore } from './scenes.ts';

/** Scores at 15 fps: steady footage at `base`, with the given frames set. */
function scores(count: number, base: number, set: Record<number, number> = {}): SceneScore[] {
  return Array.from({ length: count }, (_, i) => ({ time: i / 15, score: set[i] ?? base }));
}

describe('scene cuts from ffmpeg scene scores', () => {
  it('reads metadata=print pairs of time and score', () => {
    const log = [
      '[Parsed_metadata_2 @ 0x1] frame:0    pts:0       pts_time:0',
      '[Parsed_metadata_2 @ 0x1] lavfi.scene_score=0.000000',
      'Output #0, null, to pipe:',
      '[Parsed_metadata_2 @ 0x1] frame:15   pts:15360   pts_time:1',
      '[Parsed_metadata_2 @ 0x1] lavfi.scene_score=0.289000',
    ].join('\n');
    expect(parseSceneScores(log)).toEqual([
      { time: 0, score: 0 },
      { time: 1, score: 0.289 },
    ]);
  });

  it('finds a cut under the old fixed 0.3, once, though the frame after it scores high too', () => {
    expect(cutsFromScores(scores(30, 0.005, { 15: 0.29, 16: 0.15 }))).toEqual([1]);
  });

  it('takes neither busy footage nor the start of the file for a cut', () => {
    // Every frame of a shaky shot scores about 0.15; one a little higher is still the same shot.
    const busy = scores(30, 0.15, { 1: 0.3, 12: 0.2 });
    expect(cutsFromScores(busy)).toEqual([]);
    expect(cutsFromScores(scores(30, 0.002, { 1: 0.4 }))).toEqual([]);
  });
});

describe('shot detection on generated footage (real ffmpeg)', () => {
  const dir = fixtureDir('vm-scenes-');
  const renderer = new ClipRenderer();
  const pattern = (crop: string) =>
    `testsrc2=size=320x180:rate=15:duration=1,crop=240:135:${crop},scale=320:180,setsar=1`;
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('cuts where the same set is framed again (a hard cut scoring 0.29), nowhere else', async () => {
    const file = join(dir, 'reframed.mp4');
    ffmpeg(
      '-f',
      'lavfi',
      '-i',
      pattern('0:0'),
      '-f',
      'lavfi',
      '-i',
      pattern('16:9'),
      '-filter_complex',
      '[0:v][1:v]concat=n=2:v=1[v]',
      '-map',
      '[v]',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      file,
    );
    const shots = await renderer.detectShots(file, 2);
    expect(shots).toHaveLength(2);
    expect(shots[0]?.[1]).toBeCloseTo(1, 1);
  });

  it('leaves a fade to black as one shot', async () => {
    const file = join(dir, 'fade.mp4');
    ffmpeg(
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=320x180:rate=15:duration=2,fade=t=out:st=0.5:d=1',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      file,
    );
    expect(await renderer.detectShots(file, 2)).toEqual([[0, 2]]);
  });
});
