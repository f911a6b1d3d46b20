import type { ClipTaskInput } from '@vidmatrix/contract/api/clip-task';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { richCtx, tasks } from './clip-fixtures.ts';
import { planClipTask } from './plan.ts';
import { ClipCapacityError } from './space.ts';

/**
 * How many distinct videos a mode's fixture allows: the count of combinations, or for CP拆拼 (whose
 * videos may share only half their shots) how many of them its seeded picks fit under that rule.
 */
function maximum(task: ClipTaskInput): number {
  try {
    planClipTask({ ...task, count: 10_000 }, richCtx);
    return Infinity;
  } catch (error) {
    if (error instanceof ClipCapacityError) {
      return error.max;
    }
    throw error;
  }
}

describe('clip planners', () => {
  const maxima = tasks(1, 1).map(maximum);

  it('know how many distinct videos their inputs allow', () => {
    // 1: C(windows 2+2+3+1+1 = 9, 3); 2: 4×4 windows; 3: of C(6 shots, 3) sets, those sharing at most
    // one shot with each other (four at best); 4: C(windows 2+2+1+1, 2);
    // 5: C(5,3); 6: 4×4; 7: 咖啡 4 windows × 蛋糕 4 windows + one sentence over the whole pool (10);
    // 8: (2 windows × 2 lines) × 1 image × (2 windows of 5 s × 1 line).
    expect(maxima).toEqual([84, 16, 4, 15, 10, 16, 4 * 4 + 10, 4 * 1 * 2]);
  });

  it('make N distinct combinations, and refuse N above the maximum naming it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 7 }),
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        fc.integer({ min: 1, max: 40 }),
        (m, seed, n) => {
          const task = tasks(n, seed)[m] as ClipTaskInput;
          const max = m === 2 ? maximum(task) : (maxima[m] as number);
          if (n > max) {
            expect(() => planClipTask(task, richCtx)).toThrow(`素材最多可以生成${max}个不重复的视频`);
            return;
          }
          const plans = planClipTask(task, richCtx);
          expect(plans).toHaveLength(n);
          expect(new Set(plans.map((p) => p.key)).size).toBe(n);
        },
      ),
      { numRuns: 120 },
    );
  });

  it('reproduce with the same seed and differ with another', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 7 }), fc.integer({ min: 0, max: 2 ** 32 - 2 }), (m, seed) => {
        const n = Math.min(5, m === 2 ? maximum(tasks(1, seed)[m] as ClipTaskInput) : (maxima[m] as number));
        const once = planClipTask(tasks(n, seed)[m] as ClipTaskInput, richCtx);
        const again = planClipTask(tasks(n, seed)[m] as ClipTaskInput, richCtx);
        expect(again).toEqual(once);
      }),
      { numRuns: 40 },
    );
  });

  it('avoid combinations made before and count them out of the maximum', () => {
    const task = tasks(5, 7)[0] as ClipTaskInput;
    const first = planClipTask(task, richCtx).map((p) => p.key);
    const later = planClipTask({ ...task, seed: 7 }, { ...richCtx, avoid: first }).map((p) => p.key);
    expect(later.filter((k) => first.includes(k))).toEqual([]);
    const all = planClipTask({ ...task, count: 84 }, richCtx).map((p) => p.key);
    expect(() => planClipTask({ ...task, count: 1 }, { ...richCtx, avoid: all })).toThrow('已全部生成过');
    expect(() => planClipTask({ ...task, count: 3 }, { ...richCtx, avoid: all.slice(0, 82) })).toThrow(
      '最多可以生成2个',
    );
  });

  it('spread picks over the least-used segments', () => {
    const task = tasks(12, 3)[1] as ClipTaskInput;
    const plans = planClipTask(task, richCtx);
    const uses = new Map<string, number>();
    for (const p of plans) {
      for (const s of p.segments) {
        uses.set(`${s.materialId}@${s.start}`, (uses.get(`${s.materialId}@${s.start}`) ?? 0) + 1);
      }
    }
    // 12 videos × 2 steps over 8 windows: every window used, none more than twice the fair share.
    expect(uses.size).toBe(8);
    expect(Math.max(...uses.values())).toBeLessThanOrEqual(6);
  });

  it('match AI-written sentences to materials by tags', () => {
    const task = tasks(1, 1)[6] as ClipTaskInput;
    const plans = planClipTask({ ...task, count: 16 }, richCtx);
    for (const p of plans.filter((x) => x.paragraphs.length === 2)) {
      expect(p.segments.map((s) => s.materialId)).toEqual([5, 6]);
    }
  });

  it('snapshot: one plan per mode', () => {
    expect(tasks(2, 42).map((t) => planClipTask(t, richCtx))).toMatchSnapshot();
  });
});
