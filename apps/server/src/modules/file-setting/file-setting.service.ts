import type { StorageInfo } from '@vidmatrix/contract/api/file-setting';
import { CLOUD_UPLOAD_MAX_MB, GENERAL_UPLOAD_MAX_MB } from '@vidmatrix/contract/constants';
import type { StorageDriver } from '../../storage/storage.ts';
import { maxFileNum } from '../setting/app-config.ts';
import type { SettingRepository } from '../setting/setting.repository.ts';
import { spaceOf } from '../upload/upload-ledger.ts';
import type { UploadRepository } from '../upload/upload.repository.ts';
import { TUS_PATH } from '../upload/upload.service.ts';

/**
 * tus chunk size, bytes. bench/upload.bench.mjs (curl for both sides): each PATCH pays a few ms of
 * fixed work (auth, upload row, tus metadata, file open/close), so 8 MB chunks reached 0.6× the
 * loopback baseline and 32 MB ~1.0×; 64 MB adds little and loses more progress on an interruption.
 */
export const UPLOAD_CHUNK_SIZE = 32 * 1024 * 1024;

/** What the client needs to upload; never a secret. */
export class FileSettingService {
  /** The member's space and max_file_num are read from the shared repositories (issue 26). */
  constructor(
    private readonly deps: {
      storage: StorageDriver;
      uploadRepository: Pick<UploadRepository, 'space'>;
      settingRepository: Pick<SettingRepository, 'configByCate'>;
    },
  ) {}

  /** Storage info with the member's space from its level. */
  async storageInfo(memberId: number): Promise<StorageInfo> {
    const [space, maxFiles] = await Promise.all([
      spaceOf(this.deps.uploadRepository, memberId),
      maxFileNum(this.deps.settingRepository),
    ]);
    return {
      driver: this.deps.storage.kind,
      upload_endpoint: TUS_PATH,
      chunk_size: UPLOAD_CHUNK_SIZE,
      public_base_url: this.deps.storage.publicBaseUrl,
      max_size_mb: CLOUD_UPLOAD_MAX_MB,
      general_max_size_mb: GENERAL_UPLOAD_MAX_MB,
      max_file_num: maxFiles,
      retention_days: space.retentionDays,
      space_total: space.total,
      space_used: space.used,
      space_free: space.free,
    };
  }
}
