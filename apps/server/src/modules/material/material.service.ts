import type { RealtimePublisher } from '../../realtime/hub.ts';
import type {
  Material,
  MaterialGroup,
  MaterialList,
  MaterialTag,
  UploadedFile,
  fileType,
  materialAddBody,
  materialEditBody,
  materialListQuery,
} from '@vidmatrix/contract/api/material';
import { SourceType } from '@vidmatrix/contract/api/material';
import { fillMsg, Msg } from '@vidmatrix/contract/messages';
import { Job } from '@vidmatrix/contract/jobs';
import { formatServerTime } from '@vidmatrix/contract/rules/time';
import { mediaKindOf } from '@vidmatrix/contract/rules/upload';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/errors.ts';
import { badRequest, notFound } from '../../errors.ts';
import { keyFromUrl } from '../../storage/storage.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { StorageDriver } from '../../storage/storage.ts';
import type { DomainEventEmitter } from '../../lib/events.ts';
import { maxFileNum } from '../setting/app-config.ts';
import type { SettingRepository } from '../setting/setting.repository.ts';
import { claimableUploads, forgetClaimed, spaceOf, type ClaimedUpload } from '../upload/upload-ledger.ts';
import type { UploadRepository } from '../upload/upload.repository.ts';
import type { MaterialLabelRepository } from './material-label.repository.ts';
import type { FilingFence, MaterialRepository } from './material.repository.ts';

/** How many expired materials one expiry run removes. */
const EXPIRE_BATCH = 200;
const DAY_MS = 24 * 60 * 60_000;

type MaterialRow = Awaited<ReturnType<MaterialRepository['byIds']>>[number];

/** Refuses a batch call (404) unless every one of `ids` (distinct, from the contract's idList) was found. */
function requireAll(ids: readonly number[], found: number): void {
  if (found !== new Set(ids).size) {
    throw notFound();
  }
}

/** Runs a write of a group or tag name; the member's unique index refuses a taken name with `msg`. */
async function uniqueName<T>(msg: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw badRequest(msg);
    }
    throw error;
  }
}

/** What the library reads and writes of the material tables (not media processing's or music's). */
type MaterialStore = Omit<MaterialRepository, 'audio' | 'processingRow' | 'setProcessed'>;

/** The material library: materials, groups, tags; uploads come through UploadService. */
export class MaterialService {
  private readonly repo: MaterialStore;
  private readonly labels: MaterialLabelRepository;

  constructor(
    private readonly deps: {
      materialRepository: MaterialStore;
      /** The member's groups and tags. */
      materialLabelRepository: MaterialLabelRepository;
      now: () => number;
      storage: StorageDriver;
      jobs: Pick<JobQueue, 'enqueue'>;
      realtime?: RealtimePublisher;
      /**
       * The upload ledger (finished uploads, the member's space), read and charged through the shared
       * repository, and the app config's max_file_num; the upload module itself is not called (issue 26).
       */
      uploadRepository: Pick<UploadRepository, 'find' | 'space'>;
      settingRepository: Pick<SettingRepository, 'configByCate'>;
      /** Tells the upload module a material's object is released (`material.released`). */
      events: DomainEventEmitter;
    },
  ) {
    this.repo = deps.materialRepository;
    this.labels = deps.materialLabelRepository;
  }

  /** file.File/list: a page of the member's materials with the §3 search state. */
  async list(memberId: number, query: z.output<typeof materialListQuery>): Promise<MaterialList> {
    const filter = {
      groupId: query.group_id,
      fileTypes: query.file_type,
      tagIds: query.tag_ids,
      nameLike: query.search_value?.trim() ? query.search_value.trim() : null,
      sourceType: query.source_type,
    };
    const [rows, count] = await Promise.all([
      this.repo.page(memberId, filter, query.limit, (query.page - 1) * query.limit),
      this.repo.count(memberId, filter),
    ]);
    return { list: await this.present(rows), count };
  }

  /** file.File/info. */
  async info(memberId: number, id: number): Promise<Material> {
    const [row] = await this.repo.byIds(memberId, [id]);
    if (!row) {
      throw notFound();
    }
    const [material] = await this.present([row]);
    return material as Material;
  }

