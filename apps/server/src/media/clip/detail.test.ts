import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeVideo, toneSource } from '@vidmatrix/fixtures';
import { clipTaskInput } from '@vidmatrix/contract/api/clip-task';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countPixels, readFrame } from '../../../test/frames.ts';
import { bestOffset, coverFocus, detailProfile } from './detail.ts';
import type { RenderSpec } from './filter-graph.ts';
import { planClipTask } from './plan.ts';
import { templateOf } from './planners/shared.ts';
import { produceVideo } from './produce.ts';
import { ClipRenderer } from './render.ts';
import { EspeakTts } from './tts/espeak.ts';

// The cover fit crops around the picture's detail (issue 24). A landscape source with its subject (a
// magenta block) at 79–90 % of the width, in a portrait frame: the crop keeps the subject, and the
// centre crop of the very same render spec loses it (so the pixel check can tell the two apart).

const SIZE = { width: 180, height: 320 };
let dir = '';
const renderer = new ClipRenderer();
let source = '';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'vm-clip-detail-'));
  source = join(dir, 'subject-right.mp4');
  makeVideo(source, {
    width: 320,
    height: 180,
    rate: 15,
    seconds: 3,
    pattern: 'color',
    filter: 'drawbox=x=0:y=0:w=iw:h=ih:color=0x505050:t=fill,drawbox=x=252:y=60:w=36:h=60:color=magenta:t=fill',
  });
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Magenta pixels in the frame 1 s into a video. */
function subjectPixels(file: string): number {
  return countPixels(readFrame(file, 1), ([r = 0, g = 0, b = 0]) => r > 170 && b > 170 && g < 100);
}

describe('detail-aware cover crop', () => {
  it('places the window where the detail is, and keeps the centre when the detail is spread evenly', () => {
    const flat = new Array<number>(48).fill(10);
    expect(bestOffset(flat, 0.3)).toBe(0.5);
    const right = new Array<number>(48).fill(1);
    right[40] = 500;
    right[43] = 500;
    const x = bestOffset(right, 0.3);
    // The window (14.4 cells) must hold cells 40 and 43: it starts at or after cell 29.
    expect(x * (48 - 14.4)).toBeGreaterThanOrEqual(43 + 1 - 14.4);
    expect(x * (48 - 14.4)).toBeLessThanOrEqual(40);
    // A landscape source in a portrait frame slides only sideways.
    const focus = coverFocus({ cols: right, rows: flat }, { width: 320, height: 180 }, SIZE);
    expect(focus.y).toBe(0.5);
    expect(focus.x).toBeGreaterThan(0.8);
  });

  it('reads the profile of frames laid side by side', () => {
    // Two 4×4 frames, each with one bright column at x = 2.
    const gray = new Uint8Array(4 * 4 * 2);
    for (let y = 0; y < 4; y += 1) {
      for (const f of [0, 1]) {
        gray[y * 8 + f * 4 + 2] = 200;
      }
    }
    const { cols, rows } = detailProfile(gray, 4, 2);
    // The steps into and out of the bright column, in both frames.
    expect(cols).toEqual([0, 1600, 1600, 0]);
    expect(rows).toEqual([800, 800, 800, 800]);
  });

  it('a cover-fit render keeps an off-centre subject in the frame; the centre crop of the same spec does not', async () => {
    const task = clipTaskInput.parse({
      name: 't',
      count: 1,
      seed: 1,
      clip_model: 1,
      template: { subtitle: null, transition: null, music: { policy: 'none' }, fit: 'cover' },
      groups: [{ materialIds: [1] }],
      segments: 1,
      segmentSeconds: 2,
      lines: ['好'],
    });
    const template = templateOf(task);
    expect(template.fit).toBe('cover');
    const [plan] = planClipTask(task, {
      materials: new Map([
        [1, { id: 1, kind: 'video', name: 's.mp4', duration: 3, width: 320, height: 180, tags: [] }],
      ]),
    });
    if (!plan) {
      throw new Error('no plan');
    }
    let spec: RenderSpec | null = null;
    const output = join(dir, 'cover.mp4');
    await produceVideo(renderer, {
      plan: { ...plan, voiced: false, dedup: null },
      template,
      materials: new Map([[1, { path: source, kind: 'video', duration: 3 }]]),
      musicPath: null,
      tts: new EspeakTts(),
      fontsDir: '/usr/share/fonts',
      workDir: join(dir, 'work'),
      output,
      size: SIZE,
      fps: 15,
      encode: { preset: 'ultrafast', crf: 30 },
      onSpec: (s) => {
        spec = s;
      },
    });
    expect(subjectPixels(output)).toBeGreaterThan(1000);

    const centred = join(dir, 'centre.mp4');
    const seen = spec as RenderSpec | null;
    if (!seen) {
      throw new Error('no spec');
    }
    expect(seen.clips[0]?.focus?.x).toBeGreaterThan(0.8);
    await renderer.render({ ...seen, clips: seen.clips.map(({ focus: _, ...c }) => c), output: centred });
    expect(subjectPixels(centred)).toBe(0);

    // 口播: the main clip (a landscape presenter off to the right) is cropped around its detail too.
    const head = join(dir, 'head.mp4');
    makeVideo(head, {
      width: 320,
      height: 180,
      rate: 15,
      seconds: 2,
      pattern: 'color',
      filter: 'drawbox=x=0:y=0:w=iw:h=ih:color=0x505050:t=fill,drawbox=x=252:y=60:w=36:h=60:color=magenta:t=fill',
      audio: toneSource({ frequency: 300, seconds: 2, spans: [[0.2, 1.8]] }),
    });
    const oral = join(dir, 'oral.mp4');
    await produceVideo(renderer, {
      plan: {
        ...plan,
        mode: 4,
        segments: [],
        paragraphs: [],
        voiced: false,
        dedup: null,
        main: { materialId: 2, keep: null, chromaKey: false },
      },
      template,
      materials: new Map([[2, { path: head, kind: 'digital_human', duration: 2 }]]),
      musicPath: null,
      tts: new EspeakTts(),
      fontsDir: '/usr/share/fonts',
      workDir: join(dir, 'work-oral'),
      output: oral,
      size: SIZE,
      fps: 15,
      encode: { preset: 'ultrafast', crf: 30 },
    });
    expect(subjectPixels(oral)).toBeGreaterThan(1000);
  });
});
