import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  clipTaskInput,
  type ClipPreview,
  type ClipStatus,
  type ClipTaskInput,
} from '@vidmatrix/contract/api/clip-task';
import { clipPlan, type ClipPlan } from '../../media/clip/plan-model.ts';
import { clipOutputSize } from '@vidmatrix/contract/api/clip-format';
import { CLIP_OUTPUT_SIZE, CLIP_PREVIEW_SIZE } from '@vidmatrix/contract/constants';
import { Msg } from '@vidmatrix/contract/messages';
import { JOB_LEASE_MS, type JobLogger } from '../../jobs/job-queue.ts';
import { badRequest } from '../../errors.ts';
import { renderFontsDir } from '../../media/clip/fonts.ts';
import { ClipInputError, templateOf } from '../../media/clip/planners/shared.ts';
import { produceVideo } from '../../media/clip/produce.ts';
import { ClipRenderError } from '../../media/clip/render.ts';
import type { ResolvedMaterial } from '../../media/clip/timeline.ts';
import { TtsError } from '../../media/clip/tts/tts-provider.ts';
import type { RealtimePublisher } from '../../realtime/hub.ts';
import type { StorageDriver } from '../../storage/storage.ts';
import type { DomainEventEmitter } from '../../lib/events.ts';
import { materialSources } from '../material/material-sources.ts';
import type { FilingFence, MaterialRepository } from '../material/material.repository.ts';
import { randomObjectName } from '../upload/object-name.ts';
import type { ClipCatalogService } from './clip-catalog.service.ts';
import type { ClipTools } from './clip-tools.ts';
import type { ClipLibrary, ClipPlanService } from './clip-plan.service.ts';
import { ClipProgress, stopsForGood, usedMaterialIds, userMessage } from './clip-progress.ts';
import type { ClipTaskRepository } from './clip-task.repository.ts';

/** Progress is written to the database (and pushed) at most this often per video, ms. */
const PROGRESS_EVERY_MS = 1000;
/** A render also looks at its task's status this often, so a cancel on another instance stops it, ms. */
const CANCEL_POLL_MS = 1000;
/**
 * A running video's heartbeat (its updated_at) is written this often, ms; one that has not beaten for a
 * job lease is a dead render's, which a resumed job may take over (the queue lost the dead one's job).
 */
const HEARTBEAT_MS = JOB_LEASE_MS / 3;
/** A preview keeps this many segments of the first plan, each at most PREVIEW_SEGMENT_SECONDS long. */
const PREVIEW_SEGMENTS = 3;
const PREVIEW_SEGMENT_SECONDS = 1.5;
const PREVIEW_FPS = 15;
/** A preview stops here however long its first line is spoken (or its 口播 main clip runs), seconds. */
const PREVIEW_MAX_SECONDS = 6;
/** The material group of a task's videos is 剪辑成片/<task name>. */
const OUTPUT_GROUP_PREFIX = '剪辑成片/';

type ProduceOptions = Pick<
  Parameters<typeof produceVideo>[1],
  'size' | 'fps' | 'encode' | 'stallMs' | 'signal' | 'onProgress' | 'maxSeconds'
>;

/** A rendered video, already in storage, as the member's library files it. */
interface ProducedVideo {
  objectKey: string;
  size: number;
  fileName: string;
  groupName: string;
  remark: string;
}

/**
 * Files a produced video as a material, charged to the member's space, in one transaction with `fence`
 * (the render still holds its lease); null when the fence refused it and nothing was filed. The render
 * needs the answer, so this is a port the material module fills in compose.ts, not an event.
 */
type FileProducedVideo = (memberId: number, video: ProducedVideo, fence: FilingFence) => Promise<number | null>;

/** Renders: the clip.render job (one video, filed in the library) and the quick preview. */
export class ClipRenderService {
  private readonly repo: ClipTaskRepository;
  private readonly progress: ClipProgress;
  /** Renders running in this process, by output id, so a cancel here stops ffmpeg at once. */
  private readonly running = new Map<number, AbortController>();

