import type { Readable } from 'node:stream';
import { Server as TusServer, type Locker } from '@tus/server';
import { FileSettingApi } from '@vidmatrix/contract/api/file-setting';
import { UPLOAD_PREFIX } from '@vidmatrix/contract/constants';
import { Msg } from '@vidmatrix/contract/messages';
import {
  checkCloudUpload,
  CLOUD_UPLOAD_EXTENSIONS,
  contentMatchesExtension,
  extensionOf,
  MB,
} from '@vidmatrix/contract/rules/upload';
import { Job } from '@vidmatrix/contract/jobs';
import { fileTypeFromBuffer } from 'file-type';
import { badRequest } from '../../errors.ts';
import { contentTypeOf } from '../../storage/content-type.ts';
import { maxFileNum } from '../setting/app-config.ts';
import { claimableUploads, spaceOf, type ClaimedUpload, type MemberSpace } from './upload-ledger.ts';
import { isUploadKey, thumbKeyOf, uploadKey } from './object-name.ts';
import { keyFromUrl, type StorageDriver } from '../../storage/storage.ts';
import type { SettingRepository } from '../setting/setting.repository.ts';
import type { UploadRepository } from './upload.repository.ts';

/** Where the tus endpoint is mounted (file.Setting/info hands it to the client). */
export const TUS_PATH = FileSettingApi.tus;
/** Header the server sets on the raw request after authentication; a client's value is overwritten. */
export const MEMBER_HEADER = 'x-vidmatrix-member';
/** Bytes file-type needs to recognise every format we accept. */
const SNIFF_BYTES = 4100;
/** Job that removes uploads never registered as a material (its name in the contract catalogue). */
export const UPLOAD_CLEANUP_JOB = Job.uploadCleanup;
/** An upload not registered this long after it started is removed (and refunded when finished), ms. */
export const UPLOAD_MAX_AGE_MS = 24 * 60 * 60_000;
/** A material's release still unfinished this long after its removal died with its process, ms. */
export const RELEASE_GRACE_MS = 10 * 60_000;
/** Uploads one cleanup run removes. */
const CLEANUP_BATCH = 200;

/** A tus hook failure: @tus/server answers `body` with `status_code`. */
class TusError extends Error {
  constructor(
    readonly status_code: number,
    readonly body: string,
  ) {
    super(body);
  }
}
function tusError(status: number, body: string): TusError {
  return new TusError(status, body);
}

export type { ClaimedUpload } from './upload-ledger.ts';

type UploadStore = Pick<
  UploadRepository,
  | 'find'
  | 'finishAndCharge'
  | 'insert'
  | 'refund'
  | 'registeredOtherThan'
  | 'releasedBefore'
  | 'remove'
  | 'removeIf'
  | 'settleRelease'
  | 'setSize'
  | 'space'
  | 'stale'
>;

/**
 * Uploads: the rules of SPEC §5.1 on the server (extension, size, free space before accepting;
 * magic bytes and an atomic space charge on finish), ownership, and giving objects back.
 */
export class UploadService {
  private readonly repo: UploadStore;

  constructor(
    private readonly deps: {
      uploadRepository: UploadStore;
      /** The app config (max_file_num), read from the shared setting repository (issue 26). */
      settingRepository: Pick<SettingRepository, 'configByCate'>;
      now: () => number;
      storage: StorageDriver;
    },
  ) {
    this.repo = deps.uploadRepository;
  }

  /** Free bytes of the member's level (level space minus used), and its retention days. */
  space(memberId: number): Promise<MemberSpace> {
    return spaceOf(this.repo, memberId);
  }

  /** Files one add may register: the app config max_file_num. */
  maxFileNum(): Promise<number> {
    return maxFileNum(this.deps.settingRepository);
  }

