import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { withSearchPath } from './pg-schema.mjs';

const repoRoot = join(import.meta.dirname, '..', '..', '..', '..');

/** DATA_DIR and DATABASE_URL of the shared e2e server, so the operator CLI works on its database. */
export function e2eServerEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR };
  if (process.env.DATABASE_URL && process.env.E2E_PG_SCHEMA) {
    env.DATABASE_URL = withSearchPath(process.env.DATABASE_URL, process.env.E2E_PG_SCHEMA);
  }
  return env;
}

/** Runs `npm run admin -- <args>` against the shared e2e server's database; returns its output. */
export function runAdmin(args: string[]): string {
  return execFileSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/admin.ts', ...args], {
    cwd: repoRoot,
    env: e2eServerEnv(),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}
