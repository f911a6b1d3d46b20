import { rmSync } from 'node:fs';
import { dropSchema } from './pg-schema.mjs';

/** Drops the run's PostgreSQL schemas and removes its temporary data directories (the s3rver bucket's too). */
export default async function globalTeardown(): Promise<void> {
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
