import { rmSync } from 'node:fs';
import { deleteRedisKeys } from '@vidmatrix/fixtures';
import { dropSchema } from './pg-schema.mjs';

/**
 * Drops the run's PostgreSQL schemas and Redis keys, and removes its temporary data directories (the
 * s3rver bucket's too).
 */
export default async function globalTeardown(): Promise<void> {
  if (process.env.REDIS_URL && process.env.E2E_REDIS_PREFIX) {
    // Its servers' keys (`<prefix>…`, the s3 one's too) and their queues' (`jobs-<prefix>…`).
    const prefix = process.env.E2E_REDIS_PREFIX;
    await deleteRedisKeys(process.env.REDIS_URL, [prefix, `jobs-${prefix}`]);
  }
  const url = process.env.DATABASE_URL;
  for (const schema of [process.env.E2E_PG_SCHEMA, process.env.E2E_S3_PG_SCHEMA]) {
    if (url && schema) {
      await dropSchema(url, schema);
    }
  }
  for (const dataDir of [process.env.E2E_DATA_DIR, process.env.E2E_S3_DATA_DIR]) {
    if (dataDir && !process.env.E2E_KEEP_DATA) {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}
