import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clipFilter, clipTransition } from '@vidmatrix/contract/api/clip-task';
import { CLIP_LOOK_PREVIEW_SIZE, CLIP_TRANSITION_PREVIEW_FRAMES } from '@vidmatrix/contract/constants';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOOKS, xfadeFilter } from './filter-graph.ts';
import {
  lookPreviewRun,
  lookPreviewVersion,
  SAMPLE_A,
  SAMPLE_B,
  transitionPreviewRun,
  type PreviewRun,
} from './look-preview.ts';

// Each look's and transition's preview is that option's own output: rendered here by the preview
// runs, and compared with the sample sent alone through the filter the renderer uses for it.

const { width: W, height: H } = CLIP_LOOK_PREVIEW_SIZE;
const N = CLIP_TRANSITION_PREVIEW_FRAMES;
let dir = '';

const ffmpeg = (args: string[]) => execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
const pixels = async (path: string, left = 0, width?: number) => {
  const image = sharp(path);
  const cut = width === undefined ? image : image.extract({ left, top: 0, width, height: H });
  return cut.removeAlpha().raw().toBuffer();
};
/** Mean absolute difference of two same-sized RGB pictures, 0–255. */
const distance = (a: Buffer, b: Buffer) => {
  expect(a.length).toBe(b.length);
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  }
  return sum / a.length;
};
/** The previews that show the same picture as `reference` (JPEG noise aside), by index. */
const sameAs = (previews: Buffer[], reference: Buffer) =>
  previews.flatMap((p, i) => (distance(p, reference) < 0.5 ? [i] : []));
/** Every `step`-th option (a lone render of each costs a process; the pure tests cover the rest). */
const sampled = <T>(options: readonly T[], step: number) => options.filter((_, i) => i % step === 0);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'vm-look-preview-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('look and transition previews (pure)', () => {
  const segment = (run: PreviewRun<string>, i: number) => {
    const graph = run.args[run.args.indexOf('-filter_complex') + 1] ?? '';
    return graph.split(';').find((s) => s.endsWith(`[o${i}]`));
  };

  it('draws one preview per look the contract offers, through that look’s chain', () => {
    const run = lookPreviewRun('/p');
    expect(run.files.map((f) => f.option)).toEqual(clipFilter.options);
    run.files.forEach((f, i) => {
      expect(segment(run, i)).toBe(`[s${i}]format=yuv420p,${LOOKS[f.option] ?? 'null'}[o${i}]`);
      expect(run.args[run.args.indexOf(`[o${i}]`) + 5]).toBe(f.path);
    });
  });

  it('draws one strip per transition the contract offers, through the renderer’s xfade', () => {
    const run = transitionPreviewRun('/p');
    expect(run.files.map((f) => f.option)).toEqual(clipTransition.options);
    run.files.forEach((f, i) => {
      expect(segment(run, i)).toContain(`[a${i}][b${i}]${xfadeFilter(f.option, 1, 0)},`);
      expect(run.args[run.args.indexOf(`[o${i}]`) + 5]).toBe(f.path);
    });
  });

  it('changes its version (and so its storage folder) when what draws the previews changes', () => {
    const before = lookPreviewVersion();
    const warm = LOOKS.warm;
    try {
      LOOKS.warm = 'colorbalance=rs=0.2';
      expect(lookPreviewVersion()).not.toBe(before);
    } finally {
      LOOKS.warm = warm;
    }
    expect(lookPreviewVersion()).toBe(before);
  });
});

describe('look and transition previews (ffmpeg)', () => {
  it('shows each look as the sample through that look alone, and no two alike', async () => {
    const run = lookPreviewRun(dir);
    ffmpeg(run.args);
    const previews = await Promise.all(run.files.map((f) => pixels(f.path)));
    expect((await sharp(run.files[0]?.path).metadata()).width).toBe(W);
    const plain = previews[run.files.findIndex((f) => f.option === 'none')] as Buffer;
    for (const [i, p] of previews.entries()) {
      expect(sameAs(previews, p), run.files[i]?.option).toEqual([i]);
      // Visibly: 暖色 and 冷色 once moved shadows only and looked like 原色 on daylight footage.
      if (run.files[i]?.option !== 'none') {
        expect(distance(p, plain), run.files[i]?.option).toBeGreaterThanOrEqual(4);
      }
    }
    for (const f of sampled(clipFilter.options, 4)) {
      const path = join(dir, `ref-look-${f}.jpg`);
      const graph = `[0:v]${LOOKS[f] ?? 'null'}[o]`;
      ffmpeg([
        '-f',
        'lavfi',
        '-i',
        SAMPLE_A,
        '-filter_complex',
        graph,
        '-map',
        '[o]',
        '-frames:v',
        '1',
        '-q:v',
        '4',
        path,
      ]);
      expect(sameAs(previews, await pixels(path)), f).toEqual([run.files.findIndex((x) => x.option === f)]);
    }
  }, 60_000);

  it('shows each transition from picture A to picture B through its own xfade, and no two alike', async () => {
    const run = transitionPreviewRun(dir);
    ffmpeg(run.args);
    const still = (source: string, name: string) => {
      const path = join(dir, `ref-${name}.jpg`);
      ffmpeg(['-f', 'lavfi', '-i', source, '-frames:v', '1', '-q:v', '4', path]);
      return pixels(path);
    };
    const [a, b] = [await still(SAMPLE_A, 'a'), await still(SAMPLE_B, 'b')];
    const strips = await Promise.all(run.files.map((f) => pixels(f.path)));
    for (const [i, f] of run.files.entries()) {
      expect((await sharp(f.path).metadata()).width, f.option).toBe(W * N);
      expect(distance(await pixels(f.path, 0, W), a), `${f.option} starts on A`).toBeLessThan(8);
      expect(distance(await pixels(f.path, (N - 1) * W, W), b), `${f.option} ends on B`).toBeLessThan(8);
      expect(sameAs(strips, strips[i] as Buffer), f.option).toEqual([i]);
    }
    // A lone xfade of the transition, drawn apart from the preview run, is the file named for it.
    for (const t of sampled(clipTransition.options, 5)) {
      const path = join(dir, `ref-transition-${t}.jpg`);
      const graph = `[0:v][1:v]${xfadeFilter(t, 1, 0)},trim=end_frame=${N},tile=${N}x1[o]`;
      ffmpeg([
        ...['-f', 'lavfi', '-t', '1', '-i', SAMPLE_A, '-f', 'lavfi', '-t', '2', '-i', SAMPLE_B],
        ...['-filter_complex', graph, '-map', '[o]', '-frames:v', '1', '-q:v', '4', path],
      ]);
      expect(sameAs(strips, await pixels(path)), t).toEqual([run.files.findIndex((x) => x.option === t)]);
    }
  }, 120_000);
});
