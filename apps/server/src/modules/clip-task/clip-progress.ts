import type { ClipStatus, ClipTaskSummary } from '@vidmatrix/contract/api/clip-task';
import type { ClipPlan } from '../../media/clip/plan-model.ts';
import { Msg } from '@vidmatrix/contract/messages';
import { formatServerTime } from '@vidmatrix/contract/rules/time';
import type { Selectable } from 'kysely';
import type { ClipTaskTable } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { TranscribeError } from '../../media/clip/asr/transcriber.ts';
import { ClipInputError } from '../../media/clip/planners/shared.ts';
import { ClipRenderError } from '../../media/clip/render.ts';
import { TtsError } from '../../media/clip/tts/tts-provider.ts';
import type { RealtimePublisher } from '../../realtime/hub.ts';
import type { ClipTaskRepository } from './clip-task.repository.ts';

export type TaskRow = Selectable<ClipTaskTable>;

/** A task's status from its videos', told to the member as it changes (the task and render services share it). */
export class ClipProgress {
  constructor(
    private readonly deps: {
      repo: Pick<ClipTaskRepository, 'statusCounts' | 'updateTask' | 'firstError'>;
      realtime: RealtimePublisher;
      now: () => number;
    },
  ) {}

  /** Recounts a task's videos and sets its status from them; pushes the change to the member. */
  async settle(taskId: number, memberId: number): Promise<void> {
    const counts = await this.deps.repo.statusCounts(taskId);
    const n = (s: ClipStatus): number => counts.get(s) ?? 0;
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    let status: ClipStatus;
    if (n('running') > 0) {
      status = 'running';
    } else if (n('queued') > 0) {
      status = n('done') + n('failed') + n('canceled') > 0 ? 'running' : 'queued';
    } else if (n('canceled') > 0) {
      status = 'canceled';
    } else if (n('failed') > 0) {
      status = 'failed';
    } else {
      status = 'done';
    }
    await this.deps.repo.updateTask(taskId, {
      status,
      done: n('done'),
      failed: n('failed'),
      total,
      // The task says why its first failed video failed (a stalled render, a missing material …).
      error: n('failed') > 0 ? ((await this.deps.repo.firstError(taskId)) ?? Msg.clipRenderFailed) : '',
      updated_at: this.deps.now(),
    });
    this.deps.realtime.publish(memberId, {
      type: 'clip_progress',
      data: { task_id: taskId, output_id: 0, status, progress: total ? n('done') / total : 0, done: n('done'), total },
    });
  }

  /** Tells the member one video's status and progress. */
  push(task: TaskRow, outputId: number, status: ClipStatus, progress: number): void {
    this.deps.realtime.publish(task.member_id, {
      type: 'clip_progress',
      data: { task_id: task.id, output_id: outputId, status, progress, done: task.done, total: task.total },
    });
  }
}

/** Materials a plan shows (segments and the 口播 main track). */
export function usedMaterialIds(plan: ClipPlan): number[] {
  const ids = plan.segments.map((s) => s.materialId);
  if (plan.main) {
    ids.push(plan.main.materialId);
  }
  return [...new Set(ids)];
}

/** A task row as listed. */
export function summaryOf(row: TaskRow): ClipTaskSummary {
  return {
    id: row.id,
    name: row.name,
    clip_model: row.clip_model,
    status: row.status as ClipStatus,
    done: row.done,
    failed: row.failed,
    total: row.total,
    seed: Number(row.seed),
    error: row.error,
    created_at: formatServerTime(Number(row.created_at)),
  };
}

/** The §8 text a member sees for a failed render (details go to the log). */
export function userMessage(error: unknown): string {
  if (
    error instanceof ClipRenderError ||
    error instanceof ClipInputError ||
    error instanceof AppError ||
    error instanceof TtsError ||
    error instanceof TranscribeError
  ) {
    return error.message;
  }
  return Msg.clipRenderFailed;
}

/** Whether a render's error ends its video for good; any other is tried again by the queue (a passing outage). */
export function stopsForGood(error: unknown): boolean {
  return (
    error instanceof ClipRenderError ||
    error instanceof ClipInputError ||
    error instanceof AppError ||
    (error instanceof TtsError && error.permanent)
  );
}
