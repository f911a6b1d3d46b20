import { clipTaskInput } from '@vidmatrix/contract/api/clip-task';
import { type ClipMaterial } from '../plan-model.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ClipCapacityError } from '../space.ts';
import { planCpMode } from './cp-mode.ts';

/** `sources` long videos of `shots` equal shots each. */
function library(sources: number, shots: number) {
  const materials = new Map<number, ClipMaterial>();
  const cuts = new Map<number, [number, number][]>();
  for (let id = 1; id <= sources; id += 1) {
    materials.set(id, {
      id,
      kind: 'video',
      name: `s${id}.mp4`,
      duration: shots * 2,
      width: 1920,
      height: 1080,
      tags: [],
    });
    cuts.set(
      id,
      Array.from({ length: shots }, (_, i) => [i * 2, i * 2 + 2]),
    );
  }
  return { materials, shots: cuts };
}

function task(sources: number, shotsPerVideo: number, count: number, seed: number) {
  const raw = {
    clip_model: 3,
    name: 't',
    seed,
    count,
    sourceIds: Array.from({ length: sources }, (_, i) => i + 1),
    shotsPerVideo,
  };
  const parsed = clipTaskInput.parse(raw);
  if (parsed.clip_model !== 3) {
    throw new Error('not mode 3');
  }
  return parsed;
}

const shotIds = (p: { segments: { materialId: number; start: number }[] }) =>
  p.segments.map((s) => `${s.materialId}@${s.start}`);

describe('CP拆拼 planner', () => {
  it('never lets two videos share more than half their shots (or says how many it can make)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        (sources, shots, k, count, seed) => {
          const ctx = library(sources, shots);
          let plans;
          try {
            plans = planCpMode(task(sources, k, count, seed), ctx);
          } catch (error) {
            expect(error).toBeInstanceOf(ClipCapacityError);
            expect((error as ClipCapacityError).max).toBeLessThan(count);
            return;
          }
          expect(plans).toHaveLength(count);
          const sets = plans.map((p) => new Set(shotIds(p)));
          for (const [i, a] of sets.entries()) {
            for (const b of sets.slice(i + 1)) {
              expect([...a].filter((id) => b.has(id)).length).toBeLessThanOrEqual(Math.floor(a.size / 2));
            }
          }
        },
      ),
      { numRuns: 80 },
    );
  });

  it('makes the issue’s batch (two sources of four shots, four shots a video, three videos) from half-distinct shots', () => {
    const plans = planCpMode(task(2, 4, 3, 7), library(2, 4));
    const [a, b, c] = plans.map((p) => new Set(shotIds(p)));
    for (const [x, y] of [
      [a, b],
      [a, c],
      [b, c],
    ] as const) {
      expect([...(x ?? [])].filter((id) => y?.has(id)).length).toBeLessThanOrEqual(2);
    }
  });
});
