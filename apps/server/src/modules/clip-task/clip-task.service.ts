import type { setOssMediaUrlBody } from '@vidmatrix/contract/api/material';
import type { ClipStatus, ClipTaskInfo, ClipTaskInput, ClipTaskList } from '@vidmatrix/contract/api/clip-task';
import { Job } from '@vidmatrix/contract/jobs';
import type { z } from 'zod';
import { notFound } from '../../errors.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { templateOf } from '../../media/clip/planners/shared.ts';
import type { RealtimePublisher } from '../../realtime/hub.ts';
import type { StorageDriver } from '../../storage/storage.ts';
import type { DomainEventEmitter } from '../../lib/events.ts';
import { materialIdsAt, materialSources } from '../material/material-sources.ts';
import type { MaterialRepository } from '../material/material.repository.ts';
import type { ClipPlanService } from './clip-plan.service.ts';
import { ClipProgress, summaryOf, type TaskRow } from './clip-progress.ts';
import type { ClipRenderService } from './clip-render.service.ts';
import type { ClipTaskRepository } from './clip-task.repository.ts';

/**
 * Runs of one clip.render job. A render whose worker dies (its lease lapses), or that a passing outage
 * stopped (a voice service's 5xx), is tried once more; one that fails for good (ffmpeg, its inputs, a
 * refused voice) is final in ClipRenderService.render and not retried.
 */
export const CLIP_RENDER_ATTEMPTS = 2;

/** Clip tasks: plans at add time, one render job per video, outputs filed in the material library. */
export class ClipTaskService {
  private readonly repo: ClipTaskRepository;
  private readonly progress: ClipProgress;

  constructor(
    private readonly deps: {
      clipTaskRepository: ClipTaskRepository;
      /** The member's materials, read through the material module's rule (material-sources.ts). */
      materialRepository: Pick<MaterialRepository, 'byIds' | 'tagsOf' | 'idsByObjectKey'>;
      now: () => number;
      storage: Pick<StorageDriver, 'publicUrl' | 'publicBaseUrl'>;
      jobs: Pick<JobQueue, 'enqueue'>;
      realtime: RealtimePublisher;
      /** Tells the material module the media a step took up (`material.used`). */
      events: DomainEventEmitter;
    },
    private readonly planner: Pick<ClipPlanService, 'scripted' | 'plan' | 'requireSpace'>,
    private readonly renders: Pick<ClipRenderService, 'stop'>,
  ) {
    this.repo = deps.clipTaskRepository;
    this.progress = new ClipProgress({ repo: this.repo, realtime: deps.realtime, now: deps.now });
  }

  /**
   * setOssMediaUrl: sets the media of a clip task step. When that media is one of the member's
   * materials, the task now uses it: its use_count rises once per step that takes it up (setting the
   * same media again does not count twice). A step of one of the member's own clip tasks here (脚本剪辑
   * files its steps' media after addTask) counts nothing: that task's renders count their materials.
   */
  async setStepMedia(memberId: number, body: z.output<typeof setOssMediaUrlBody>): Promise<void> {
    const previous = await this.repo.clipMediaUrl(memberId, body.ap_id, body.apt_id);
    await this.repo.setClipMedia({ member_id: memberId, ...body, updated_at: this.deps.now() });
    if (previous !== body.media_url && !(await this.repo.task(memberId, body.ap_id))) {
      const { materialRepository, storage } = this.deps;
      const materialIds = await materialIdsAt(materialRepository, storage.publicBaseUrl, memberId, body.media_url);
      await this.deps.events.emit('material.used', { memberId, materialIds });
    }
  }

