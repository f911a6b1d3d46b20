import pg from 'pg';
import type { FullConfig } from '@playwright/test';
import { agreeToPolicy } from './policy.ts';
import { demo } from './demo.ts';

/**
 * The seeded demo member has agreed to the user agreement on every e2e server (web servers start
 * before this runs), so specs that sign it in meet no policy panel; policy.spec.ts uses its own members.
 */
async function demoAgrees(config: FullConfig): Promise<void> {
  const urls = new Set(config.projects.map((p) => p.use.baseURL).filter((u): u is string => Boolean(u)));
  for (const baseURL of urls) {
    await agreeToPolicy(baseURL, demo.account, demo.password);
  }
}

/** Checks each e2e server runs in its own PostgreSQL schema (created by e2e-server.mjs before it started). */
export default async function globalSetup(config: FullConfig): Promise<void> {
  await demoAgrees(config);
  const url = process.env.DATABASE_URL;
  const schemas = [process.env.E2E_PG_SCHEMA, process.env.E2E_S3_PG_SCHEMA].filter((s): s is string => Boolean(s));
  if (!url || schemas.length === 0) {
    return;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const schema of schemas) {
      const found = await client.query('SELECT 1 FROM information_schema.schemata WHERE schema_name = $1', [schema]);
      if (found.rowCount !== 1) {
        throw new Error(`e2e schema ${schema} was not created`);
      }
    }
  } finally {
    await client.end();
  }
}
