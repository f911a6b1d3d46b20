import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CLIP_MAX_WINDOWS } from '../constants.ts';
import { arrange, choose, clipVideoMax, COUNT_CAP, product, windowStarts } from './clip-count.ts';

describe('clip combination counts', () => {
  it('counts small cases exactly', () => {
    expect(choose(40, 5)).toBe(658_008);
    expect(choose(5, 0)).toBe(1);
    expect(choose(3, 4)).toBe(0);
    expect(arrange(5, 3)).toBe(60);
    expect(product([3, 4, 2])).toBe(24);
    expect(product([3, 0])).toBe(0);
  });
  it('saturates instead of overflowing', () => {
    expect(choose(1000, 500)).toBe(COUNT_CAP);
    expect(arrange(200, 30)).toBe(COUNT_CAP);
  });
  it('C(m,k) = C(m,k-1)·(m-k+1)/k while exact', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 40 }), (m, k) => {
        fc.pre(k <= m);
        expect(choose(m, k)).toBe(Math.round((choose(m, k - 1) * (m - k + 1)) / k));
      }),
    );
  });
});

describe('批量混剪 maximum (clipVideoMax)', () => {
  const video = (id: number, duration: number) => ({ id, kind: 'video' as const, duration });
  const image = (id: number) => ({ id, kind: 'image' as const, duration: 0 });
  it('counts whole segments of each video, one window per image, at most CLIP_MAX_WINDOWS', () => {
    expect(windowStarts(video(1, 10), 3)).toEqual([0, 3, 6]);
    expect(windowStarts(video(1, 2), 3)).toEqual([0]);
    expect(windowStarts(image(1), 3)).toEqual([0]);
    expect(windowStarts(video(1, 3600), 3)).toHaveLength(CLIP_MAX_WINDOWS);
  });
  it('is C(windows, segments) for a pool and the product of windows for groups', () => {
    // The small library under the defaults (3 segments × 3 s): two 4 s clips give no video.
    expect(clipVideoMax([[video(1, 4), video(2, 4)]], 3, 3)).toBe(0);
    expect(clipVideoMax([[video(1, 10), video(2, 7), image(3)]], 3, 3)).toBe(choose(6, 3));
    expect(clipVideoMax([[video(1, 4)], [video(2, 4)]], 5, 2)).toBe(4);
    // A material chosen twice counts once.
    expect(clipVideoMax([[image(3), image(3), image(4)]], 2, 3)).toBe(1);
  });
});
