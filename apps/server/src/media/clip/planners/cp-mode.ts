import type { ClipTaskInputOf } from '@vidmatrix/contract/api/clip-task';
import type { ClipPlan } from '../plan-model.ts';
import { Msg } from '@vidmatrix/contract/messages';
import { createRng } from '../random.ts';
import { ClipCapacityError, PickSpace, pickDistinct, type Choice, type Fits } from '../space.ts';
import {
  ClipInputError,
  dedupOf,
  materialOf,
  musicDealer,
  planOf,
  round3,
  templateOf,
  type PlanContext,
} from './shared.ts';

interface Shot {
  materialId: number;
  start: number;
  length: number;
}

/** Shorter pieces than this are flashes, not shots. */
const MIN_SHOT_SECONDS = 0.5;

/**
 * Videos of k shots may share at most ⌊k/2⌋ of them with any other of the batch: distinct sets alone let
 * two videos share all shots but one, which reads as the same video to a viewer (and to a platform).
 */
export function sharesAtMostHalf<T>(k: number): Fits<T> {
  const most = Math.floor(k / 2);
  return (combo, picked) => {
    const ids = new Set(combo.map((c) => c.id));
    return picked.every((p) => p.combo.filter((c) => ids.has(c.id)).length <= most);
  };
}

/** Seeded greedy packings tried before the task is refused: one can stall early (two disjoint sets of six shots). */
const PACKINGS = 6;

/** The first packing that reaches the count, or a refusal naming the most any of them reached. */
function pickSpread(space: PickSpace<Shot>, task: ClipTaskInputOf<3>, ctx: PlanContext, fits: Fits<Shot>) {
  let most = 0;
  for (let attempt = 0; attempt < PACKINGS; attempt += 1) {
    try {
      return pickDistinct(space, task.count, createRng(task.seed, 3, -1 - attempt), ctx.avoid, fits);
    } catch (error) {
      if (!(error instanceof ClipCapacityError)) {
        throw error;
      }
      most = Math.max(most, error.max);
    }
  }
  throw new ClipCapacityError(most);
}

/** CP拆拼: the sources' shots (scene detection) recombined across sources, k per video, as a set. */
export function planCpMode(task: ClipTaskInputOf<3>, ctx: PlanContext): ClipPlan[] {
  const rng = createRng(task.seed, 3);
  const pool: Choice<Shot>[] = [];
  for (const id of new Set(task.sourceIds)) {
    const source = materialOf(ctx, id);
    const shots = ctx.shots?.get(id) ?? [[0, source.duration] as const];
    for (const [start, end] of shots) {
      const length = round3(Math.min(end - start, task.maxShotSeconds));
      if (length >= MIN_SHOT_SECONDS) {
        pool.push({
          id: `${id}@${round3(start)}`,
          materialId: id,
          value: { materialId: id, start: round3(start), length },
        });
      }
    }
  }
  if (pool.length === 0) {
    throw new ClipInputError(Msg.clipNoShots);
  }
  const k = Math.min(task.shotsPerVideo, pool.length);
  const space = new PickSpace(pool, k, false);
  const picks = pickSpread(space, task, ctx, sharesAtMostHalf(k));
  const music = musicDealer(task, templateOf(task), rng);
  return picks.map(({ key, combo }, index) => {
    const own = createRng(task.seed, 3, index);
    return planOf(
      task,
      index,
      key,
      {
        segments: combo.map((c) => ({ ...c.value, paragraph: null, motion: null, transition: null, at: null })),
        paragraphs: [],
        voiced: false,
        musicId: music(index),
        main: null,
        sourceAudio: task.keepSourceAudio,
      },
      dedupOf(task.dedup, own),
    );
  });
}