  /**
   * file.File/add type url: registers finished uploads of the member as materials, all or none —
   * every url is checked first, then all are registered in one transaction.
   */
  async addFromUploads(memberId: number, body: z.output<typeof materialAddBody>): Promise<UploadedFile[]> {
    const limit = await maxFileNum(this.deps.settingRepository);
    if (body.file_url.length > limit) {
      throw badRequest(fillMsg(Msg.tooManyFiles, { limit }));
    }
    const keys = body.file_url.map((url) => keyFromUrl(url, this.deps.storage.publicBaseUrl));
    if (keys.some((key) => key === null)) {
      throw badRequest(Msg.fileRequired);
    }
    const groupId = await this.checkedGroup(memberId, body.group_id);
    const tagIds = await this.labels.ownTagIds(memberId, body.tag_ids ?? []);
    const uploads = await claimableUploads(this.deps.uploadRepository, memberId, keys as string[]);
    const named = uploads.map((upload, index) => ({ upload, fileName: body.file_name[index] ?? upload.file_name }));
    const ids = await this.register(memberId, named, {
      groupId,
      tagIds,
      remark: body.remark ?? '',
      sourceType: body.source_type ?? SourceType.upload,
    });
    return named.map(({ upload, fileName }, index) => ({
      file_id: ids[index] as number,
      file_name: fileName,
      file_url: this.deps.storage.publicUrl(upload.object_key),
    }));
  }

  /**
   * file.File/add type upl (multipart): registers the media file the upload module stored
   * (UploadService.storeDirect, called by the route) as a material.
   */
  async addFromMultipart(
    memberId: number,
    upload: ClaimedUpload,
    fields: { file_name?: string; file_type?: z.output<typeof fileType> },
  ): Promise<UploadedFile> {
    const fileName = fields.file_name?.trim() || upload.file_name;
    const [id] = await this.register(memberId, [{ upload, fileName }], {
      groupId: 0,
      tagIds: [],
      remark: '',
      sourceType: SourceType.upload,
    });
    return { file_id: id as number, file_name: fileName, file_url: this.deps.storage.publicUrl(upload.object_key) };
  }

  /** Registers finished uploads as materials in one transaction, then queues their media jobs. */
  private async register(
    memberId: number,
    files: readonly { upload: ClaimedUpload; fileName: string }[],
    options: { groupId: number; tagIds: number[]; remark: string; sourceType: number },
  ): Promise<number[]> {
    const now = this.deps.now();
    const { retentionDays } = await spaceOf(this.deps.uploadRepository, memberId);
    const ids = await this.repo.registerUploads(
      memberId,
      files.map(({ upload, fileName }) => ({
        row: materialRow(memberId, upload, fileName, options, retentionDays, now),
        tagIds: options.tagIds,
      })),
      now,
    );
    if (!ids) {
      throw badRequest(Msg.fileRequired); // registered by a concurrent call in the meantime
    }
    const keys = files.map((f) => f.upload.object_key);
    await forgetClaimed(this.deps.storage, keys);
    for (const materialId of ids) {
      await this.deps.jobs.enqueue(Job.materialMedia, { materialId });
    }
    this.changed(memberId);
    return ids;
  }

  /** file.File/edit: name, remark, group and tags of one material. */
  async edit(memberId: number, body: z.output<typeof materialEditBody>): Promise<void> {
    await this.info(memberId, body.file_id);
    const groupId = body.group_id === undefined ? undefined : await this.checkedGroup(memberId, body.group_id);
    await this.repo.update(memberId, [body.file_id], {
      ...(body.file_name !== undefined ? { file_name: body.file_name } : {}),
      ...(body.remark !== undefined ? { remark: body.remark } : {}),
      ...(groupId !== undefined ? { group_id: groupId } : {}),
      updated_at: this.deps.now(),
    });
    if (body.tag_ids !== undefined) {
      await this.repo.setTags([body.file_id], await this.labels.ownTagIds(memberId, body.tag_ids));
    }
  }

