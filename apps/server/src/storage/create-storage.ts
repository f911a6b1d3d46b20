import path from 'node:path';
import type { Db } from '../db/types.ts';
import { LocalStorageDriver } from './local-driver.ts';
import { S3StorageDriver } from './s3-driver.ts';
import type { StorageConfig, StorageDriver } from './storage.ts';
import { UploadPartLedger } from './upload-part-ledger.ts';

/** Builds the configured driver; local objects live under `<dataDir>/storage`, s3 part ledgers in `db`. */
export function createStorage(config: StorageConfig, dataDir: string, db: Db): StorageDriver {
  if (config.driver === 's3') {
    if (!config.s3.bucket || !config.s3.publicUrl) {
      throw new Error('STORAGE_DRIVER=s3 needs S3_BUCKET and S3_PUBLIC_URL');
    }
    return new S3StorageDriver(config.s3, new UploadPartLedger(db));
  }
  return new LocalStorageDriver({
    localRoot: path.join(dataDir, 'storage'),
    uploadMetaDir: path.join(dataDir, 'uploads'),
  });
}