  constructor(
    private readonly deps: {
      clipTaskRepository: ClipTaskRepository;
      /** The member's materials, read through the material module's rule (material-sources.ts). */
      materialRepository: Pick<MaterialRepository, 'byIds' | 'tagsOf'>;
      now: () => number;
      storage: StorageDriver;
      realtime: RealtimePublisher;
      clip: ClipTools;
      /** Where a render that stops for good is told, with ffmpeg's last words. */
      log: JobLogger;
      /** Tells the material module the materials a filed video used (`material.used`). */
      events: DomainEventEmitter;
      /** Files a finished video in the member's library (the material module's rule, wired in compose). */
      fileProduced: FileProducedVideo;
    },
    private readonly planner: Pick<
      ClipPlanService,
      'scripted' | 'plan' | 'library' | 'requireSpace' | 'sourceOf' | 'speechOf' | 'heardIn' | 'logoKey'
    >,
    private readonly catalog: Pick<ClipCatalogService, 'fonts'>,
  ) {
    this.repo = deps.clipTaskRepository;
    this.progress = new ClipProgress({ repo: this.repo, realtime: deps.realtime, now: deps.now });
  }

  /** Stops the renders of these outputs that run in this process (others see their status change). */
  stop(outputIds: readonly number[]): void {
    for (const outputId of outputIds) {
      this.running.get(outputId)?.abort();
    }
  }

  /** preview: renders a few low-resolution seconds of the first video the task would make. */
  async preview(memberId: number, given: ClipTaskInput): Promise<ClipPreview> {
    const input = await this.planner.scripted(given, 1);
    const { plans, library } = await this.planner.plan(memberId, { ...input, count: 1 }, false);
    const [first] = plans;
    if (!first) {
      throw badRequest(Msg.clipExhausted);
    }
    const plan: ClipPlan = {
      ...first,
      segments: first.segments
        .slice(0, PREVIEW_SEGMENTS)
        .map((s) => ({ ...s, length: Math.min(s.length, PREVIEW_SEGMENT_SECONDS) })),
      paragraphs: first.paragraphs.slice(0, 1),
    };
    plan.segments = plan.segments.map((s) => (s.paragraph !== null && s.paragraph > 0 ? { ...s, paragraph: 0 } : s));
    const key = `clip/preview/${randomObjectName()}.mp4`;
    const probe = await this.produce(memberId, input, plan, library, key, {
      // The task's aspect at the preview's small size: the member sees the shape they chose.
      size: clipOutputSize({ aspect: input.aspect }, CLIP_PREVIEW_SIZE),
      fps: PREVIEW_FPS,
      encode: { preset: 'ultrafast', crf: 30 },
      maxSeconds: PREVIEW_MAX_SECONDS,
    }).catch((error: unknown) => {
      // The member waits on this call: a voice service's refusal is theirs to read, as a 400.
      throw error instanceof TtsError ? badRequest(error.message) : error;
    });
    return { url: this.deps.storage.publicUrl(key), duration: probe.duration };
  }

