import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { ClaimedJob, RunnerListResult } from '@vidmatrix/contract/api/publish';
import { RunnerAuthApi, type AuthTask } from '@vidmatrix/contract/api/runner-auth';
import { Msg, fillMsg } from '@vidmatrix/contract/messages';
import { startRunner, type RunnerHandle, type RunnerOptions } from '@vidmatrix/publisher/runner/runner-loop';
import { tempDir } from '@vidmatrix/publisher/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerRunners, type HostLog } from '../src/runners/server-runners.ts';
import { addMember, login } from './helpers.ts';
import {
  addAccounts,
  addVideos,
  createRunner,
  memberCall,
  runnerCall,
  startPublishServer,
  untilWithin,
  type PublishServer,
} from './publish-helpers.ts';

const DOUYIN = 1;
/** A level an operator made without server runners. */
const NO_SERVER_LEVEL = { id: 9, name: '自有设备版' };

/** Polls until a condition holds (a busy two-core machine; a deadline, not a timing). */
const until = untilWithin(120_000);

const quietLog: HostLog = { info: () => undefined, warn: () => undefined };

/** A member whose level does not include server runners; their id and token. */
async function memberWithoutServerRunners(server: PublishServer, account: string) {
  await server.ctx.db
    .insertInto('level')
    .values({ ...NO_SERVER_LEVEL, account_num: 5, space_storage: 1, material_retention_days: 7, sort: 9 })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const memberId = await addMember(server.ctx, account);
  await server.ctx.db
    .updateTable('level_user')
    .set({ level_id: NO_SERVER_LEVEL.id })
    .where('member_id', '=', memberId)
    .execute();
  return { memberId, token: (await login(server.ctx.app, account, 'secret-123')).ApiToken };
}

async function addBatch(server: PublishServer, token: string, memberId: number, title: string) {
  const [video] = await addVideos(server.ctx.db, memberId, [`${title}.mp4`]);
  const [account] = (await addAccounts(server.ctx.db, memberId, [DOUYIN])) as [number];
  const res = await memberCall<{ batch_id: number }>(server.ctx.app, token, '/api/seoaivideo.BatchPublish/add', {
    material_ids: [video],
    enterprise_account_ids: [account],
    title,
    description: '',
    topics: [],
    schedule: { spacing_sec: 0 },
  });
  expect(res.code, res.msg).toBe(200);
  return account;
}

