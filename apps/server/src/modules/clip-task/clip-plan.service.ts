import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { materialIdsOf, type ClipTaskInput } from '@vidmatrix/contract/api/clip-task';
import { type ClipMaterial, type ClipPlan } from '../../media/clip/plan-model.ts';
import { Msg } from '@vidmatrix/contract/messages';
import { badRequest } from '../../errors.ts';
import {
  TranscribeError,
  transcriptLines,
  type Transcriber,
  type TranscriptSegment,
} from '../../media/clip/asr/transcriber.ts';
import { planClipTask } from '../../media/clip/plan.ts';
import { ClipInputError, type PlanContext } from '../../media/clip/planners/shared.ts';
import type { ClipRenderer } from '../../media/clip/render.ts';
import { ClipCapacityError } from '../../media/clip/space.ts';
import type { StorageDriver } from '../../storage/storage.ts';
import { materialSources } from '../material/material-sources.ts';
import type { MaterialRepository } from '../material/material.repository.ts';
import { spaceOf } from '../upload/upload-ledger.ts';
import type { UploadRepository } from '../upload/upload.repository.ts';
import type { ClipCatalogService } from './clip-catalog.service.ts';
import type { ClipTaskRepository } from './clip-task.repository.ts';

/** A task's materials as the planner sees them, with their storage keys. */
export type ClipLibrary = Map<number, ClipMaterial & { key: string }>;

/** The member's materials of a task, and the plans made from them. */
export class ClipPlanService {
  private readonly repo: ClipTaskRepository;

  constructor(
    private readonly deps: {
      clipTaskRepository: ClipTaskRepository;
      storage: Pick<StorageDriver, 'mediaSource' | 'fingerprint'>;
      renderer: Pick<ClipRenderer, 'probe' | 'detectShots' | 'detectSpeech' | 'extractSpeech'>;
      /** Subtitles from speech (口播 without a script, CP拆拼 with 保留原声; clip-tools.ts); none: no recognition. */
      transcriber?: Transcriber | null;
      /** The member's materials, read through the material module's rule (material-sources.ts). */
      materialRepository: Pick<MaterialRepository, 'byIds' | 'tagsOf'>;
      /** The member's cloud space (upload-ledger.ts). */
      uploadRepository: Pick<UploadRepository, 'space'>;
    },
    private readonly catalog: Pick<ClipCatalogService, 'writeScripts' | 'fonts' | 'requireVoice'>,
  ) {
    this.repo = deps.clipTaskRepository;
  }

  /** AI剪辑 without scripts has the writer write `count` of them first; other inputs pass as they are. */
  async scripted(input: ClipTaskInput, count: number): Promise<ClipTaskInput> {
    if (input.clip_model !== 7 || input.scripts.length > 0) {
      return input;
    }
    const drafts = await this.catalog.writeScripts(input.textContext, count);
    return { ...input, scripts: drafts.scripts.map((d) => d.lines), titles: drafts.scripts.map((d) => d.title) };
  }

  /** Refuses (您的账号云空间容量已超过限制!) when the member has no cloud space left for videos. */
  async requireSpace(memberId: number): Promise<void> {
    if ((await spaceOf(this.deps.uploadRepository, memberId)).free <= 0) {
      throw badRequest(Msg.spaceExceeded);
    }
  }

