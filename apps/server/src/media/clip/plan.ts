import type { ClipTaskInput } from '@vidmatrix/contract/api/clip-task';
import type { ClipPlan } from './plan-model.ts';
import { planAiClip } from './planners/ai-clip.ts';
import { planClipVideo } from './planners/clip-video.ts';
import { planCpMode } from './planners/cp-mode.ts';
import { planGroupClip } from './planners/group-clip.ts';
import { planImageVideo } from './planners/image-video.ts';
import { planOneClick } from './planners/one-click.ts';
import { planOral } from './planners/oral.ts';
import { planScriptClip } from './planners/script-clip.ts';
import type { PlanContext } from './planners/shared.ts';

/**
 * N render plans of a clip task: pure, seeded (the same task and context give the same plans) and
 * distinct by combination key. Throws ClipCapacityError (with the maximum) or ClipInputError.
 */
export function planClipTask(task: ClipTaskInput, ctx: PlanContext): ClipPlan[] {
  switch (task.clip_model) {
    case 1:
      return planClipVideo(task, ctx);
    case 2:
      return planScriptClip(task, ctx);
    case 3:
      return planCpMode(task, ctx);
    case 4:
      return planOral(task, ctx);
    case 5:
      return planImageVideo(task, ctx);
    case 6:
      return planOneClick(task, ctx);
    case 7:
      return planAiClip(task, ctx);
    case 8:
      return planGroupClip(task, ctx);
  }
}
