import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from '@playwright/test';
import { withSearchPath } from './pg-schema.mjs';

const repoRoot = join(import.meta.dirname, '..', '..', '..', '..');
const builtAdmin = join(repoRoot, 'apps/server/dist/admin.js');

/** A shared e2e server as its Playwright project's metadata names it (playwright.config.ts). */
export interface E2eServerInfo {
  /** Its DATA_DIR (the SQLite file lives here). */
  dataDir: string;
  /** Its PostgreSQL schema when DATABASE_URL is set, else ''. */
  pgSchema: string;
  /** Its REDIS_PREFIX (the CLI's member-cache drops reach it there). */
  redisPrefix: string;
}

/** DATA_DIR, DATABASE_URL and REDIS_PREFIX of the running test's shared e2e server, so the operator CLI works on it. */
export function e2eServerEnv(): NodeJS.ProcessEnv {
  const server = test.info().project.metadata as E2eServerInfo;
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: server.dataDir, REDIS_PREFIX: server.redisPrefix };
  if (process.env.DATABASE_URL && server.pgSchema) {
    env.DATABASE_URL = withSearchPath(process.env.DATABASE_URL, server.pgSchema);
  }
  return env;
}

/**
 * Runs the operator CLI (`npm run admin -- <args>`) against the shared e2e server's database; returns
 * its output. It runs the built CLI: the e2e server's start (scripts/start.mjs) has rebuilt the server
 * when its sources changed, and tsx compiling the sources anew for each call cost seconds of CPU. A
 * call is setup, not the behaviour under test, so the running test's timeout grows by the time it took
 * and load never decides whether a test passes.
 */
export function runAdmin(args: string[]): string {
  const started = Date.now();
  const output = execFileSync(process.execPath, [builtAdmin, ...args], {
    cwd: repoRoot,
    env: e2eServerEnv(),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const info = test.info();
  if (info.timeout > 0) {
    info.setTimeout(info.timeout + (Date.now() - started));
  }
  return output;
}