  /** The tus server writing into the configured storage, with the rules as hooks. */
  createTusServer(locker: Locker): TusServer {
    const memberOf = (req: Request): number => {
      const id = Number(req.headers.get(MEMBER_HEADER));
      if (!Number.isInteger(id) || id <= 0) {
        throw tusError(401, Msg.tokenInvalid);
      }
      return id;
    };
    return new TusServer({
      path: TUS_PATH,
      datastore: this.deps.storage.tusDataStore(),
      locker,
      // No tus-level maxSize: onUploadCreate applies the limit with the catalogue message.
      // The id carries the media/ prefix; URLs carry only the name so it stays one path segment.
      namingFunction: (_req, metadata) => {
        const ext = extensionOf(metadata?.filename ?? '');
        if (!ext) {
          throw tusError(400, Msg.unsupportedFormat);
        }
        return uploadKey(ext);
      },
      generateUrl: (_req, { path, id }) => `${path}/${id.slice(UPLOAD_PREFIX.length)}`,
      getFileIdFromRequest: (_req, lastPath) => {
        const key = `${UPLOAD_PREFIX}${lastPath ?? ''}`;
        return isUploadKey(key) ? key : undefined;
      },
      onUploadCreate: async (req, upload) => {
        const memberId = memberOf(req);
        const fileName = upload.metadata?.filename ?? '';
        if (upload.size === undefined) {
          throw tusError(400, Msg.invalidParams); // deferred length would skip the space check
        }
        const verdict = checkCloudUpload(
          { name: fileName, size: upload.size },
          { freeSpace: (await this.space(memberId)).free },
        );
        if (verdict) {
          throw tusError(verdict === Msg.unsupportedFormat ? 400 : 413, verdict);
        }
        await this.repo.insert({
          object_key: upload.id,
          member_id: memberId,
          file_name: fileName.slice(0, 200),
          size: upload.size,
          created_at: this.deps.now(),
        });
        return { metadata: { ...upload.metadata, member_id: String(memberId) } };
      },
      onIncomingRequest: async (req, id) => {
        const memberId = memberOf(req);
        if (req.method === 'POST') {
          return;
        }
        const row = await this.repo.find(id);
        if (!row || row.member_id !== memberId) {
          throw tusError(404, Msg.notFound); // another member's upload does not exist for you
        }
      },
      onUploadFinish: async (req, upload) => {
        await this.finish(memberOf(req), upload.id);
        return {};
      },
    });
  }

  /** Checks the finished object's content and charges its size; refuses and deletes it otherwise. */
  async finish(memberId: number, key: string): Promise<void> {
    const row = await this.repo.find(key);
    if (!row || row.member_id !== memberId) {
      throw tusError(404, Msg.notFound);
    }
    const head = await this.deps.storage.readHead(key, SNIFF_BYTES);
    const detected = await fileTypeFromBuffer(head);
    if (!contentMatchesExtension(row.file_name, detected?.ext)) {
      await this.dropObject(key);
      throw tusError(415, Msg.unsupportedFormat);
    }
    if ((await this.repo.finishAndCharge(key, memberId, Number(row.size), this.deps.now())) === 'full') {
      await this.dropObject(key);
      throw tusError(413, Msg.spaceExceeded);
    }
  }

  /** The member's finished uploads at `keys`, all or none (see claimableUploads). */
  claimable(memberId: number, keys: readonly string[]): Promise<ClaimedUpload[]> {
    return claimableUploads(this.repo, memberId, keys);
  }

  /** deleAliyunFile: deletes the member's own unregistered uploads under media/ (their URLs) and refunds them. */
  async discard(memberId: number, paths: readonly string[]): Promise<void> {
    const keys = paths.map((p) => keyFromUrl(p, this.deps.storage.publicBaseUrl));
    if (keys.some((k) => k === null)) {
      throw badRequest(Msg.invalidParams);
    }
    const rows = [];
    for (const key of keys as string[]) {
      const row = isUploadKey(key) ? await this.repo.find(key) : undefined;
      // Any other path, another member's object, or one a material owns is refused as a whole.
      if (!row || row.member_id !== memberId || row.status === 'registered') {
        throw badRequest(Msg.invalidParams);
      }
      rows.push(row);
    }
    for (const row of rows) {
      await this.dropObject(row.object_key);
      if (row.status === 'finished') {
        await this.repo.refund(memberId, Number(row.size), this.deps.now());
      }
    }
  }

  /**
   * Frees a removed material's object: deletes its thumbnail and it, then ends the 'released' row the
   * removal wrote with the refund. A release cut short (its process died) is ended by the cleanup job.
   */
  async release(memberId: number, key: string, size: number): Promise<void> {
    await this.deps.storage.delete(thumbKeyOf(key)).catch(() => undefined);
    await this.forget(key);
    await this.repo.settleRelease(key, memberId, size, this.deps.now());
  }

