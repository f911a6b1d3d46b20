import type { StorageInfo } from '@vidmatrix/contract/api/file-setting';
import { CLOUD_UPLOAD_MAX_MB, GENERAL_UPLOAD_MAX_MB } from '@vidmatrix/contract/constants';
import type { StorageDriver } from '../../storage/storage.ts';
import { TUS_PATH, type UploadService } from '../upload/upload.service.ts';

/**
 * tus chunk size, bytes. bench/upload.bench.mjs (curl for both sides): each PATCH pays a few ms of
 * fixed work (auth, upload row, tus metadata, file open/close), so 8 MB chunks reached 0.6× the
 * loopback baseline and 32 MB ~1.0×; 64 MB adds little and loses more progress on an interruption.
 */
export const UPLOAD_CHUNK_SIZE = 32 * 1024 * 1024;

/** What the client needs to upload; never a secret. */
export class FileSettingService {
  constructor(
    private readonly deps: { storage: StorageDriver },
    private readonly uploads: Pick<UploadService, 'space' | 'maxFileNum'>,
  ) {}

  /** Storage info with the member's space from its level. */
  async storageInfo(memberId: number): Promise<StorageInfo> {
    const [space, maxFileNum] = await Promise.all([this.uploads.space(memberId), this.uploads.maxFileNum()]);
    return {
      driver: this.deps.storage.kind,
      upload_endpoint: TUS_PATH,
      chunk_size: UPLOAD_CHUNK_SIZE,
      public_base_url: this.deps.storage.publicBaseUrl,
      max_size_mb: CLOUD_UPLOAD_MAX_MB,
      general_max_size_mb: GENERAL_UPLOAD_MAX_MB,
      max_file_num: maxFileNum,
      retention_days: space.retentionDays,
      space_total: space.total,
      space_used: space.used,
      space_free: space.free,
    };
  }
}
