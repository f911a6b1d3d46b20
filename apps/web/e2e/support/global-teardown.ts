import { rmSync } from 'node:fs';
import { Redis } from 'ioredis';
import { dropSchema } from './pg-schema.mjs';

/** Deletes the run's keys in Redis: its servers' (`<prefix>…`, the s3 one's too) and their queues' (`jobs-<prefix>…`). */
async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    for (const pattern of [`${prefix}*`, `jobs-${prefix}*`]) {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
        cursor = next;
        if (keys.length > 0) {
          await redis.unlink(...keys);
        }
      } while (cursor !== '0');
    }
  } finally {
    redis.disconnect();
  }
}

/**
 * Drops the run's PostgreSQL schemas and Redis keys, and removes its temporary data directories (the
 * s3rver bucket's too).
 */
export default async function globalTeardown(): Promise<void> {
  if (process.env.REDIS_URL && process.env.E2E_REDIS_PREFIX) {
    await deleteRedisKeys(process.env.REDIS_URL, process.env.E2E_REDIS_PREFIX);
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