  /**
   * The multipart path (file.File/add type=upl): media only (SPEC §5.1), refused before anything is
   * stored or charged; stores the stream, then applies the tus rules (magic bytes, space charge).
   * Answers a finished upload for the caller to register; unregistered, the cleanup job refunds it.
   */
  async storeDirect(
    memberId: number,
    fileName: string,
    stream: Readable & { truncated?: boolean },
    maxSizeMb: number,
  ): Promise<ClaimedUpload> {
    const early = checkCloudUpload({ name: fileName, size: 0 }, { maxSizeMb });
    if (early) {
      stream.resume();
      throw badRequest(early);
    }
    const key = uploadKey(extensionOf(fileName));
    await this.repo.insert({
      object_key: key,
      member_id: memberId,
      file_name: fileName.slice(0, 200),
      size: 0,
      created_at: this.deps.now(),
    });
    try {
      await this.deps.storage.put(key, stream, contentTypeOf(key));
    } catch (error) {
      // A malformed or cut-off body ends the stream with an error: nothing of it is kept.
      await this.dropObject(key);
      throw error;
    }
    const size = (await this.deps.storage.size(key)) ?? 0;
    // `truncated` is final once the stream has ended: the limit, not the parser's timing, decides.
    const verdict = stream.truncated
      ? checkCloudUpload({ name: fileName, size: maxSizeMb * MB + 1 }, { maxSizeMb })
      : checkCloudUpload({ name: fileName, size }, { maxSizeMb, freeSpace: (await this.space(memberId)).free });
    if (verdict) {
      await this.dropObject(key);
      throw badRequest(verdict);
    }
    await this.repo.setSize(key, size);
    try {
      await this.finish(memberId, key);
    } catch (error) {
      throw badRequest(error instanceof TusError ? error.body : Msg.uploadFailed);
    }
    return { object_key: key, file_name: fileName, size };
  }

  /**
   * The cleanup job: removes uploads not registered within UPLOAD_MAX_AGE_MS (an unfinished s3
   * multipart upload is aborted) and refunds the space of finished ones, and of non-media files an
   * older type=upl path charged without a material. Returns how many it removed.
   */
  async cleanup(): Promise<number> {
    const now = this.deps.now();
    const rows = await this.repo.stale(now - UPLOAD_MAX_AGE_MS, CLEANUP_BATCH);
    const store = rows.some((r) => r.status === 'uploading') ? this.deps.storage.tusDataStore() : undefined;
    let removed = 0;
    for (const row of rows) {
      // Taking the row first: a registration racing with this run either wins or finds nothing.
      if (!(await this.repo.removeIf(row.object_key, row.status))) {
        continue;
      }
      if (row.status === 'uploading') {
        await store?.remove(row.object_key).catch(() => undefined);
      }
      await this.forget(row.object_key);
      if (row.status === 'finished') {
        await this.repo.refund(row.member_id, Number(row.size), now);
      }
      removed += 1;
    }
    for (const row of await this.repo.releasedBefore(now - RELEASE_GRACE_MS, CLEANUP_BATCH)) {
      await this.deps.storage.delete(thumbKeyOf(row.object_key)).catch(() => undefined);
      await this.forget(row.object_key);
      removed += (await this.repo.settleRelease(row.object_key, row.member_id, Number(row.size), now)) ? 1 : 0;
    }
    for (const row of await this.repo.registeredOtherThan(CLOUD_UPLOAD_EXTENSIONS, CLEANUP_BATCH)) {
      if (await this.repo.removeIf(row.object_key, row.status)) {
        await this.forget(row.object_key);
        await this.repo.refund(row.member_id, Number(row.size), now);
        removed += 1;
      }
    }
    return removed;
  }

  private async dropObject(key: string): Promise<void> {
    await this.forget(key);
    await this.repo.remove(key);
  }

  /** Deletes an object and what the tus store keeps about it (local metadata file, s3 part ledger). */
  private async forget(key: string): Promise<void> {
    await this.deps.storage.delete(key).catch(() => undefined);
    await this.deps.storage.forgetUpload(key).catch(() => undefined);
  }
}
