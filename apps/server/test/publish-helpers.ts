import type { AddressInfo } from 'node:net';
import { PublishApi, RUNNER_TOKEN_HEADER, type ClaimedJob } from '@vidmatrix/contract/api/publish';
import { sandboxControl, type SandboxControl } from '@vidmatrix/platform-sandbox/client';
import { startSandbox, type Sandbox } from '@vidmatrix/platform-sandbox/server';
import type { App } from '../src/app.ts';
import type { Db } from '../src/db/types.ts';
import { auth, createTestApp, login, type TestContext } from './helpers.ts';

import { startRunner, type RunnerHandle, type RunnerOptions } from '@vidmatrix/publisher/runner/runner-loop';
import { until } from '@vidmatrix/publisher/test-support';
import { afterAll, beforeAll, expect } from 'vitest';

export { until };

/** `until` bound to a test file's deadline. */
export function untilWithin(deadlineMs: number) {
  return <T>(what: string, read: () => Promise<T>, check: (value: T) => boolean): Promise<T> =>
    until(what, read, check, deadlineMs);
}

/** The app with its own queue off (so only the runner under test works) and the demo member signed in. */
export interface PublishServer {
  ctx: TestContext;
  /** The demo member's API token. */
  token: string;
  /** The demo member's id. */
  memberId: number;
  /** Closes the app (stop any runner first). */
  close(): Promise<void>;
}

/** What the runner tests publish against: the server listening on a free port, and the platform sandbox. */
export interface PublishStage extends PublishServer {
  /** Where a runner reaches the server. */
  serverUrl: string;
  sandbox: Sandbox;
  control: SandboxControl;
  /** Closes the sandbox and the app (stop any runner first). */
  close(): Promise<void>;
}

/** The publish tests' server; `listen` puts it on a free port for a runner to reach. */
export async function startPublishServer({
  listen = false,
  appOptions = {},
}: { listen?: boolean; appOptions?: Parameters<typeof createTestApp>[1] } = {}): Promise<PublishServer> {
  const ctx = await createTestApp({ jobs: 'off' }, appOptions);
  if (listen) {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  }
  return {
    ctx,
    token: (await login(ctx.app)).ApiToken,
    memberId: await memberIdOf(ctx.db, 'demo'),
    close: () => ctx.close(),
  };
}

/** A runner test file's stage, filled in before its tests; `runner`, when set, is stopped before it closes. */
export interface StageOfFile extends PublishStage {
  runner?: RunnerHandle;
  /**
   * Creates a runner token `name` for the demo member and starts the runner loop with it (2 slots,
   * 2 s claim waits unless given): the stage's runner, stopped before the stage closes.
   */
  startRunner(name: string, options: Omit<RunnerOptions, 'serverUrl' | 'token'>): Promise<RunnerHandle>;
}

/**
 * Registers the file's stage hooks: the stage starts before the file's tests and closes after them
 * (its runner stopped first). The object returned is filled in by the `beforeAll`.
 */
export function publishStageHooks(): StageOfFile {
  const stage: StageOfFile = {
    async startRunner(name, options) {
      const { token } = await createRunner(stage.ctx.app, stage.token, name);
      stage.runner = startRunner({ slots: 2, claimWaitMs: 2_000, ...options, serverUrl: stage.serverUrl, token });
      return stage.runner;
    },
  } as StageOfFile;
  beforeAll(async () => {
    Object.assign(stage, await startPublishStage());
  });
  afterAll(async () => {
    await stage.runner?.stop();
    await stage.close?.();
  });
  return stage;
}

/** The server listening, and the sandbox beside it. */
export async function startPublishStage(): Promise<PublishStage> {
  const server = await startPublishServer({ listen: true });
  const sandbox = await startSandbox();
  return {
    ...server,
    serverUrl: `http://127.0.0.1:${(server.ctx.app.server.address() as AddressInfo).port}`,
    sandbox,
    control: sandboxControl(sandbox.url),
    async close() {
      await sandbox.close();
      await server.close();
    },
  };
}

/** An envelope answer. */
export interface Answer<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

/** POSTs JSON with the member token; the envelope. */
export async function memberCall<T = unknown>(
  app: App,
  token: string,
  url: string,
  payload: object = {},
): Promise<Answer<T>> {
  const res = await app.inject({ method: 'POST', url, headers: auth(token), payload });
  return res.json<Answer<T>>();
}