  /**
   * file.File/dele: deletes materials, their objects, and refunds their space. Like edit and info, it
   * answers 404 (and deletes nothing) when any id is not one of the member's materials.
   */
  async remove(memberId: number, ids: readonly number[]): Promise<void> {
    const rows = await this.repo.byIds(memberId, ids);
    requireAll(ids, rows.length);
    for (const row of rows) {
      if (await this.repo.remove(memberId, { ...row, size: Number(row.size) }, this.deps.now())) {
        await this.released(memberId, row.object_key, Number(row.size));
      }
    }
    this.changed(memberId);
  }

  /** The object is no longer a material's: the upload module deletes it and refunds its space (awaited). */
  private released(memberId: number, objectKey: string, size: number): Promise<void> {
    return this.deps.events.emit('material.released', { memberId, objectKey, size });
  }

  /** Tells the member's open data screen that its material figures changed. */
  private changed(memberId: number): void {
    this.deps.realtime?.publish(memberId, { type: 'data_changed', data: { what: 'materials' } });
  }

  /** file.File/edittag: replaces the tags of the member's materials (404, nothing changed, for any other id). */
  async editTags(memberId: number, ids: readonly number[], tagIds: readonly number[]): Promise<void> {
    const own = await this.repo.ownIds(memberId, ids);
    requireAll(ids, own.length);
    await this.repo.setTags(own, await this.labels.ownTagIds(memberId, tagIds));
  }

  /** file.File/editgroup: moves the member's materials to a group (0: none); 404 for any other id. */
  async editGroup(memberId: number, ids: readonly number[], groupId: number | null): Promise<void> {
    requireAll(ids, (await this.repo.ownIds(memberId, ids)).length);
    const checked = await this.checkedGroup(memberId, groupId);
    await this.repo.update(memberId, ids, { group_id: checked, updated_at: this.deps.now() });
  }

  /** Counts a use of materials by a task (compose's `material.used` listener). */
  async recordUse(memberId: number, ids: readonly number[]): Promise<void> {
    await this.repo.incrementUseCount(memberId, ids);
  }

  /**
   * Files a video the server produced (a clip output already in storage) as a material of the member
   * in the group named `groupName` (made when missing); the media job adds its poster and duration.
   * Null when `fence` refused the filing (its producer no longer held the work): nothing is filed.
   */
  async addProduced(
    memberId: number,
    file: { objectKey: string; size: number; fileName: string; groupName: string; remark: string },
    fence: FilingFence = () => Promise.resolve(true),
  ): Promise<number | null> {
    const groupId = await this.labels.groupIdOrAdd(memberId, file.groupName, this.deps.now());
    // Not an upload: there is no upload row to claim, so the material is inserted directly.
    const now = this.deps.now();
    const { retentionDays } = await spaceOf(this.deps.uploadRepository, memberId);
    const upload = { object_key: file.objectKey, size: file.size };
    const options = { groupId, remark: file.remark, sourceType: SourceType.clip };
    const row = materialRow(memberId, upload, file.fileName, options, retentionDays, now);
    // Charged to the member's cloud space like an upload, in the transaction that files it: a file that
    // no longer fits, or whose producer lost its hold (`fence`), is dropped with nothing charged.
    const id = await this.repo.insertProduced(row, file.size, now, fence).catch(async (error: unknown) => {
      await this.deps.storage.delete(file.objectKey).catch(() => undefined);
      throw error;
    });
    if (id === 'full' || id === 'fenced') {
      await this.deps.storage.delete(file.objectKey).catch(() => undefined);
      if (id === 'full') {
        throw badRequest(Msg.spaceExceeded);
      }
      return null;
    }
    await this.deps.jobs.enqueue(Job.materialMedia, { materialId: id });
    this.changed(memberId);
    return id;
  }

  /** The expiry job: removes materials past expiration_time and frees their space. */
  async expire(): Promise<number> {
    const rows = await this.repo.expired(this.deps.now(), EXPIRE_BATCH);
    for (const row of rows) {
      if (await this.repo.remove(row.member_id, { ...row, size: Number(row.size) }, this.deps.now())) {
        await this.released(row.member_id, row.object_key, Number(row.size));
      }
    }
    new Set(rows.map((row) => row.member_id)).forEach((memberId) => this.changed(memberId));
    return rows.length;
  }