  /** The member's materials of a task as the planner sees them; refuses any that is not theirs. */
  async library(memberId: number, input: ClipTaskInput): Promise<ClipLibrary> {
    const ids = materialIdsOf(input);
    const rows = await materialSources(this.deps.materialRepository, memberId, ids);
    if (rows.length !== ids.length) {
      throw new ClipInputError(Msg.clipMaterialMissing);
    }
    const out: ClipLibrary = new Map();
    for (const row of rows) {
      const kind = row.file_type === 'image' ? 'image' : 'video';
      if (row.file_type === 'audio') {
        throw new ClipInputError(Msg.clipMaterialMissing);
      }
      let duration = row.duration_ms / 1000;
      if (kind === 'video' && duration <= 0) {
        // The media job has not measured it yet: measure it here.
        duration = (await this.deps.renderer.probe(await this.sourceOf(row.object_key))).duration;
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
  async plan(
    memberId: number,
    input: ClipTaskInput,
    avoidMade: boolean,
  ): Promise<{ plans: ClipPlan[]; library: ClipLibrary }> {
    try {
      await this.requireFonts(input);
      await this.requireMusic(memberId, input.musicIds);
      await this.catalog.requireVoice(input.dubbing);
      if (input.logo) {
        await this.logoKey(memberId, input.logo.materialId);
      }
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
            shots.set(id, await this.deps.renderer.detectShots(await this.sourceOf(m.key), m.duration));
          }
        }
        ctx.shots = shots;
        if (input.keepSourceAudio) {
          // Heard (and stored) before the renders, so each of them reads the transcript instead of asking.
          await this.heardIn(library, input.sourceIds);
        }
      }
      let planned = input;
      if (input.clip_model === 4) {
        const heard = await this.speechOf(library, input.mainId, input.lines);
        ctx.speech = heard.speech;
        planned = { ...input, lines: heard.lines };
      }
      return { plans: planClipTask(planned, ctx), library };
    } catch (error) {
      if (error instanceof ClipCapacityError || error instanceof ClipInputError || error instanceof TranscribeError) {
        throw badRequest(error.message, error instanceof ClipCapacityError ? { max: error.max } : null);
      }
      throw error;
    }
  }

  /** Refuses (字体不存在) a font the renderer does not have: the subtitles would silently use another. */
  private async requireFonts(input: ClipTaskInput): Promise<void> {
    const known = new Set((await this.catalog.fonts()).map((f) => f.value));
    if (fontsOf(input).some((font) => !known.has(font))) {
      throw new ClipInputError(Msg.clipFontMissing);
    }
  }

  /** Refuses (音乐不存在或已被删除) music that is neither the member's audio material nor a system track. */
  private async requireMusic(memberId: number, ids: readonly number[]): Promise<void> {
    const wanted = [...new Set(ids)];
    if (wanted.length === 0) {
      return;
    }
    const own = (await materialSources(this.deps.materialRepository, memberId, wanted))
      .filter((m) => m.file_type === 'audio')
      .map((m) => m.id);
    const rest = wanted.filter((id) => !own.includes(id));
    if ((await this.repo.systemMusicIds(rest)).length !== rest.length) {
      throw new ClipInputError(Msg.clipMusicMissing);
    }
  }

  /** The storage key of a logo: an image of the member's own library, else refused (台标图片不存在或已被删除). */
  async logoKey(memberId: number, materialId: number): Promise<string> {
    const [row] = await materialSources(this.deps.materialRepository, memberId, [materialId]);
    if (row?.file_type !== 'image') {
      throw new ClipInputError(Msg.clipLogoMissing);
    }
    return row.object_key;
  }

  /** The local path (or URL) ffmpeg reads a stored object from. */
  sourceOf(key: string): Promise<string> {
    return this.deps.storage.mediaSource(key);
  }

  /**
   * 口播: the main clip's speech spans and the lines shown over them: the typed script over the spans
   * silence detection finds, or, with no script and a recognition service configured, the lines it heard
   * over their own spans. Refused when the clip has no sound.
   */
  async speechOf(
    library: ClipLibrary,
    mainId: number,
    typed: readonly string[] = [],
  ): Promise<{ speech: [number, number][]; lines: string[] }> {
    const main = library.get(mainId);
    if (!main) {
      throw new ClipInputError(Msg.clipMaterialMissing);
    }
    const path = await this.sourceOf(main.key);
    // The main clip's own sound is the voice: without it there is nothing to cut to or mix.
    if (!(await this.deps.renderer.probe(path)).audio) {
      throw new ClipInputError(Msg.clipMainNoAudio);
    }
    const transcriber = this.deps.transcriber;
    if (typed.length === 0 && transcriber) {
      const heard = transcriptLines(await this.transcriptOf(transcriber, main.key, path));
      if (heard.lines.length > 0) {
        return heard;
      }
    }
    return { speech: await this.deps.renderer.detectSpeech(path, main.duration), lines: [...typed] };
  }

