import { createReadStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { setOssMediaUrlBody } from '@vidmatrix/contract/api/material';
import {
  clipPlan,
  clipTaskInput,
  materialIdsOf,
  type ClipMaterial,
  type ClipPlan,
  type ClipPreview,
  type ClipStatus,
  type ClipTaskInfo,
  type ClipTaskInput,
  type ClipTaskList,
  type ClipTaskSummary,
  type ClipFontItem,
  type ClipScriptDrafts,
  type ClipVoice,
  type TextContext,
} from '@vidmatrix/contract/api/clip-task';
import { CLIP_PREVIEW_SIZE } from '@vidmatrix/contract/constants';
import { Job } from '@vidmatrix/contract/jobs';
import { Msg } from '@vidmatrix/contract/messages';
import { formatServerTime } from '@vidmatrix/contract/rules/time';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { ClipTaskTable, Db } from '../../db/types.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import {
  fontByFileName,
  fontDigest,
  fontUrlOf,
  renderFontsDir,
  servedFontFile,
  servedFontsDir,
  type ClipFont,
} from '../../media/clip/fonts.ts';
import { planClipTask } from '../../media/clip/plan.ts';
import { ClipInputError, templateOf, type PlanContext } from '../../media/clip/planners/shared.ts';
import { produceVideo } from '../../media/clip/produce.ts';
import { ClipRenderError, type ClipRenderer } from '../../media/clip/render.ts';
import { ClipCapacityError } from '../../media/clip/space.ts';
import type { ResolvedMaterial } from '../../media/clip/timeline.ts';
import { TtsError, type TtsProvider } from '../../media/clip/tts/tts-provider.ts';
import { ScriptWriterError, type ScriptWriter } from '../../media/clip/writer/script-writer.ts';
import type { RealtimePublisher } from '../../realtime/hub.ts';
import type { StorageDriver } from '../../storage/storage.ts';
import type { MaterialService } from '../material/material.service.ts';
import { randomObjectName } from '../upload/object-name.ts';
import { ClipTaskRepository } from './clip-task.repository.ts';

/** Progress is written to the database (and pushed) at most this often per video, ms. */
const PROGRESS_EVERY_MS = 1000;
/** A render also looks at its task's status this often, so a cancel on another instance stops it, ms. */
const CANCEL_POLL_MS = 1000;
/** A preview keeps this many segments of the first plan, each at most PREVIEW_SEGMENT_SECONDS long. */
const PREVIEW_SEGMENTS = 3;
const PREVIEW_SEGMENT_SECONDS = 1.5;
const PREVIEW_FPS = 15;
/** A preview stops here however long its first line is spoken (or its 口播 main clip runs), seconds. */
const PREVIEW_MAX_SECONDS = 6;
/** The material group of a task's videos is 剪辑成片/<task name>. */
const OUTPUT_GROUP_PREFIX = '剪辑成片/';

type TaskRow = Selectable<ClipTaskTable>;

/** What the clip service renders with; made once per process by compose.ts. */
export interface ClipTools {
  renderer: ClipRenderer;
  tts: TtsProvider;
  /** The Chinese-capable fonts of this host (fontconfig). */
  fonts: () => Promise<ClipFont[]>;
  /** Scratch space of renders (voice parts, ASS, files before they go to storage). */
  workDir: string;
  /** Size, frame rate and encoder of the videos (default 1080×1920 at CLIP_FPS, veryfast). */
  output?: ClipOutput;
  /** Writes scripts (帮我写文案, AI剪辑); one that explains what to set when none is configured. */
  writer: ScriptWriter;
}

/** How task videos are encoded. */
export type ClipOutput = Pick<Parameters<typeof produceVideo>[1], 'size' | 'fps' | 'encode'>;

/** Clip tasks: plans at add time, one render job per video, outputs filed in the material library. */
export class ClipTaskService {
  private readonly repo: ClipTaskRepository;
  /** Renders running in this process, by output id, so a cancel here stops ffmpeg at once. */
  private readonly running = new Map<number, AbortController>();
  private fontList: Promise<ClipFont[]> | null = null;
  private publicFontList: Promise<ClipFontItem[]> | null = null;

