import type { ClipTaskInputOf } from '@vidmatrix/contract/api/clip-task';
import type { ClipPlan } from '../plan-model.ts';
import { CLIP_SEGMENT_SECONDS } from '@vidmatrix/contract/constants';
import { createRng } from '../random.ts';
import { ProductSpace, pickDistinct } from '../space.ts';
import { dealer, dedupOf, musicDealer, planOf, segmentOf, templateOf, windowsOf, type PlanContext } from './shared.ts';

/** 一键成片: one segment per group in group order, one whole narration per video; the voice sets the length. */
export function planOneClick(task: ClipTaskInputOf<6>, ctx: PlanContext): ClipPlan[] {
  const rng = createRng(task.seed, 6);
  const space = new ProductSpace(task.groups.map((g) => windowsOf(ctx, g.materialIds, CLIP_SEGMENT_SECONDS)));
  const picks = pickDistinct(space, task.count, rng, ctx.avoid);
  // Scripts are dealt without repeats while any remain unused (as Alibaba ICE does).
  const script = dealer(task.scripts, rng);
  const music = musicDealer(task, templateOf(task), rng);
  return picks.map(({ key, combo }, index) => {
    const own = createRng(task.seed, 6, index);
    return planOf(
      task,
      index,
      key,
      {
        segments: combo.map((c) => segmentOf(c.value, CLIP_SEGMENT_SECONDS, 0, null, own)),
        paragraphs: [script(index) ?? ''],
        voiced: true,
        musicId: music(index),
        main: null,
      },
      dedupOf(task.dedup, own),
    );
  });
}