  // Groups and tags

  async groups(memberId: number, limit: number): Promise<MaterialGroup[]> {
    const rows = await this.labels.groups(memberId, limit);
    return rows.map((r) => ({ group_id: r.id, group_name: r.group_name, group_desc: r.group_desc }));
  }

  addGroup(memberId: number, name: string, desc: string): Promise<number> {
    return uniqueName(Msg.groupExists, () => this.labels.addGroup(memberId, name, desc, this.deps.now()));
  }

  async editGroupInfo(memberId: number, id: number, name: string, desc: string): Promise<void> {
    if (!(await uniqueName(Msg.groupExists, () => this.labels.editGroup(memberId, id, name, desc)))) {
      throw notFound();
    }
  }

  async deleteGroup(memberId: number, id: number): Promise<void> {
    if (!(await this.labels.deleteGroup(memberId, id))) {
      throw notFound();
    }
  }

  async tags(memberId: number, limit: number): Promise<MaterialTag[]> {
    const rows = await this.labels.tags(memberId, limit);
    return rows.map((r) => ({ tag_id: r.id, tag_name: r.tag_name, tag_desc: r.tag_desc }));
  }

  addTag(memberId: number, name: string, desc: string): Promise<number> {
    return uniqueName(Msg.tagExists, () => this.labels.addTag(memberId, name, desc, this.deps.now()));
  }

  async editTagInfo(memberId: number, id: number, name: string, desc: string): Promise<void> {
    if (!(await uniqueName(Msg.tagExists, () => this.labels.editTag(memberId, id, name, desc)))) {
      throw notFound();
    }
  }

  async deleteTag(memberId: number, id: number): Promise<void> {
    if (!(await this.labels.deleteTag(memberId, id))) {
      throw notFound();
    }
  }

  private async checkedGroup(memberId: number, groupId: number | null | undefined): Promise<number> {
    if (!groupId) {
      return 0;
    }
    if (!(await this.labels.groupExists(memberId, groupId))) {
      throw notFound();
    }
    return groupId;
  }

  private async present(rows: MaterialRow[]): Promise<Material[]> {
    const tags = new Map<number, { tag_id: number; tag_name: string }[]>();
    for (const tag of await this.repo.tagsOf(rows.map((r) => r.id))) {
      tags.set(tag.material_id, [...(tags.get(tag.material_id) ?? []), tag]);
    }
    const storage = this.deps.storage;
    return rows.map((row) => {
      const own = tags.get(row.id) ?? [];
      return {
        file_id: row.id,
        file_url: storage.publicUrl(row.object_key),
        file_name: row.file_name,
        file_type: row.file_type as Material['file_type'],
        duration: Number(row.duration_ms) / 1000,
        size: Number(row.size),
        thumb_url: row.thumb_key ? storage.publicUrl(row.thumb_key) : '',
        process_status: row.process_status as Material['process_status'],
        group_id: row.group_id,
        group_name: row.group_name,
        tag_ids: own.map((t) => t.tag_id).join(','),
        tag_names: own.map((t) => t.tag_name).join(','),
        use_count: row.use_count,
        expiration_time: row.expiration_time === null ? '' : formatServerTime(Number(row.expiration_time)),
        remark: row.remark,
        source_type: row.source_type,
        create_time: formatServerTime(Number(row.created_at)),
      };
    });
  }
}

/** The stored row of a new material; the content decides the kind, the client's file_type is only a hint. */
function materialRow(
  memberId: number,
  file: { object_key: string; size: number },
  fileName: string,
  options: { groupId: number; remark: string; sourceType: number },
  retentionDays: number,
  now: number,
) {
  return {
    member_id: memberId,
    object_key: file.object_key,
    file_name: fileName.slice(0, 200),
    file_type: mediaKindOf(file.object_key) ?? 'image',
    size: file.size,
    duration_ms: 0,
    thumb_key: '',
    process_status: 'pending',
    process_error: '',
    group_id: options.groupId,
    use_count: 0,
    expiration_time: retentionDays > 0 ? now + retentionDays * DAY_MS : null,
    remark: options.remark,
    source_type: options.sourceType,
    created_at: now,
    updated_at: now,
  };
}
