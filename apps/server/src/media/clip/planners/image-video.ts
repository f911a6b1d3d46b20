import type { ClipTaskInputOf } from '@vidmatrix/contract/api/clip-task';
import type { ClipPlan } from '../plan-model.ts';
import { createRng } from '../random.ts';
import { PickSpace, pickDistinct } from '../space.ts';
import { dedupOf, musicDealer, planOf, segmentOf, templateOf, windowsOf, type PlanContext } from './shared.ts';

/** 图文成片: k images per video (a set, in seeded order) with pan/zoom; the lines shown (or read) over them. */
export function planImageVideo(task: ClipTaskInputOf<5>, ctx: PlanContext): ClipPlan[] {
  const rng = createRng(task.seed, 5);
  const pool = windowsOf(ctx, task.imageIds, task.secondsPerImage);
  const k = Math.min(task.imagesPerVideo, pool.length);
  const picks = pickDistinct(new PickSpace(pool, k, false), task.count, rng, ctx.avoid);
  const music = musicDealer(task, templateOf(task), rng);
  // More lines than images: the extra lines share the last image's paragraph.
  const paragraphs =
    task.lines.length > k ? [...task.lines.slice(0, k - 1), task.lines.slice(k - 1).join('')] : task.lines;
  return picks.map(({ key, combo }, index) => {
    const own = createRng(task.seed, 5, index);
    return planOf(
      task,
      index,
      key,
      {
        segments: combo.map((c, i) => {
          const paragraph = paragraphs.length
            ? Math.min(Math.floor((i * paragraphs.length) / k), paragraphs.length - 1)
            : null;
          const segment = segmentOf(c.value, task.secondsPerImage, paragraph, i === 0 ? null : task.transition, own);
          return { ...segment, motion: segment.motion ?? 'zoom-in' };
        }),
        paragraphs,
        voiced: task.voice && paragraphs.length > 0,
        musicId: music(index),
        main: null,
      },
      dedupOf(task.dedup, own),
    );
  });
}
