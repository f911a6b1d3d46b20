import type { ClipTaskInputOf } from '@vidmatrix/contract/api/clip-task';
import type { ClipPlan } from '../plan-model.ts';
import { CLIP_SEGMENT_SECONDS } from '@vidmatrix/contract/constants';
import { createRng } from '../random.ts';
import { ProductSpace, pickDistinct } from '../space.ts';
import {
  dedupOf,
  musicDealer,
  planOf,
  segmentOf,
  templateOf,
  transitionOf,
  windowsOf,
  type PlanContext,
} from './shared.ts';

/** 脚本剪辑: steps in order, each showing one of its media while its line is spoken. */
export function planScriptClip(task: ClipTaskInputOf<2>, ctx: PlanContext): ClipPlan[] {
  const template = templateOf(task);
  const rng = createRng(task.seed, 2);
  const space = new ProductSpace(task.steps.map((s) => windowsOf(ctx, s.materialIds, CLIP_SEGMENT_SECONDS)));
  const picks = pickDistinct(space, task.count, rng, ctx.avoid);
  const music = musicDealer(task, template, rng);
  return picks.map(({ key, combo }, index) => {
    const own = createRng(task.seed, 2, index);
    return planOf(
      task,
      index,
      key,
      {
        segments: combo.map((c, i) =>
          segmentOf(c.value, CLIP_SEGMENT_SECONDS, i, transitionOf(template, own, i === 0), own),
        ),
        paragraphs: task.steps.map((s) => s.text),
        voiced: true,
        musicId: music(index),
        main: null,
      },
      dedupOf(task.dedup, own),
    );
  });
}