  constructor(
    private readonly deps: {
      db: Db;
      now: () => number;
      storage: StorageDriver;
      jobs: Pick<JobQueue, 'enqueue'>;
      realtime: RealtimePublisher;
      clip: ClipTools;
    },
    private readonly materials: Pick<
      MaterialService,
      'recordUseOfUrl' | 'recordUse' | 'sources' | 'addProduced' | 'freeSpace'
    >,
  ) {
    this.repo = new ClipTaskRepository(deps.db);
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
      await this.materials.recordUseOfUrl(memberId, body.media_url);
    }
  }

  /** The fonts subtitles and titles can use, with their files on this host (the renderer's). */
  async fonts(): Promise<ClipFont[]> {
    this.fontList ??= this.deps.clip.fonts().catch((error: unknown) => {
      this.fontList = null;
      throw error;
    });
    return (await this.fontList).map((f) => ({ ...f }));
  }

  /** getVoice: the voice narration is spoken with; the console notes a robotic one. */
  voice(): ClipVoice {
    return { name: this.deps.clip.tts.name, robotic: this.deps.clip.tts.robotic };
  }

  /** getFront: the fonts with the URL the server serves each at (the desktop downloads it, the web previews it). */
  async publicFonts(): Promise<ClipFontItem[]> {
    this.publicFontList ??= this.listPublicFonts().catch((error: unknown) => {
      this.publicFontList = null;
      throw error;
    });
    return (await this.publicFontList).map((f) => ({ ...f }));
  }

  /** Each font's URL with its served file's size and sha256 (made once; a file that cannot be read goes without). */
  private async listPublicFonts(): Promise<ClipFontItem[]> {
    const dir = servedFontsDir(this.deps.clip.workDir);
    const list: ClipFontItem[] = [];
    for (const font of await this.fonts()) {
      const digest = await servedFontFile(font, dir)
        .then(fontDigest)
        .catch(() => undefined);
      list.push({ value: font.value, path: fontUrlOf(font), ...digest });
    }
    return list;
  }

  /** A listed font's served file by its URL file name (a collection's face as a font of its own), or undefined. */
  async fontFile(file: string): Promise<string | undefined> {
    const font = fontByFileName(await this.fonts(), file);
    return font && servedFontFile(font, servedFontsDir(this.deps.clip.workDir));
  }

  /** writeScript (帮我写文案): `count` scripts from product facts; a writer's failure is a §8 refusal. */
  async writeScripts(context: TextContext, count: number): Promise<ClipScriptDrafts> {
    try {
      return await this.deps.clip.writer.write(context, count);
    } catch (error) {
      if (error instanceof ScriptWriterError) {
        throw badRequest(error.message);
      }
      throw error;
    }
  }

  /**
   * addTask: plans N distinct videos from the member's own materials and queues one render each.
   * Refused when the member's cloud space is full (the videos are charged to it). AI剪辑 without
   * scripts has the writer write N of them first; they are stored with the task.
   */
  async add(memberId: number, given: ClipTaskInput): Promise<{ id: number; total: number }> {
    await this.requireSpace(memberId);
    let input = given;
    if (input.clip_model === 7 && input.scripts.length === 0) {
      const drafts = await this.writeScripts(input.textContext, input.count);
      input = { ...input, scripts: drafts.scripts.map((d) => d.lines), titles: drafts.scripts.map((d) => d.title) };
    }
    const { plans } = await this.plan(memberId, input, true);
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
      await this.deps.jobs.enqueue(Job.clipRender, { outputId }, { attempts: 1 });
    }
    return { id: taskId, total: plans.length };
  }

  /** preview: renders a few low-resolution seconds of the first video the task would make. */
  async preview(memberId: number, given: ClipTaskInput): Promise<ClipPreview> {
    let input = given;
    if (input.clip_model === 7 && input.scripts.length === 0) {
      const drafts = await this.writeScripts(input.textContext, 1);
      input = { ...input, scripts: drafts.scripts.map((d) => d.lines), titles: drafts.scripts.map((d) => d.title) };
    }
    const { plans, library } = await this.plan(memberId, { ...input, count: 1 }, false);
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
      size: CLIP_PREVIEW_SIZE,
      fps: PREVIEW_FPS,
      encode: { preset: 'ultrafast', crf: 30 },
      maxSeconds: PREVIEW_MAX_SECONDS,
    }).catch((error: unknown) => {
      // The member waits on this call: a voice service's refusal is theirs to read, as a 400.
      throw error instanceof TtsError ? badRequest(error.message) : error;
    });
    return { url: this.deps.storage.publicUrl(key), duration: probe.duration };
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
    const sources = new Map((await this.materials.sources(memberId, done)).map((m) => [m.id, m]));
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
    for (const outputId of moved) {
      this.running.get(outputId)?.abort();
    }
    await this.settle(task.id, memberId);
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
    await this.settle(task.id, memberId);
    for (const outputId of ids) {
      await this.deps.jobs.enqueue(Job.clipRender, { outputId }, { attempts: 1 });
    }
  }

  /** deleTask: stops the task and removes it; its finished videos stay in the material library. */
  async remove(memberId: number, id: number): Promise<void> {
    await this.cancel(memberId, id);
    await this.repo.deleteTask(memberId, id);
  }

  /** The clip.render job: renders one video, files it as a material, and moves the task on. */
  async render(outputId: number): Promise<void> {
    const output = await this.repo.output(outputId);
    if (!output) {
      return;
    }
    const task = await this.repo.task(output.member_id, output.task_id);
    if (!task || !(await this.repo.moveOutput(outputId, ['queued'], { status: 'running', progress: 0 }))) {
      return;
    }
    const memberId = task.member_id;
    await this.settle(task.id, memberId);
    const controller = new AbortController();
    this.running.set(outputId, controller);
    // Another instance may cancel: its status change reaches this render through the database.
    const poll = setInterval(() => {
      void this.repo.output(outputId).then(
        (row) => {
          if (row?.status !== 'running') {
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
      void this.repo.moveOutput(outputId, ['running'], { progress }).then(
        () => this.push(task, outputId, 'running', progress),
        () => undefined,
      );
    };
    try {
      // Checked before ffmpeg runs; the finished file is charged atomically when it is filed.
      await this.requireSpace(memberId);
      const input = clipTaskInput.parse(JSON.parse(task.input));
      const plan = clipPlan.parse(JSON.parse(output.plan));
      const library = await this.library(memberId, input);
      const key = `clip/${randomObjectName()}.mp4`;
      const probe = await this.produce(memberId, input, plan, library, key, {
        ...this.deps.clip.output,
        signal: controller.signal,
        onProgress,
      });
      const materialId = await this.materials.addProduced(memberId, {
        objectKey: key,
        size: probe.size,
        fileName: `${task.name}-${plan.index + 1}.mp4`,
        groupName: `${OUTPUT_GROUP_PREFIX}${task.name}`.slice(0, 50),
        remark: `clip_task ${task.id} #${plan.index + 1} seed ${task.seed}`,
      });
      await this.materials.recordUse(memberId, usedMaterialIds(plan));
      if (
        await this.repo.moveOutput(outputId, ['running'], {
          status: 'done',
          progress: 1,
          material_id: materialId,
          updated_at: this.deps.now(),
        })
      ) {
        this.push(task, outputId, 'done', 1);
      }
    } catch (error) {
      const canceled = error instanceof ClipRenderError && error.reason === 'canceled';
      const message = userMessage(error);
      await this.repo.moveOutput(outputId, ['running'], {
        status: canceled ? 'canceled' : 'failed',
        error: canceled ? '' : message,
        updated_at: this.deps.now(),
      });
      this.push(task, outputId, canceled ? 'canceled' : 'failed', 0);
      const final =
        error instanceof ClipRenderError ||
        error instanceof ClipInputError ||
        error instanceof AppError ||
        (error instanceof TtsError && error.permanent);
      // Anything else is tried again by the queue, and logged with its detail.
      if (!canceled && !final) {
        throw error;
      }
    } finally {
      clearInterval(poll);
      this.running.delete(outputId);
      await this.settle(task.id, memberId);
    }
  }

  /** The job gave up on an output (an unexpected error): the task shows it. */
  async markFailed(outputId: number, error: Error): Promise<void> {
    const output = await this.repo.output(outputId);
    if (output) {
      await this.repo.moveOutput(outputId, ['queued', 'running'], { status: 'failed', error: userMessage(error) });
      await this.settle(output.task_id, output.member_id);
    }
  }

  /** The member's materials of a task as the planner sees them; refuses any that is not theirs. */
  private async library(memberId: number, input: ClipTaskInput): Promise<Map<number, ClipMaterial & { key: string }>> {
    const ids = materialIdsOf(input);
    const rows = await this.materials.sources(memberId, ids);
    if (rows.length !== ids.length) {
      throw new ClipInputError(Msg.clipMaterialMissing);
    }
    const out = new Map<number, ClipMaterial & { key: string }>();
    for (const row of rows) {
      const kind = row.file_type === 'image' ? 'image' : 'video';
      if (row.file_type === 'audio') {
        throw new ClipInputError(Msg.clipMaterialMissing);
      }
      let duration = row.duration_ms / 1000;
      if (kind === 'video' && duration <= 0) {
        // The media job has not measured it yet: measure it here.
        duration = (await this.deps.clip.renderer.probe(await this.deps.storage.mediaSource(row.object_key))).duration;
      }
      out.set(row.id, {
        id: row.id,
        kind,
        name: row.file_name,
        duration,
        width: 0,
        height: 0,
        // AI剪辑 matches sentences to materials by these (and by name).
        tags: row.tags,
        key: row.object_key,
      });
    }
    return out;
  }

  /** Plans a task (the planner refuses N beyond what the inputs allow, naming the number). */
  private async plan(
    memberId: number,
    input: ClipTaskInput,
    avoidMade: boolean,
  ): Promise<{ plans: ClipPlan[]; library: Map<number, ClipMaterial & { key: string }> }> {
    try {
      const library = await this.library(memberId, input);
      const ctx: PlanContext = {
        materials: library,
        avoid: avoidMade ? await this.repo.combinationKeys(memberId) : [],
      };
      if (input.clip_model === 3) {
        const shots = new Map<number, [number, number][]>();
        for (const id of input.sourceIds) {
          const m = library.get(id);
          if (m) {
            shots.set(id, await this.deps.clip.renderer.detectShots(await this.sourceOf(m.key), m.duration));
          }
        }
        ctx.shots = shots;
      }
      if (input.clip_model === 4) {
        ctx.speech = await this.speechOf(library, input.mainId);
      }
      return { plans: planClipTask(input, ctx), library };
    } catch (error) {
      if (error instanceof ClipCapacityError || error instanceof ClipInputError) {
        throw badRequest(error.message, error instanceof ClipCapacityError ? { max: error.max } : null);
      }
      throw error;
    }
  }

  /** Renders one plan into storage under `key`. */
  private async produce(
    memberId: number,
    input: ClipTaskInput,
    plan: ClipPlan,
    library: Map<number, ClipMaterial & { key: string }>,
    key: string,
    options: Pick<
      Parameters<typeof produceVideo>[1],
      'size' | 'fps' | 'encode' | 'signal' | 'onProgress' | 'maxSeconds'
    >,
  ) {
    const { storage, clip } = this.deps;
    const template = templateOf(input);
    const materials = new Map<number, ResolvedMaterial>();
    for (const id of usedMaterialIds(plan)) {
      const m = library.get(id);
      if (!m) {
        throw new ClipInputError(Msg.clipMaterialMissing);
      }
      materials.set(id, { path: await this.sourceOf(m.key), kind: m.kind, duration: m.duration });
    }
    const workDir = join(clip.workDir, randomObjectName());
    await mkdir(workDir, { recursive: true });
    try {
      // The files of the fonts the member picked (title and subtitle), as served to the page and the desktop.
      const fontsDir = await renderFontsDir(
        await this.fonts(),
        [template.subtitle?.font, template.title?.font],
        clip.workDir,
      );
      const output = join(workDir, 'out.mp4');
      const probe = await produceVideo(clip.renderer, {
        plan,
        template,
        materials,
        musicPath: plan.musicId === null ? null : await this.musicPath(memberId, plan.musicId),
        speech: input.clip_model === 4 ? await this.speechOf(library, input.mainId) : undefined,
        tts: clip.tts,
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

  /** Refuses (您的账号云空间容量已超过限制!) when the member has no cloud space left for videos. */
  private async requireSpace(memberId: number): Promise<void> {
    if ((await this.materials.freeSpace(memberId)) <= 0) {
      throw badRequest(Msg.spaceExceeded);
    }
  }

  private sourceOf(key: string): Promise<string> {
    return this.deps.storage.mediaSource(key);
  }

  private async speechOf(
    library: Map<number, ClipMaterial & { key: string }>,
    mainId: number,
  ): Promise<[number, number][]> {
    const main = library.get(mainId);
    if (!main) {
      throw new ClipInputError(Msg.clipMaterialMissing);
    }
    const path = await this.sourceOf(main.key);
    // The main clip's own sound is the voice: without it there is nothing to cut to or mix.
    if (!(await this.deps.clip.renderer.probe(path)).audio) {
      throw new ClipInputError(Msg.clipMainNoAudio);
    }
    return this.deps.clip.renderer.detectSpeech(path, main.duration);
  }

  /** A music id is the member's audio material, else a system track. */
  private async musicPath(memberId: number, id: number): Promise<string | null> {
    const [own] = await this.materials.sources(memberId, [id]);
    const key = own?.file_type === 'audio' ? own.object_key : await this.repo.systemMusicKey(id);
    return key ? this.sourceOf(key) : null;
  }

  private async ownTask(memberId: number, id: number): Promise<TaskRow> {
    const task = await this.repo.task(memberId, id);
    if (!task) {
      throw notFound();
    }
    return task;
  }

  /** Recounts a task's videos and sets its status from them; pushes the change to the member. */
  private async settle(taskId: number, memberId: number): Promise<void> {
    const counts = await this.repo.statusCounts(taskId);
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
    await this.repo.updateTask(taskId, {
      status,
      done: n('done'),
      failed: n('failed'),
      total,
      error: n('failed') > 0 ? Msg.clipRenderFailed : '',
      updated_at: this.deps.now(),
    });
    this.deps.realtime.publish(memberId, {
      type: 'clip_progress',
      data: { task_id: taskId, output_id: 0, status, progress: total ? n('done') / total : 0, done: n('done'), total },
    });
  }

  private push(task: TaskRow, outputId: number, status: ClipStatus, progress: number): void {
    this.deps.realtime.publish(task.member_id, {
      type: 'clip_progress',
      data: { task_id: task.id, output_id: outputId, status, progress, done: task.done, total: task.total },
    });
  }
}

/** Materials a plan shows (segments and the 口播 main track). */
function usedMaterialIds(plan: ClipPlan): number[] {
  const ids = plan.segments.map((s) => s.materialId);
  if (plan.main) {
    ids.push(plan.main.materialId);
  }
  return [...new Set(ids)];
}

function summaryOf(row: TaskRow): ClipTaskSummary {
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
function userMessage(error: unknown): string {
  if (
    error instanceof ClipRenderError ||
    error instanceof ClipInputError ||
    error instanceof AppError ||
    error instanceof TtsError
  ) {
    return error.message;
  }
  return Msg.clipRenderFailed;
}
