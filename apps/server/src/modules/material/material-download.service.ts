import type { Readable } from 'node:stream';
import type { materialDownloadQuery } from '@vidmatrix/contract/api/material-download';
import { fillMsg, Msg } from '@vidmatrix/contract/messages';
import { batchDownloadLimit } from '@vidmatrix/contract/rules/features';
import type { z } from 'zod';
import { badRequest, notFound } from '../../errors.ts';
import { zipStream, type ZipEntry } from '../../lib/zip.ts';
import type { StorageDriver } from '../../storage/storage.ts';
import { featureFlagsOf, type FeatureFlagStore } from '../member/feature-flags.ts';
import type { MaterialRepository } from './material.repository.ts';

/** Characters no file system takes in a name, and control characters. */
// eslint-disable-next-line no-control-regex
const UNSAFE_NAME = /[\\/:*?"<>|\u0000-\u001f\u007f]/g;

/** The name a material gets inside the zip: its own name with the stored file's extension, unique. */
export function zipEntryNames(rows: readonly { file_name: string; object_key: string }[]): string[] {
  const taken = new Set<string>();
  return rows.map((row) => {
    const ext = /\.[A-Za-z0-9]{1,8}$/.exec(row.object_key)?.[0] ?? '';
    let base = row.file_name.replace(UNSAFE_NAME, '_').replace(/^\.+/, '').trim() || '素材';
    if (ext && base.toLowerCase().endsWith(ext.toLowerCase())) {
      base = base.slice(0, -ext.length);
    }
    let name = `${base}${ext}`;
    for (let n = 2; taken.has(name.toLowerCase()); n += 1) {
      name = `${base} (${n})${ext}`;
    }
    taken.add(name.toLowerCase());
    return name;
  });
}

/** file.File/batchDownload: a member's chosen materials as one stored zip, streamed from storage. */
export class MaterialDownloadService {
  private readonly repo: Pick<MaterialRepository, 'byIds'>;

  constructor(
    private readonly deps: {
      materialRepository: Pick<MaterialRepository, 'byIds'>;
      /** The member's batch-download flags, read from the shared member repository (issue 26). */
      memberRepository: FeatureFlagStore;
      now: () => number;
      storage: StorageDriver;
    },
  ) {
    this.repo = deps.materialRepository;
  }

  /**
   * The zip of `ids`, in the order given. Refused when the member's level has no batch download,
   * beyond batch_download_max, and (404, like edit and dele) when any id is not the member's.
   */
  async download(memberId: number, query: z.output<typeof materialDownloadQuery>): Promise<Readable> {
    const ids = [...new Set(query.ids)];
    const limit = batchDownloadLimit(await featureFlagsOf(this.deps.memberRepository, memberId));
    if (limit === 0) {
      throw badRequest(Msg.batchDownloadOff);
    }
    if (ids.length > limit) {
      throw badRequest(fillMsg(Msg.batchDownloadTooMany, { n: limit }));
    }
    const found = new Map((await this.repo.byIds(memberId, ids)).map((row) => [row.id, row]));
    const rows = ids.map((id) => found.get(id));
    if (rows.some((row) => row === undefined)) {
      throw notFound();
    }
    const own = rows as NonNullable<(typeof rows)[number]>[];
    const names = zipEntryNames(own);
    const entries: ZipEntry[] = own.map((row, index) => ({
      name: names[index] ?? String(row.id),
      open: () => this.deps.storage.read(row.object_key),
    }));
    return zipStream(entries, { now: this.deps.now() });
  }
}
