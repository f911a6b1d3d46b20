import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { LoginResult } from '@vidmatrix/contract/api/auth';
import { TOKEN_HEADER } from '@vidmatrix/contract/constants';
import { deleteRedisKeys } from '@vidmatrix/fixtures';
import { Kysely } from 'kysely';
import pg from 'pg';
import { buildApp, type App, type AppOptions } from '../src/app.ts';
import { jobPrefixOf } from '../src/jobs/create-job-queue.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { createPostgresDialect } from '../src/db/dialects/postgres.ts';
import { createSqliteDialect } from '../src/db/dialects/sqlite.ts';
import { migrateToLatest } from '../src/db/migrator.ts';
import { MEMBER_ROLE } from '../src/modules/member/member-defaults.ts';
import { DEMO_LEVEL_ID } from '../src/seed/seed-data.ts';
import { seedDatabase } from '../src/seed/seed.ts';
import type { Database, Db } from '../src/db/types.ts';
import { appDeps, type AppDeps } from '../src/deps.ts';
import type { CaptchaGenerator } from '../src/modules/auth/captcha.ts';
import { MemberService } from '../src/modules/member/member.service.ts';

/** Password of the seeded demo member in tests. */
export const DEMO_PASSWORD = 'demo-pass-123';
/** Text of every captcha drawn in tests (answers are case-insensitive). */
export const TEST_CAPTCHA_TEXT = 'AbCd';
/** The web client page the history fallback serves in tests. */
export const TEST_INDEX_HTML = '<!doctype html><html><body><div id="root">vidmatrix-test</div></body></html>';

/** Draws every captcha with TEST_CAPTCHA_TEXT. */
export const testCaptcha: CaptchaGenerator = () => ({ text: TEST_CAPTCHA_TEXT, svg: '<svg/>' });

/** A movable clock: tests expire captchas and tokens by advancing it, never by waiting. */
export interface TestClock {
  now: number;
  advance(ms: number): void;
}

export interface TestContext {
  app: App;
  db: Db;
  deps: AppDeps;
  config: Config;
  clock: TestClock;
  /** DATABASE_URL that opens this same database from another process (its schema as search_path). */
  processDatabaseUrl: string | undefined;
  /**
   * Prefixes of the Redis keys this test's processes write (the app's queues; a child server's, added by
   * `childEnv`); `close()` deletes them, so test runs leave nothing in a shared Redis.
   */
  redisKeyPrefixes: string[];
  /** Closes the app and drops the database (SQLite file or PostgreSQL schema) and the test's Redis keys. */
  close(): Promise<void>;
}

/**
 * A fresh app on its own database: a temp SQLite file, or with DATABASE_URL a new PostgreSQL
 * schema, so test files run in parallel on both. Migrated and seeded like a first start.
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  appOptions: Partial<Omit<AppOptions, 'config' | 'db'>> = {},
): Promise<TestContext> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vidmatrix-test-'));
  const webDist = path.join(tmp, 'web');
  fs.mkdirSync(path.join(webDist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(webDist, 'index.html'), TEST_INDEX_HTML);
  fs.writeFileSync(path.join(webDist, 'assets', 'app-3f9a1c.js'), 'console.log("app");');

  const env = loadConfig({});
  const config: Config = {
    ...env,
    dataDir: tmp,
    databaseUrl: process.env.DATABASE_URL || undefined,
    redisUrl: process.env.REDIS_URL || undefined,
    demoPassword: DEMO_PASSWORD,
    webDist,
    // Four ffmpeg renders per app would load every test file; content.test.ts turns them on.
    courseVideos: 'off',
    // Channels and keys of this app alone: test files run side by side on one Redis, and their
    // members share ids (each schema seeds its own demo member 1), so a shared socket channel
    // would hand one file's frames to another's member.
    redisPrefix: `test-${randomBytes(6).toString('hex')}`,
    ...overrides,
  };

  let db: Db;
  let dropDatabase: () => Promise<void>;
  let processDatabaseUrl: string | undefined;
  if (config.databaseUrl) {
    const url = config.databaseUrl;
    const schema = `test_${randomBytes(6).toString('hex')}`;
    await withPgClient(url, (client) => client.query(`create schema "${schema}"`));
    db = new Kysely<Database>({ dialect: createPostgresDialect(url, schema) });
    const withSchema = new URL(url);
    withSchema.searchParams.set('options', `-c search_path=${schema}`);
    processDatabaseUrl = withSchema.toString();
    dropDatabase = () => withPgClient(url, (client) => client.query(`drop schema "${schema}" cascade`));
  } else {
    db = new Kysely<Database>({ dialect: createSqliteDialect(path.join(tmp, 'vidmatrix.db')) });
    dropDatabase = () => Promise.resolve();
  }

  const clock: TestClock = {
    now: Date.now(),
    advance(ms) {
      this.now += ms;
    },
  };
  const deps: AppDeps = appDeps(db, () => clock.now);
  await migrateToLatest(db);
  await seedDatabase(deps, config, { info: () => undefined, warn: () => undefined });

  const rateLimitNamespace = appOptions.rateLimitNamespace ?? `test-rl-${randomBytes(6).toString('hex')}:`;
  const app = await buildApp({
    config,
    db,
    now: deps.now,
    captcha: testCaptcha,
    rateLimitNamespace,
    ...appOptions,
  });
  await app.ready();

  const redisKeyPrefixes = [jobPrefixOf(config, rateLimitNamespace), rateLimitNamespace, `${config.redisPrefix}:`];
  return {
    app,
    db,
    deps,
    config,
    clock,
    processDatabaseUrl,
    redisKeyPrefixes,
    async close() {
      await app.close();
      await db.destroy();
      await dropDatabase();
      if (config.redisUrl) {
        await deleteRedisKeys(config.redisUrl, redisKeyPrefixes);
      }
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}

async function withPgClient(url: string, work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

/** A random private address, so rate limits and failure counts of tests do not meet. */
export function randomIp(): string {
  const [a = 0, b = 0, c = 0] = randomBytes(3);
  return `10.${a}.${b}.${(c % 250) + 1}`;
}

/** Signs in (demo member by default) and returns the three tokens; throws unless code 200. */
export async function login(
  app: App,
  account = 'demo',
  password = DEMO_PASSWORD,
  remoteAddress = randomIp(),
): Promise<LoginResult> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/member.Login/login',
    payload: { account, password },
    remoteAddress,
  });
  const body = res.json<{ code: number; msg: string; data: LoginResult }>();
  if (body.code !== 200) {
    throw new Error(`login of ${account} failed: ${res.statusCode} ${body.msg}`);
  }
  return body.data;
}

/** Creates a member directly through the service (standard level, member role). */
export async function addMember(ctx: TestContext, account: string, password = 'secret-123'): Promise<number> {
  return new MemberService(ctx.deps).create({
    account,
    password,
    levelId: DEMO_LEVEL_ID,
    expireTime: null,
    roleIds: [MEMBER_ROLE.id],
  });
}

/** Headers carrying a token. */
export function auth(token: string): Record<string, string> {
  return { [TOKEN_HEADER]: token };
}
