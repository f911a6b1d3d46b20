import { Msg } from '@vidmatrix/contract/messages';
import { badRequest } from '../../errors.ts';
import type { StorageDriver } from '../../storage/storage.ts';
import { isUploadKey } from './object-name.ts';
import type { UploadRepository } from './upload.repository.ts';

/** A finished upload of the member, ready to become a material. */
export interface ClaimedUpload {
  object_key: string;
  file_name: string;
  size: number;
}

/** A member's cloud space: level space, used, free (never below 0) and retention days. */
export interface MemberSpace {
  total: number;
  used: number;
  free: number;
  retentionDays: number;
}

/*
 * Reads of the upload ledger over the shared upload repository: the upload module's own service and the
 * material library answer them the same way without one service calling the other (issue 26).
 */

/** Free bytes of the member's level (level space minus used), and its retention days. */
export async function spaceOf(uploads: Pick<UploadRepository, 'space'>, memberId: number): Promise<MemberSpace> {
  const row = await uploads.space(memberId);
  const total = Number(row?.total ?? 0);
  const used = Number(row?.used ?? 0);
  return { total, used, free: Math.max(0, total - used), retentionDays: Number(row?.retention_days ?? 0) };
}

/**
 * The finished uploads of the member at `keys`, checked all before any is used; refuses the whole
 * list (请上传文件) when one is missing, another member's, unfinished, registered or repeated.
 * Registering them is the caller's transaction (MaterialRepository.registerUploads).
 */
export async function claimableUploads(
  uploads: Pick<UploadRepository, 'find'>,
  memberId: number,
  keys: readonly string[],
): Promise<ClaimedUpload[]> {
  if (new Set(keys).size !== keys.length) {
    throw badRequest(Msg.fileRequired);
  }
  const claimed: ClaimedUpload[] = [];
  for (const key of keys) {
    const row = isUploadKey(key) ? await uploads.find(key) : undefined;
    if (!row || row.member_id !== memberId || row.status !== 'finished') {
      throw badRequest(Msg.fileRequired);
    }
    claimed.push({ object_key: row.object_key, file_name: row.file_name, size: Number(row.size) });
  }
  return claimed;
}

/** After registration: the uploads are over, their tus metadata (and s3 part ledger) goes. */
export async function forgetClaimed(storage: Pick<StorageDriver, 'forgetUpload'>, keys: readonly string[]) {
  for (const key of keys) {
    await storage.forgetUpload(key).catch(() => undefined);
  }
}