describe('server runners and the member level', () => {
  let server: PublishServer;
  let other: { memberId: number; token: string };
  let serverToken: string;

  beforeAll(async () => {
    server = await startPublishServer();
    other = await memberWithoutServerRunners(server, 'own_devices');
    serverToken = (await server.ctx.app.services.serverRunners.register('test-host/1')).token;
  });
  afterAll(async () => {
    await server.close();
  });

  it('the seeded levels include server runners', async () => {
    const levels = await server.ctx.db
      .selectFrom('level')
      .select(['id', 'server_runners'])
      .where('id', '<=', 3)
      .execute();
    expect(levels).toHaveLength(3);
    expect(levels.every((l) => l.server_runners === 1)).toBe(true);
  });

  it('without any runner online, 重新授权 answers 请在客户端进行操作 and the console is told none can serve', async () => {
    const [account] = (await addAccounts(server.ctx.db, server.memberId, [DOUYIN], 0)) as [number];
    const res = await memberCall(server.ctx.app, server.token, RunnerAuthApi.start, { enterprise_account_id: account });
    expect(res.msg).toBe(Msg.clientOnly);
    const list = await memberCall<RunnerListResult>(server.ctx.app, server.token, '/api/runner.Runner/list');
    expect(list.data.availability).toMatchObject({ ready: false, member_online: 0, server_online: 0 });
  });

  it('a server runner takes the QR logins of members whose level allows it, and the level is named to the others', async () => {
    // The server runner's first poll puts it online.
    const first = await runnerCall<{ tasks: AuthTask[] }>(server.ctx.app, serverToken, 'authClaim', { slots: 4 });
    expect(first.code).toBe(200);
    expect(first.data.tasks).toEqual([]);

    const [mine] = (await addAccounts(server.ctx.db, server.memberId, [DOUYIN], 0)) as [number];
    const started = await memberCall<{ request_id: number }>(server.ctx.app, server.token, RunnerAuthApi.start, {
      enterprise_account_id: mine,
    });
    expect(started.code, started.msg).toBe(200);

    const [theirs] = (await addAccounts(server.ctx.db, other.memberId, [DOUYIN], 0)) as [number];
    const refused = await memberCall(server.ctx.app, other.token, RunnerAuthApi.start, {
      enterprise_account_id: theirs,
    });
    expect(refused.code).toBe(400);
    expect(refused.msg).toBe(fillMsg(Msg.serverRunnerLevelRefused, { level: NO_SERVER_LEVEL.name }));
    const theirList = await memberCall<RunnerListResult>(server.ctx.app, other.token, '/api/runner.Runner/list');
    expect(theirList.data.availability).toMatchObject({ ready: false, server_online: 1, server_allowed: false });
    expect(theirList.data.availability.level_name).toBe(NO_SERVER_LEVEL.name);

    const claimed = await runnerCall<{ tasks: AuthTask[] }>(server.ctx.app, serverToken, 'authClaim', { slots: 4 });
    expect(claimed.data.tasks.map((t) => t.request_id)).toEqual([started.data.request_id]);

    // The QR reaches the member's console, and the scan authorizes the account.
    const qr = await runnerCall<{ cancel: boolean }>(server.ctx.app, serverToken, 'authQr', {
      request_id: started.data.request_id,
      image: 'data:image/png;base64,AAAA',
    });
    expect(qr.data.cancel).toBe(false);
    const info = await memberCall<{ qr_image: string; state: string }>(
      server.ctx.app,
      server.token,
      RunnerAuthApi.info,
      {
        request_id: started.data.request_id,
      },
    );
    expect(info.data).toMatchObject({ state: 'qr', qr_image: 'data:image/png;base64,AAAA' });
    const result = await runnerCall<{ state: string }>(server.ctx.app, serverToken, 'authResult', {
      request_id: started.data.request_id,
      result: 'valid',
      message: '',
    });
    expect(result.data.state).toBe('done');
    const account = await server.ctx.db
      .selectFrom('enterprise_account')
      .select('cookie_auth_status')
      .where('id', '=', mine)
      .executeTakeFirstOrThrow();
    expect(account.cookie_auth_status).toBe(1);
  });

  it('a server runner leaves login checks to the member’s own runners (the login may live on their desktop)', async () => {
    const [account] = (await addAccounts(server.ctx.db, server.memberId, [DOUYIN], 1)) as [number];
    await server.ctx.db
      .insertInto('account_auth_request')
      .values({
        member_id: server.memberId,
        enterprise_account_id: account,
        platform: 'douyin',
        kind: 'check',
        state: 'pending',
        expires_at: Date.now() + 600_000,
        created_at: Date.now(),
        updated_at: Date.now(),
      })
      .execute();
    const claimed = await runnerCall<{ tasks: AuthTask[] }>(server.ctx.app, serverToken, 'authClaim', { slots: 4 });
    expect(claimed.data.tasks).toEqual([]);
  });

  it('a server runner claims jobs only of members whose level allows it and of accounts it holds; member runners only their member’s', async () => {
    const mine = await addBatch(server, server.token, server.memberId, '服务器发布');
    const theirs = await addBatch(server, other.token, other.memberId, '自有设备发布');

    const none = await runnerCall<{ jobs: ClaimedJob[] }>(server.ctx.app, serverToken, 'claim', {
      slots: 4,
      accounts: [theirs],
    });
    expect(none.data.jobs).toEqual([]);
    const got = await runnerCall<{ jobs: ClaimedJob[] }>(server.ctx.app, serverToken, 'claim', {
      slots: 4,
      accounts: [mine, theirs],
    });
    expect(got.data.jobs.map((j) => j.enterprise_account_id)).toEqual([mine]);
    const job = got.data.jobs[0]!;

    // The lease works for a server runner as for any: progress is taken, and the member sees who runs it.
    const progress = await runnerCall<{ held: boolean }>(server.ctx.app, serverToken, 'progress', {
      job_id: job.job_id,
      phase: 'preparing',
    });
    expect(progress.data.held).toBe(true);
    const list = await memberCall<RunnerListResult>(server.ctx.app, server.token, '/api/runner.Runner/list');
    const hosted = list.data.list.find((r) => r.kind === 'server');
    expect(hosted).toMatchObject({ online: true, accounts_held: [] });
    expect(hosted?.busy).toEqual([expect.objectContaining({ job_id: job.job_id, title: '服务器发布' })]);
    expect(list.data.availability).toMatchObject({ ready: true, server_allowed: true });
    // Another member sees the server runner, never the demo member's job on it.
    const theirList = await memberCall<RunnerListResult>(server.ctx.app, other.token, '/api/runner.Runner/list');
    expect(theirList.data.list.find((r) => r.kind === 'server')?.busy).toEqual([]);

    // The other member's own runner takes their job as before.
    const own = await createRunner(server.ctx.app, other.token, '自己的电脑');
    const ownJobs = await runnerCall<{ jobs: ClaimedJob[] }>(server.ctx.app, own.token, 'claim', { slots: 4 });
    expect(ownJobs.data.jobs.map((j) => j.enterprise_account_id)).toEqual([theirs]);
  });

  it('a member cannot revoke a server runner', async () => {
    const list = await memberCall<RunnerListResult>(server.ctx.app, server.token, '/api/runner.Runner/list');
    const hosted = list.data.list.find((r) => r.kind === 'server')!;
    const res = await memberCall(server.ctx.app, server.token, '/api/runner.Runner/revoke', {
      runner_id: hosted.runner_id,
    });
    expect(res.code).not.toBe(200);
    const again = await runnerCall(server.ctx.app, serverToken, 'claim', { slots: 1 });
    expect(again.code).toBe(200);
  });
});

