import type { ClipTaskInputOf } from '@vidmatrix/contract/api/clip-task';
import type { ClipPlan } from '../plan-model.ts';
import { CLIP_DEFAULT_GROUP_SECONDS } from '@vidmatrix/contract/constants';
import { createRng } from '../random.ts';
import { ProductSpace, pickDistinct, type Choice } from '../space.ts';
import {
  dedupOf,
  musicDealer,
  planOf,
  segmentOf,
  templateOf,
  windowsOf,
  type PlanContext,
  type Window,
} from './shared.ts';

interface GroupPick {
  window: Window;
  line: string | null;
}

/** 分组混剪: per group a (material, line) choice; the videos are the cross product, in group order. */
export function planGroupClip(task: ClipTaskInputOf<8>, ctx: PlanContext): ClipPlan[] {
  const rng = createRng(task.seed, 8);
  const slots = task.groups.map((g) =>
    windowsOf(ctx, g.materialIds, CLIP_DEFAULT_GROUP_SECONDS).flatMap((w): Choice<GroupPick>[] =>
      g.lines.length
        ? g.lines.map((line, i) => ({ id: `${w.id}#${i}`, materialId: w.materialId, value: { window: w.value, line } }))
        : [{ id: w.id, materialId: w.materialId, value: { window: w.value, line: null } }],
    ),
  );
  const picks = pickDistinct(new ProductSpace(slots), task.count, rng, ctx.avoid);
  const music = musicDealer(task, templateOf(task), rng);
  return picks.map(({ key, combo }, index) => {
    const own = createRng(task.seed, 8, index);
    const paragraphs: string[] = [];
    const segments = combo.map((c) => {
      const paragraph = c.value.line === null ? null : paragraphs.push(c.value.line) - 1;
      return segmentOf(c.value.window, CLIP_DEFAULT_GROUP_SECONDS, paragraph, null, own);
    });
    return planOf(
      task,
      index,
      key,
      { segments, paragraphs, voiced: paragraphs.length > 0, musicId: music(index), main: null },
      dedupOf(task.dedup, own),
    );
  });
}