/** POSTs JSON with a runner token; the envelope. */
export async function runnerCall<T = unknown>(
  app: App,
  token: string,
  action: string,
  payload: object = {},
): Promise<Answer<T>> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/runner.Runner/${action}`,
    headers: { [RUNNER_TOKEN_HEADER]: token },
    payload,
  });
  return res.json<Answer<T>>();
}

/** Creates a runner of the member; its token. */
export async function createRunner(
  app: App,
  memberToken: string,
  name = 'runner',
): Promise<{ id: number; token: string }> {
  const res = await memberCall<{ runner_id: number; token: string }>(app, memberToken, '/api/runner.Runner/create', {
    name,
  });
  if (res.code !== 200) {
    throw new Error(`runner create: ${res.msg}`);
  }
  return { id: res.data.runner_id, token: res.data.token };
}

/**
 * The calls a publish test makes on its server, read from `serverOf` when called (so a file's
 * `beforeAll` may start it): a batch of videos to accounts (no spacing unless `extra` says), a runner's
 * claim (4 slots unless `body` says; it must succeed), and a job's row.
 */
function publishCalls(serverOf: () => PublishServer) {
  return {
    addBatch: (videos: number[], accounts: number[], extra: object = {}) => {
      const { ctx, token } = serverOf();
      return memberCall<{ batch_id: number; job_count: number }>(ctx.app, token, PublishApi.add, {
        material_ids: videos,
        enterprise_account_ids: accounts,
        title: '春季新品',
        description: '好看又实惠',
        topics: ['新品'],
        schedule: { spacing_sec: 0 },
        ...extra,
      });
    },
    claim: async (runnerToken: string, body: object = {}): Promise<ClaimedJob[]> => {
      const res = await runnerCall<{ jobs: ClaimedJob[] }>(serverOf().ctx.app, runnerToken, 'claim', {
        slots: 4,
        ...body,
      });
      expect(res.code).toBe(200);
      return res.data.jobs;
    },
    jobState: (jobId: number) =>
      serverOf().ctx.db.selectFrom('publish_job').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow(),
  };
}

/** A publish test file's server with the calls it makes on it. */
export type PublishServerOfFile = PublishServer & ReturnType<typeof publishCalls>;

/**
 * Registers the file's server hooks: the server (its own queue off, not listening) starts before the
 * file's tests and closes after them. The object returned is filled in by the `beforeAll`.
 */
export function publishServerHooks(): PublishServerOfFile {
  const server = {} as PublishServerOfFile;
  Object.assign(
    server,
    publishCalls(() => server),
  );
  beforeAll(async () => {
    Object.assign(server, await startPublishServer());
  });
  afterAll(async () => {
    await server.close?.();
  });
  return server;
}

/** The member id behind the demo login (or any account). */
export async function memberIdOf(db: Db, account: string): Promise<number> {
  const row = await db.selectFrom('member').select('id').where('account', '=', account).executeTakeFirstOrThrow();
  return row.id;
}

/** Inserts video materials of a member; their ids. */
export function addVideos(
  db: Db,
  memberId: number,
  names: readonly string[],
  objectKeys: readonly string[] = [],
): Promise<number[]> {
  return addMaterials(db, memberId, names, objectKeys, 'video');
}

/** Inserts an image material of a member (a cover); its id. */
export async function addImage(db: Db, memberId: number, name: string, objectKey: string): Promise<number> {
  const [id] = await addMaterials(db, memberId, [name], [objectKey], 'image');
  return id!;
}

async function addMaterials(
  db: Db,
  memberId: number,
  names: readonly string[],
  objectKeys: readonly string[],
  fileType: 'video' | 'image',
): Promise<number[]> {
  const ids: number[] = [];
  for (const [i, name] of names.entries()) {
    const row = await db
      .insertInto('material')
      .values({
        member_id: memberId,
        object_key: objectKeys[i] ?? `media/test-${i}.mp4`,
        file_name: name,
        file_type: fileType,
        size: 10_000,
        duration_ms: fileType === 'video' ? 1000 : 0,
        thumb_key: '',
        process_status: 'done',
        process_error: '',
        group_id: 0,
        use_count: 0,
        expiration_time: null,
        remark: '',
        source_type: 0,
        created_at: Date.now(),
        updated_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

let accountSeq = 0;

/** Inserts authorized accounts of a member on platform ids (douyin 1, xiaohongshu 3, bilibili 5 …); their ids. */
export async function addAccounts(
  db: Db,
  memberId: number,
  platformIds: readonly number[],
  cookieAuthStatus = 1,
): Promise<number[]> {
  const ids: number[] = [];
  for (const platformId of platformIds) {
    const row = await db
      .insertInto('enterprise_account')
      .values({
        member_id: memberId,
        pid: 0,
        platform_id: platformId,
        nickname: `账号${memberId}-${++accountSeq}`,
        remarks: '',
        avatar_larger: '',
        group_id: 0,
        cookie_auth_status: cookieAuthStatus,
        access_status: 1,
        ip_code: '',
        created_at: Date.now(),
        updated_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}