  /**
   * The clip.render job: renders one video, files it as a material, and moves the task on. A later
   * `attempt` is the queue running it again after the previous run lost its lease (its process died,
   * or its event loop stalled), which left the output `running`: that render is taken up from the
   * start under a fresh lease, and only the holder of the output's lease may file or move it.
   * `resume`: queued again after the queue lost its jobs (Redis came back empty); a video left running
   * is taken over only once its render stopped beating, and 'held' says a render still beats.
   */
  async render(outputId: number, attempt = 1, resume = false): Promise<'held' | undefined> {
    const output = await this.repo.output(outputId);
    if (!output) {
      return undefined;
    }
    const task = await this.repo.task(output.member_id, output.task_id);
    const from: ClipStatus[] = attempt > 1 || resume ? ['queued', 'running'] : ['queued'];
    const lease = randomUUID();
    const start = { status: 'running', progress: 0, lease, updated_at: this.deps.now() };
    const idleBefore = resume ? this.deps.now() - JOB_LEASE_MS : undefined;
    if (!task || !(await this.repo.moveOutput(outputId, from, start, undefined, idleBefore))) {
      return resume && (await this.repo.output(outputId))?.status === 'running' ? 'held' : undefined;
    }
    const memberId = task.member_id;
    await this.progress.settle(task.id, memberId);
    const controller = new AbortController();
    this.running.set(outputId, controller);
    // A cancel on another instance, or a retry that took the video over, reaches this render through the database.
    let beatAt = this.deps.now();
    const poll = setInterval(() => {
      if (this.deps.now() - beatAt >= HEARTBEAT_MS) {
        beatAt = this.deps.now();
        void this.repo.moveOutput(outputId, ['running'], { updated_at: beatAt }, lease).catch(() => undefined);
      }
      void this.repo.output(outputId).then(
        (row) => {
          if (row?.status !== 'running' || row.lease !== lease) {
            controller.abort();
          }
        },
        () => undefined,
      );
    }, CANCEL_POLL_MS);
    let lastWrite = 0;
    const onProgress = (fraction: number): void => {
      const now = Date.now();
      if (now - lastWrite < PROGRESS_EVERY_MS) {
        return;
      }
      lastWrite = now;
      const progress = Math.round(fraction * 1000) / 1000;
      void this.repo.moveOutput(outputId, ['running'], { progress }, lease).then(
        (held) => held && this.progress.push(task, outputId, 'running', progress),
        () => undefined,
      );
    };
    try {
      // Checked before ffmpeg runs; the finished file is charged atomically when it is filed.
      await this.planner.requireSpace(memberId);
      const input = clipTaskInput.parse(JSON.parse(task.input));
      const plan = clipPlan.parse(JSON.parse(output.plan));
      const library = await this.planner.library(memberId, input);
      const key = `clip/${randomObjectName()}.mp4`;
      const probe = await this.produce(memberId, input, plan, library, key, {
        ...this.deps.clip.output,
        // Each task its own frame; the server's configured size (CLIP_HEIGHT) caps it.
        size: clipOutputSize(input, this.deps.clip.output?.size ?? CLIP_OUTPUT_SIZE),
        signal: controller.signal,
        onProgress,
      });
      const file = {
        objectKey: key,
        size: probe.size,
        fileName: `${task.name}-${plan.index + 1}.mp4`,
        groupName: `${OUTPUT_GROUP_PREFIX}${task.name}`.slice(0, 50),
        remark: `clip_task ${task.id} #${plan.index + 1} seed ${task.seed}`,
      };
      // Filed and marked done in one transaction, only while this render still holds the lease.
      const fence = this.repo.filingFence(outputId, lease, this.deps.now());
      if ((await this.deps.fileProduced(memberId, file, fence)) === null) {
        this.deps.log.warn({ taskId: task.id, outputId, attempt }, 'Clip render lost its lease; its video was dropped');
        return undefined;
      }
      await this.deps.events.emit('material.used', { memberId, materialIds: usedMaterialIds(plan) });
      this.progress.push(task, outputId, 'done', 1);
    } catch (error) {
      const canceled = error instanceof ClipRenderError && error.reason === 'canceled';
      const message = userMessage(error);
      const final = stopsForGood(error);
      // Anything else is tried again by the queue, and logged with its detail: the video waits for that
      // try as queued (a failed one the retry could not take); the last try's failure marks it (markFailed).
      const retried = !canceled && !final;
      const status: ClipStatus = retried ? 'queued' : canceled ? 'canceled' : 'failed';
      const held = await this.repo.moveOutput(
        outputId,
        ['running'],
        retried
          ? { status, progress: 0, updated_at: this.deps.now() }
          : { status, error: canceled ? '' : message, updated_at: this.deps.now() },
        lease,
      );
      if (!held) {
        // Canceled by the member, or taken over by a retry: the video is no longer this render's to tell.
        return;
      }
      this.progress.push(task, outputId, status, 0);
      if (retried) {
        throw error;
      }
      if (!canceled) {
        this.deps.log.warn(
          {
            taskId: task.id,
            outputId,
            reason: reasonOf(error),
            memberMessage: message,
            stderr: error instanceof ClipRenderError ? error.stderrTail.slice(-1000) : undefined,
          },
          'Clip render stopped',
        );
      }
    } finally {
      clearInterval(poll);
      this.running.delete(outputId);
      await this.progress.settle(task.id, memberId);
    }
  }

