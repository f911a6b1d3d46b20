import type { ClipTaskInputOf } from '@vidmatrix/contract/api/clip-task';
import type { ClipPlan, PlanSegment } from '../plan-model.ts';
import { createRng } from '../random.ts';
import { PickSpace, pickDistinct } from '../space.ts';
import { dedupOf, materialOf, musicDealer, planOf, round3, templateOf, windowsOf, type PlanContext } from './shared.ts';

/** Speech spans are widened by this much when silences are cut, so words keep their edges. */
const KEEP_PAD = 0.1;

/**
 * 口播: the main clip plays whole (or with its silences cut); B-roll cutaways start at sentence
 * boundaries (ends of speech spans). With a chroma key the presenter stands over a B-roll sequence.
 */
export function planOral(task: ClipTaskInputOf<4>, ctx: PlanContext): ClipPlan[] {
  const rng = createRng(task.seed, 4);
  const main = materialOf(ctx, task.mainId);
  const speech = ctx.speech?.length ? ctx.speech : [[0, main.duration] as const];
  const keep = task.cutSilence
    ? speech.map(
        ([a, b]) =>
          [round3(Math.max(0, a - KEEP_PAD)), round3(Math.min(main.duration, b + KEEP_PAD))] as [number, number],
      )
    : null;
  const length = keep ? keep.reduce((sum, [a, b]) => sum + b - a, 0) : main.duration;
  // Sentence boundaries on the output timeline (after any cut), the last one excluded.
  const boundaries: number[] = [];
  let elapsed = 0;
  for (const [i, [a, b]] of speech.entries()) {
    const end = keep ? elapsed + ((keep[i]?.[1] ?? b) - (keep[i]?.[0] ?? a)) : b;
    elapsed = end;
    if (i < speech.length - 1) {
      boundaries.push(round3(end));
    }
  }
  const pool = windowsOf(ctx, task.brollIds, task.brollSeconds);
  const k = task.chromaKey
    ? Math.min(Math.max(1, task.brolls), pool.length)
    : Math.min(task.brolls, pool.length, boundaries.length);
  const picks = pickDistinct(new PickSpace(pool, k, false), task.count, rng, ctx.avoid);
  const music = musicDealer(task, templateOf(task), rng);
  // Cutaways at evenly spread boundaries, so they do not bunch at the start.
  const at = Array.from(
    { length: k },
    (_, i) => boundaries[Math.floor(((i + 0.5) * boundaries.length) / Math.max(k, 1))] ?? 0,
  );
  return picks.map(({ key, combo }, index) => {
    const own = createRng(task.seed, 4, index);
    const segments = combo.map((c, i): PlanSegment => ({
      materialId: c.materialId,
      start: c.value.start,
      length: task.chromaKey
        ? round3(length / k)
        : round3(Math.min(task.brollSeconds, Math.max(0.5, length - (at[i] ?? 0)))),
      paragraph: null,
      motion: c.value.kind === 'image' ? 'zoom-in' : null,
      transition: null,
      at: task.chromaKey ? null : (at[i] ?? 0),
    }));
    return planOf(
      task,
      index,
      key,
      {
        segments,
        paragraphs: task.lines,
        voiced: false,
        musicId: music(index),
        main: { materialId: main.id, keep, chromaKey: task.chromaKey },
      },
      dedupOf(task.dedup, own),
    );
  });
}
