import { rmSync } from 'node:fs';
import { dropSchema } from './pg-schema.mjs';

/** Drops the run's PostgreSQL schema and removes its temporary data directory. */
export default async function globalTeardown(): Promise<void> {
  const url = process.env.DATABASE_URL;
  const schema = process.env.E2E_PG_SCHEMA;
  if (url && schema) {
    await dropSchema(url, schema);
  }
  const dataDir = process.env.E2E_DATA_DIR;
  if (dataDir && !process.env.E2E_KEEP_DATA) {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