  /** Videos still queued or running, by id (what a queue that lost its jobs queues again). */
  async unfinished(): Promise<number[]> {
    return (await this.repo.unfinishedOutputs()).map((o) => o.id);
  }

  /** The job gave up on an output (an unexpected error): the task shows it. */
  async markFailed(outputId: number, error: Error): Promise<void> {
    const output = await this.repo.output(outputId);
    if (output) {
      await this.repo.moveOutput(outputId, ['queued', 'running'], { status: 'failed', error: userMessage(error) });
      await this.progress.settle(output.task_id, output.member_id);
    }
  }

  /** Renders one plan into storage under `key`. */
  private async produce(
    memberId: number,
    input: ClipTaskInput,
    plan: ClipPlan,
    library: ClipLibrary,
    key: string,
    options: ProduceOptions,
  ) {
    const { storage, clip } = this.deps;
    const template = templateOf(input);
    const materials = new Map<number, ResolvedMaterial>();
    for (const id of usedMaterialIds(plan)) {
      const m = library.get(id);
      if (!m) {
        throw new ClipInputError(Msg.clipMaterialMissing);
      }
      materials.set(id, { path: await this.planner.sourceOf(m.key), kind: m.kind, duration: m.duration });
    }
    const workDir = join(clip.workDir, randomObjectName());
    await mkdir(workDir, { recursive: true });
    try {
      // The files of the fonts the member picked (title and subtitle), as served to the page and the desktop.
      const fontsDir = await renderFontsDir(
        await this.catalog.fonts(),
        [template.subtitle?.font, template.title?.font],
        clip.workDir,
      );
      const output = join(workDir, 'out.mp4');
      const probe = await produceVideo(clip.renderer, {
        plan,
        template,
        materials,
        musicPath: plan.musicId === null ? null : await this.musicPath(memberId, plan.musicId),
        speech:
          input.clip_model === 4 ? (await this.planner.speechOf(library, input.mainId, input.lines)).speech : undefined,
        // 保留原声: the shots' subtitles are what was said in them (the plan stored the sources' transcripts).
        heard: plan.sourceAudio ? await this.planner.heardIn(library, usedMaterialIds(plan)) : undefined,
        tts: clip.tts,
        dubbing: input.dubbing,
        logo: input.logo && {
          path: await this.planner.sourceOf(await this.planner.logoKey(memberId, input.logo.materialId)),
          corner: input.logo.corner,
          size: input.logo.size,
          opacity: input.logo.opacity,
        },
        fontsDir,
        workDir,
        cacheDir: join(clip.workDir, 'voice-cache'),
        output,
        ...options,
      });
      await storage.put(key, createReadStream(output), 'video/mp4');
      return { ...probe, size: probe.size || (await stat(output)).size };
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  }

  /** A music id is the member's audio material, else a system track. */
  private async musicPath(memberId: number, id: number): Promise<string | null> {
    const [own] = await materialSources(this.deps.materialRepository, memberId, [id]);
    const key = own?.file_type === 'audio' ? own.object_key : await this.repo.systemMusicKey(id);
    return key ? this.planner.sourceOf(key) : null;
  }
}

/** What stopped a render, for the log: ffmpeg's own reason, the voice service, or a refused input. */
function reasonOf(error: unknown): string {
  if (error instanceof ClipRenderError) {
    return error.reason;
  }
  return error instanceof TtsError ? 'voice' : 'refused';
}