  /**
   * addTask: plans N distinct videos from the member's own materials and queues one render each.
   * Refused when the member's cloud space is full (the videos are charged to it). AI剪辑 without
   * scripts has the writer write N of them first; they are stored with the task.
   */
  async add(memberId: number, given: ClipTaskInput): Promise<{ id: number; total: number }> {
    await this.planner.requireSpace(memberId);
    const input = await this.planner.scripted(given, given.count);
    const { plans } = await this.planner.plan(memberId, input, true);
    const now = this.deps.now();
    const { taskId, outputIds } = await this.repo.insertTask(
      {
        member_id: memberId,
        name: input.name,
        clip_model: input.clip_model,
        input: JSON.stringify(input),
        template: JSON.stringify(templateOf(input)),
        count: input.count,
        seed: input.seed,
        status: 'queued',
        done: 0,
        failed: 0,
        total: plans.length,
        error: '',
        created_at: now,
        updated_at: now,
      },
      plans.map((plan) => ({
        member_id: memberId,
        idx: plan.index,
        plan: JSON.stringify(plan),
        combo_key: plan.key,
        status: 'queued',
        progress: 0,
        material_id: 0,
        error: '',
        updated_at: now,
      })),
    );
    for (const outputId of outputIds) {
      await this.deps.jobs.enqueue(Job.clipRender, { outputId }, { attempts: CLIP_RENDER_ATTEMPTS });
    }
    return { id: taskId, total: plans.length };
  }

  /** taskList. */
  async list(memberId: number, page: number, limit: number): Promise<ClipTaskList> {
    const [rows, count] = await Promise.all([
      this.repo.page(memberId, limit, (page - 1) * limit),
      this.repo.count(memberId),
    ]);
    return { list: rows.map((r) => summaryOf(r)), count };
  }

  /** taskInfo: the task with its videos (finished ones link their material). */
  async info(memberId: number, id: number): Promise<ClipTaskInfo> {
    const task = await this.ownTask(memberId, id);
    const outputs = await this.repo.outputs(id);
    const done = outputs.filter((o) => o.material_id > 0).map((o) => o.material_id);
    const sources = new Map(
      (await materialSources(this.deps.materialRepository, memberId, done)).map((m) => [m.id, m]),
    );
    const { storage } = this.deps;
    return {
      ...summaryOf(task),
      input: JSON.parse(task.input) as unknown,
      outputs: outputs.map((o) => {
        const material = sources.get(o.material_id);
        return {
          id: o.id,
          index: o.idx,
          status: o.status as ClipStatus,
          progress: Number(o.progress),
          material_id: o.material_id,
          file_url: material ? storage.publicUrl(material.object_key) : '',
          thumb_url: material?.thumb_key ? storage.publicUrl(material.thumb_key) : '',
          error: o.error,
          title: titleOfPlan(o.plan),
        };
      }),
    };
  }

  /** cancelTask: queued videos will not render, running ones stop. */
  async cancel(memberId: number, id: number): Promise<void> {
    const task = await this.ownTask(memberId, id);
    const moved = await this.repo.moveOutputs(id, ['queued', 'running'], {
      status: 'canceled',
      updated_at: this.deps.now(),
    });
    this.renders.stop(moved);
    await this.progress.settle(task.id, memberId);
  }

  /** retryTask: renders the failed and canceled videos again (same plans, so the same videos). */
  async retry(memberId: number, id: number): Promise<void> {
    const task = await this.ownTask(memberId, id);
    const ids = await this.repo.moveOutputs(id, ['failed', 'canceled'], {
      status: 'queued',
      progress: 0,
      error: '',
      updated_at: this.deps.now(),
    });
    await this.progress.settle(task.id, memberId);
    for (const outputId of ids) {
      await this.deps.jobs.enqueue(Job.clipRender, { outputId }, { attempts: CLIP_RENDER_ATTEMPTS });
    }
  }

  /** deleTask: stops the task and removes it; its finished videos stay in the material library. */
  async remove(memberId: number, id: number): Promise<void> {
    await this.cancel(memberId, id);
    await this.repo.deleteTask(memberId, id);
  }

  private async ownTask(memberId: number, id: number): Promise<TaskRow> {
    const task = await this.repo.task(memberId, id);
    if (!task) {
      throw notFound();
    }
    return task;
  }
}

/** The title a video's plan shows ('' for none, or a plan that does not read). */
function titleOfPlan(plan: string): string {
  try {
    const title = (JSON.parse(plan) as { title?: unknown }).title;
    return typeof title === 'string' ? title : '';
  } catch {
    return '';
  }
}