  /**
   * CP拆拼 with 保留原声: what recognition heard in each of these sources (by material id), for the
   * subtitles of the shots cut from them; none without a recognition service. A source with no sound
   * has heard nothing.
   */
  async heardIn(library: ClipLibrary, ids: readonly number[]): Promise<Map<number, TranscriptSegment[]> | undefined> {
    const transcriber = this.deps.transcriber;
    if (!transcriber) {
      return undefined;
    }
    const heard = new Map<number, TranscriptSegment[]>();
    for (const id of new Set(ids)) {
      const m = library.get(id);
      if (m?.kind !== 'video') {
        continue;
      }
      const path = await this.sourceOf(m.key);
      const sound = (await this.deps.renderer.probe(path)).audio !== null;
      heard.set(id, sound ? await this.transcriptOf(transcriber, m.key, path) : []);
    }
    return heard;
  }

  /**
   * What the recogniser hears in a stored file. Kept in clip_transcript while the file (its storage
   * fingerprint) and the recogniser (its identity: service URL or model directory, model) stay the same, so a re-render, a second task or another process reads it
   * instead of asking again; asks made at once in this process share one request.
   */
  private transcriptOf(transcriber: Transcriber, key: string, path: string): Promise<TranscriptSegment[]> {
    let heard = this.transcripts.get(key);
    if (!heard) {
      heard = this.hear(transcriber, key, path).finally(() => this.transcripts.delete(key));
      this.transcripts.set(key, heard);
    }
    return heard;
  }

  private async hear(transcriber: Transcriber, key: string, path: string): Promise<TranscriptSegment[]> {
    const fingerprint = (await this.deps.storage.fingerprint(key)) ?? '';
    const stored = await this.repo.transcript(key, fingerprint, transcriber.identity);
    if (stored !== undefined) {
      return JSON.parse(stored) as TranscriptSegment[];
    }
    const dir = await mkdtemp(join(tmpdir(), 'vm-asr-'));
    let segments: TranscriptSegment[];
    try {
      const audio = join(dir, 'speech.wav');
      await this.deps.renderer.extractSpeech(path, audio);
      segments = await transcriber.transcribe(audio);
    } catch (error) {
      // The service's own failure stays a TranscribeError: a refusal at add time (plan), an outage the
      // queue tries again at render time (the plan already succeeded); any other is the audio's own.
      throw error instanceof TranscribeError ? error : new ClipInputError(Msg.clipRenderFailed);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    await this.repo.saveTranscript({
      object_key: key,
      fingerprint,
      transcriber: transcriber.identity,
      segments: JSON.stringify(segments),
      created_at: Date.now(),
    });
    return segments;
  }

  /** Recognition under way in this process, by object key (the finished ones are in the database). */
  private readonly transcripts = new Map<string, Promise<TranscriptSegment[]>>();
}

/** Every font a task's inputs name (subtitle and title of a template, or the mode's own font). */
function fontsOf(input: ClipTaskInput): string[] {
  switch (input.clip_model) {
    case 1:
    case 2:
    case 4:
    case 7: {
      const { subtitle, title } = input.template;
      return [subtitle?.font, title?.font].filter((f): f is string => f !== undefined);
    }
    case 5:
    case 6:
    case 8:
      return [input.font, ...(input.subtitle ? [input.subtitle.font] : [])];
    case 3:
      return [];
  }
}