describe('npm start’s server runners (RUNNERS)', () => {
  let server: PublishServer;
  let serverUrl: string;
  const started: RunnerHandle[] = [];

  beforeAll(async () => {
    server = await startPublishServer({ listen: true });
    const address = server.ctx.app.server.address();
    serverUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await Promise.all(started.map((r) => r.stop()));
    await server.close();
  });

  const host = async (count: number, env?: Record<string, string>) => {
    const workDir = await tempDir('server-runners');
    await mkdir(join(workDir, 'profiles'), { recursive: true });
    return startServerRunners({
      count,
      serverUrl,
      workDir,
      register: (name) => server.ctx.app.services.serverRunners.register(name),
      log: quietLog,
      ...(env ? { env } : {}),
      // The publisher's own loop, kept to stop it after the test; short claim waits.
      startRunner: (options: RunnerOptions) => {
        const handle = startRunner({ ...options, claimWaitMs: 1_000 });
        started.push(handle);
        return handle;
      },
    });
  };
  const serverRows = () =>
    server.ctx.db.selectFrom('runner').select(['id', 'last_heartbeat']).where('member_id', 'is', null).execute();

  it('starts none for RUNNERS=0, and none without Chromium', async () => {
    expect((await host(0)).count).toBe(0);
    expect((await host(1, { CHROMIUM_PATH: '/nonexistent/chromium', PATH: '' })).count).toBe(0);
    expect(await serverRows()).toEqual([]);
  });

  it('starts N for RUNNERS=N, each online with its own operator token', async () => {
    const runners = await host(2);
    expect(runners.count).toBe(2);
    await until(
      'two server runners online',
      () => memberCall<RunnerListResult>(server.ctx.app, server.token, '/api/runner.Runner/list'),
      (r) => r.data.list.filter((x) => x.kind === 'server' && x.online).length === 2,
    );
    expect(await serverRows()).toHaveLength(2);
    const list = await memberCall<RunnerListResult>(server.ctx.app, server.token, '/api/runner.Runner/list');
    expect(list.data.availability).toMatchObject({ ready: true, server_online: 2, member_online: 0 });
    await runners.stop();
  });
});
