import type { ClipTaskInputOf } from '@vidmatrix/contract/api/clip-task';
import type { ClipPlan } from '../plan-model.ts';
import { clipVideoMax } from '@vidmatrix/contract/rules/clip-count';
import { createRng } from '../random.ts';
import { ClipCapacityError, PickSpace, ProductSpace, pickDistinct, type Space } from '../space.ts';
import {
  dealer,
  dedupOf,
  materialOf,
  musicDealer,
  planOf,
  segmentOf,
  templateOf,
  transitionOf,
  windowsOf,
  type PlanContext,
  type Window,
} from './shared.ts';

/** 批量混剪: one pool (k segments as a set) or groups (one segment each, in order), one line per video. */
export function planClipVideo(task: ClipTaskInputOf<1>, ctx: PlanContext): ClipPlan[] {
  // The same figure the form shows while the member chooses (before the combinations already made).
  const max = clipVideoMax(
    task.groups.map((g) => g.materialIds.map((id) => materialOf(ctx, id))),
    task.segments,
    task.segmentSeconds,
  );
  if (task.count > max) {
    throw new ClipCapacityError(max, false);
  }
  const template = templateOf(task);
  const rng = createRng(task.seed, 1);
  const [only] = task.groups;
  const space: Space<Window> =
    task.groups.length === 1 && only
      ? new PickSpace(windowsOf(ctx, only.materialIds, task.segmentSeconds), task.segments, false)
      : new ProductSpace(task.groups.map((g) => windowsOf(ctx, g.materialIds, task.segmentSeconds)));
  const picks = pickDistinct(space, task.count, rng, ctx.avoid);
  const line = dealer(task.lines, rng);
  const music = musicDealer(task, template, rng);
  return picks.map(({ key, combo }, index) => {
    const own = createRng(task.seed, 1, index);
    const text = line(index);
    return planOf(
      task,
      index,
      key,
      {
        segments: combo.map((c, i) =>
          segmentOf(c.value, task.segmentSeconds, text ? 0 : null, transitionOf(template, own, i === 0), own),
        ),
        paragraphs: text ? [text] : [],
        voiced: text !== null,
        musicId: music(index),
        main: null,
      },
      dedupOf(task.dedup, own),
    );
  });
}
