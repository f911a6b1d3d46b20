import type { ClipPlan, ClipTaskInputOf } from '@vidmatrix/contract/api/clip-task';
import { Msg } from '@vidmatrix/contract/messages';
import { createRng } from '../random.ts';
import { PickSpace, pickDistinct, type Choice } from '../space.ts';
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
  const space = new PickSpace(pool, Math.min(task.shotsPerVideo, pool.length), false);
  const picks = pickDistinct(space, task.count, rng, ctx.avoid);
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
      },
      dedupOf(task.dedup, own),
    );
  });
}
