import type { ClaimedJob } from '@vidmatrix/contract/api/publish';
import { HarvestWorkApi, type HarvestClaimResult, type HarvestReportBody } from '@vidmatrix/contract/api/harvest-work';
import { Msg } from '@vidmatrix/contract/messages';
import { PUBLISH_RISK_COOLDOWN_MS } from '@vidmatrix/contract/rules/publish-state';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarvestServer, type HarvestServer } from './harvest-helpers.ts';
import type { TestContext } from './helpers.ts';
import { addAccounts, addVideos, createRunner, memberCall, runnerCall } from './publish-helpers.ts';
import type { TestSocket } from './realtime-helpers.ts';

const DOUYIN = 1;

let server: HarvestServer;
let ctx: TestContext;
let token: string;
let memberId: number;
let runner: string;
let socket: TestSocket;

beforeAll(async () => {
  server = await startHarvestServer();
  ({ ctx, token, memberId, socket } = server);
  runner = (await createRunner(ctx.app, token, 'logged-out')).token;
}, 60_000);

afterAll(async () => {
  await server?.close();
});

/** A harvested account with a publish job of it queued: its id. */
async function accountWithWork(name: string): Promise<number> {
  const [account] = (await addAccounts(ctx.db, memberId, [DOUYIN])) as [number];
  const [video] = (await addVideos(ctx.db, memberId, [name])) as [number];
  const batch = await memberCall(ctx.app, token, '/api/seoaivideo.BatchPublish/add', {
    material_ids: [video],
    enterprise_account_ids: [account],
    title: '登录失效测试',
  });
  expect(batch.code).toBe(200);
  expect(
    (await memberCall(ctx.app, token, HarvestWorkApi.setEnabled, { account_ids: [account], enabled: true })).code,
  ).toBe(200);
  return account;
}

/** A harvest pass over the account that finds it logged out: the state the report answers. */
async function passFindsLoggedOut(account: number): Promise<{ code: number; state?: string }> {
  const claimed = await runnerCall<HarvestClaimResult>(ctx.app, runner, 'harvestClaim', { accounts: [account] });
  expect(claimed.data.work.map((w) => w.account_id)).toEqual([account]);
  const body: HarvestReportBody = { account_id: account, outcome: 'logged_out' };
  const res = await runnerCall<{ state: string }>(ctx.app, runner, 'harvestReport', body);
  return { code: res.code, state: res.data?.state };
}

async function authOf(account: number) {
  const row = await ctx.db
    .selectFrom('enterprise_account')
    .select('cookie_auth_status')
    .where('id', '=', account)
    .executeTakeFirstOrThrow();
  const logs = await ctx.db
    .selectFrom('enterprise_account_auth_log')
    .select(['to_status', 'reason'])
    .where('enterprise_account_id', '=', account)
    .execute();
  return { status: row.cookie_auth_status, logs };
}

async function publishClaim(account: number): Promise<ClaimedJob[]> {
  const res = await runnerCall<{ jobs: ClaimedJob[] }>(ctx.app, runner, 'claim', { slots: 1, accounts: [account] });
  expect(res.code).toBe(200);
  return res.data.jobs;
}

// Issue 26: `account.logged_out` is emitted by the module whose runner found it and heard by the others.
describe('an account found logged out', () => {
  it('by a harvest pass: the account module marks it expired and tells the member, and its publishing rests', async () => {
    const account = await accountWithWork('harvest-found.mp4');
    expect(await passFindsLoggedOut(account)).toEqual({ code: 200, state: 'expired' });

    expect(await authOf(account)).toEqual({
      status: 2,
      logs: [{ to_status: 2, reason: Msg.authReasonHarvestLoggedOut }],
    });
    const frame = await socket.next('account_auth_expired', (f) =>
      f.data.accounts.some((a) => a.enterprise_account_id === account),
    );
    expect(frame.data.accounts).toHaveLength(1);
    // The publish module heard it too: the account's job waits out the logged-out rest, then goes on.
    expect(await publishClaim(account)).toEqual([]);
    ctx.clock.advance(PUBLISH_RISK_COOLDOWN_MS.logged_out + 1);
    expect((await publishClaim(account)).map((j) => j.enterprise_account_id)).toEqual([account]);
  });

  it('keeps the status write when another listener fails, and the pass still answers', async () => {
    const account = await accountWithWork('listener-fails.mp4');
    // The publish module's listener runs first and cannot write its rest while its table is away.
    await ctx.db.schema.alterTable('publish_account_health').renameTo('publish_account_health_away').execute();
    let answered: { code: number; state?: string };
    try {
      answered = await passFindsLoggedOut(account);
    } finally {
      await ctx.db.schema.alterTable('publish_account_health_away').renameTo('publish_account_health').execute();
    }
    expect(answered).toEqual({ code: 200, state: 'expired' });
    expect(await authOf(account)).toEqual({
      status: 2,
      logs: [{ to_status: 2, reason: Msg.authReasonHarvestLoggedOut }],
    });
    // The failed listener's work alone is missing: no rest was written, so the job is claimed.
    expect((await publishClaim(account)).map((j) => j.enterprise_account_id)).toEqual([account]);
  });
});
