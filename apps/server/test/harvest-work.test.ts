import type { ThreadResult } from '@vidmatrix/contract/api/customer';
import type { HarvestIngestItem } from '@vidmatrix/contract/api/harvest';
import {
  HARVEST_LEASE_MS,
  HarvestWorkApi,
  type HarvestAccountView,
  type HarvestClaimResult,
  type HarvestReportBody,
} from '@vidmatrix/contract/api/harvest-work';
import { Code } from '@vidmatrix/contract/envelope';
import { Msg } from '@vidmatrix/contract/messages';
import {
  COMMENT_REPLY_MIN_GAP_MS,
  COOLDOWN_LADDER_MS,
  HARVEST_SCAN_INTERVAL_MS,
  PACING_JITTER,
} from '@vidmatrix/contract/rules/harvest-pacing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPostgres } from '../src/db/dialect.ts';
import type { Db } from '../src/db/types.ts';
import { HarvestWorkRepository, PUBLISH_CLAIM_FENCE_MS } from '../src/modules/customer/harvest-work.repository.ts';
import { PublishRepository } from '../src/modules/publish/publish.repository.ts';
import { harvestItems, ingestAs, ingestPage, startHarvestServer, type HarvestServer } from './harvest-helpers.ts';
import { addMember, type TestContext } from './helpers.ts';
import { addAccounts, createRunner, memberCall, memberIdOf, runnerCall, until } from './publish-helpers.ts';
import type { TestSocket } from './realtime-helpers.ts';

let server: HarvestServer;
let ctx: TestContext;
let token: string;
let memberId: number;
let runnerA: string;
let runnerB: string;
let runnerAId: number;
let socket: TestSocket;

beforeAll(async () => {
  server = await startHarvestServer();
  ({ ctx, token, memberId, socket } = server);
  const a = await createRunner(ctx.app, token, 'harvest-a');
  runnerA = a.token;
  runnerAId = a.id;
  runnerB = (await createRunner(ctx.app, token, 'harvest-b')).token;
}, 60_000);

afterAll(async () => {
  await server?.close();
});

const claim = (runner: string, body: object = {}) =>
  runnerCall<HarvestClaimResult>(ctx.app, runner, 'harvestClaim', body);
const report = (runner: string, body: HarvestReportBody) =>
  runnerCall<{ state: string }>(ctx.app, runner, 'harvestReport', body);
const accounts = async () =>
  (await memberCall<{ list: HarvestAccountView[] }>(ctx.app, token, HarvestWorkApi.accounts)).data.list;
const enable = (ids: number[], enabled = true) =>
  memberCall(ctx.app, token, HarvestWorkApi.setEnabled, { account_ids: ids, enabled });

async function ingest(runner: string, accountId: number, items: HarvestIngestItem[]) {
  expect((await ingestAs(ctx.app, runner, ingestPage(accountId, items))).body.code).toBe(200);
}

const comment = harvestItems((n) => ({
  item_id: `c-${n}`,
  post_id: 'p-1',
  post_title: '新品',
  author_id: `buyer-${n}`,
  author_name: `买家${n}`,
  text: '多少钱？',
  created_at: Math.floor(ctx.clock.now / 1000) - 60,
  link: 'https://www.douyin.com/video/p-1',
}));

/** Advances past the longest jittered scan interval. */
const afterScan = () => ctx.clock.advance(Math.ceil(HARVEST_SCAN_INTERVAL_MS * (1 + PACING_JITTER)) + 1);

async function conversationOf(accountId: number): Promise<number> {
  const row = await ctx.db
    .selectFrom('conversation')
    .select('id')
    .where('enterprise_account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function reply(conversationId: number, content: string): Promise<number> {
  const res = await memberCall<{ message_id: number }>(ctx.app, token, '/api/customer.DouyinCustomer/reply', {
    conversation_id: conversationId,
    content,
  });
  expect(res.code).toBe(200);
  return res.data.message_id;
}

async function thread(conversationId: number) {
  const res = await memberCall<ThreadResult>(ctx.app, token, '/api/customer.DouyinCustomer/thread', {
    conversation_id: conversationId,
  });
  return res.data;
}

/** A publish job of the account, due now: queued, or claimed under `lease` by a runner. */
async function publishJob(accountId: number, lease?: { owner: number; until: number }): Promise<number> {
  const now = ctx.clock.now;
  const batch = await ctx.db
    .insertInto('publish_batch')
    .values({
      member_id: memberId,
      title: 't',
      material_ids: '[]',
      account_ids: '[]',
      copy: '{}',
      schedule_policy: '{}',
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const job = await ctx.db
    .insertInto('publish_job')
    .values({
      batch_id: batch.id,
      member_id: memberId,
      material_id: 0,
      enterprise_account_id: accountId,
      platform: 'douyin',
      content: '{}',
      run_at: now,
      schedule_at: null,
      state: lease ? 'claimed' : 'queued',
      lease_owner: lease?.owner ?? null,
      lease_until: lease?.until ?? null,
      idempotency_key: `harvest-fence-${accountId}-${now}`,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return job.id;
}

describe('harvest switch', () => {
  it('turns harvesting on for own accounts only, and lists each with its state', async () => {
    const [own] = await addAccounts(ctx.db, memberId, [1]);
    await addMember(ctx, 'harvest_work_other');
    const otherId = await memberIdOf(ctx.db, 'harvest_work_other');
    const [foreign] = await addAccounts(ctx.db, otherId, [1]);
    const refused = await enable([own!, foreign!]);
    expect(refused).toMatchObject({ code: Code.fail, msg: Msg.accountNotOwned });
    expect(await enable([])).toMatchObject({ code: Code.fail, msg: Msg.harvestChooseAccount });
    expect((await accounts()).find((a) => a.enterprise_account_id === own)).toMatchObject({
      enabled: false,
      state: 'off',
    });
    expect((await enable([own!])).code).toBe(200);
    expect((await accounts()).find((a) => a.enterprise_account_id === own)).toMatchObject({
      enabled: true,
      state: 'on',
      platform_name: '抖音',
    });
    expect((await enable([own!], false)).code).toBe(200);
  });
});

describe('harvest claims', () => {
  it('leases one pass per account: no double claim, due again after the scan interval, lease expiry hands it on', async () => {
    const [acc] = (await addAccounts(ctx.db, memberId, [1])) as [number];
    await enable([acc]);
    const first = await claim(runnerA, { accounts: [acc] });
    expect(first.data.work).toMatchObject([{ account_id: acc, platform: 'douyin', read: true, writes: [] }]);
    expect((await claim(runnerB, { accounts: [acc] })).data.work).toEqual([]);
    // The other runner cannot end a pass it does not hold.
    expect((await report(runnerB, { account_id: acc, outcome: 'ok', read: true })).msg).toBe(Msg.runnerLeaseLost);
    expect((await report(runnerA, { account_id: acc, outcome: 'ok', read: true })).data).toEqual({ state: 'on' });
    // Nothing due: the claim says when the next read is, so an idle runner asks again then.
    const idle = (await claim(runnerB, { accounts: [acc] })).data;
    expect(idle.work).toEqual([]);
    expect(idle.next_in_ms).toBeGreaterThanOrEqual(Math.floor(HARVEST_SCAN_INTERVAL_MS * (1 - PACING_JITTER)));
    expect(idle.next_in_ms).toBeLessThanOrEqual(Math.ceil(HARVEST_SCAN_INTERVAL_MS * (1 + PACING_JITTER)));
    ctx.clock.advance(idle.next_in_ms - 1);
    expect((await claim(runnerB, { accounts: [acc] })).data).toEqual({ work: [], next_in_ms: 1 });
    ctx.clock.advance(1);
    expect((await claim(runnerB, { accounts: [acc] })).data.work).toHaveLength(1);
    // B went away: once its lease runs out (and the read is due again) A takes the account; B's report is refused.
    ctx.clock.advance(HARVEST_LEASE_MS + 1);
    expect((await claim(runnerA, { accounts: [acc] })).data.work).toHaveLength(1);
    expect((await report(runnerB, { account_id: acc, outcome: 'ok' })).msg).toBe(Msg.runnerLeaseLost);
    expect((await report(runnerA, { account_id: acc, outcome: 'ok', read: true })).code).toBe(200);
    expect((await accounts()).find((a) => a.enterprise_account_id === acc)?.last_read_at).not.toBe('');
  });

  it('never harvests beside a leased publish job, and a publish claim skips an account being harvested', async () => {
    const [acc] = (await addAccounts(ctx.db, memberId, [1])) as [number];
    await enable([acc]);
    const jobId = await publishJob(acc, { owner: runnerAId, until: ctx.clock.now + 60_000 });
    expect((await claim(runnerA, { accounts: [acc] })).data.work).toEqual([]);
    // The job is back in the queue: now the pass is taken, and the job waits while it runs.
    await ctx.db
      .updateTable('publish_job')
      .set({ state: 'queued', lease_owner: null, lease_until: null })
      .where('id', '=', jobId)
      .execute();
    expect((await claim(runnerA, { accounts: [acc] })).data.work).toHaveLength(1);
    const publishClaim = await runnerCall<{ jobs: unknown[] }>(ctx.app, runnerB, 'claim', { accounts: [acc] });
    expect(publishClaim.data.jobs).toEqual([]);
    expect((await report(runnerA, { account_id: acc, outcome: 'ok', read: true })).code).toBe(200);
    await ctx.db.deleteFrom('publish_job').where('id', '=', jobId).execute();
  });

  it('never lets a harvest claim and a publish claim both take an account, whichever writes first', async () => {
    // Each claim in turn is held open mid-transaction while the other runs; on PostgreSQL the other must
    // wait on the account's harvest row (seen in pg_stat_activity) and then lose, on SQLite it runs after.
    const whileOpen = async <T>(hold: (trx: Db) => Promise<void>, contender: () => Promise<T>): Promise<T> => {
      let running: Promise<T> | undefined;
      await ctx.db.transaction().execute(async (trx) => {
        await hold(trx);
        running = contender();
        if (isPostgres(ctx.db)) {
          let settled = false;
          void running.finally(() => (settled = true));
          // Waiting means blocked by this very transaction's backend, not any lock on the server.
          const holder = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0]?.pid;
          const blocked = async () =>
            Number(
              (
                await sql<{ n: string }>`select count(*) as n from pg_stat_activity
                  where ${holder}::int = any(pg_blocking_pids(pid))`.execute(ctx.db)
              ).rows[0]?.n,
            ) > 0;
          await until('the other claim waits or ends', async () => settled || (await blocked()), Boolean, 60_000);
        }
      });
      return running!;
    };
    const [acc] = (await addAccounts(ctx.db, memberId, [1])) as [number];
    await enable([acc]);
    const jobOf = await publishJob(acc);
    // A publish claim fenced the account and leased its job, not yet committed: the harvest claim loses.
    const harvestWork = await whileOpen(
      async (trx) => {
        const repo = new PublishRepository(trx);
        expect([...(await new HarvestWorkRepository(trx).fenceForPublish([acc], ctx.clock.now))]).toEqual([]);
        expect(
          await repo.claimMany([jobOf], { lease_owner: runnerAId, lease_until: ctx.clock.now + 60_000 }, ctx.clock.now),
        ).toHaveLength(1);
      },
      () => claim(runnerB, { accounts: [acc] }),
    );
    expect(harvestWork.data.work).toEqual([]);
    await ctx.db.deleteFrom('publish_job').where('id', '=', jobOf).execute();

    // A harvest claim leased the pass, not yet committed: the publish claim leaves the account's job.
    ctx.clock.advance(PUBLISH_CLAIM_FENCE_MS + 1);
    const next = await publishJob(acc);
    const publishWork = await whileOpen(
      async (trx) => {
        const now = ctx.clock.now;
        expect(await new HarvestWorkRepository(trx).takeLease(acc, runnerAId, now, now + HARVEST_LEASE_MS)).toBe(true);
      },
      () => runnerCall<{ jobs: unknown[] }>(ctx.app, runnerB, 'claim', { accounts: [acc] }),
    );
    expect(publishWork.data.jobs).toEqual([]);
    await ctx.db.deleteFrom('publish_job').where('id', '=', next).execute();
  });

  it('pauses on a risk signal (member words, the ladder) and stops on logged_out, marking the account expired', async () => {
    const [acc] = (await addAccounts(ctx.db, memberId, [3])) as [number];
    await enable([acc]);
    expect((await claim(runnerA, { accounts: [acc] })).data.work).toHaveLength(1);
    const paused = await report(runnerA, {
      account_id: acc,
      outcome: 'rate_limited',
      platform_text: '操作太频繁，请稍后再试',
    });
    expect(paused.data).toEqual({ state: 'paused' });
    const view = (await accounts()).find((a) => a.enterprise_account_id === acc);
    expect(view).toMatchObject({ state: 'paused' });
    expect(view?.notice).toMatch(/^平台提示操作频繁，已暂停采集和回复，.+后自动恢复$/);
    // The member's open console is told at once, with the account's name and the same notice.
    const frame = await socket.next('harvest_paused', (f) => f.data.enterprise_account_id === acc);
    expect(frame.data).toEqual({ enterprise_account_id: acc, nickname: view?.nickname, notice: view?.notice });
    afterScan();
    expect((await claim(runnerA, { accounts: [acc] })).data.work).toEqual([]);
    ctx.clock.advance(COOLDOWN_LADDER_MS[0]!);
    expect((await claim(runnerA, { accounts: [acc] })).data.work).toHaveLength(1);
    expect((await report(runnerA, { account_id: acc, outcome: 'logged_out' })).data).toEqual({ state: 'expired' });
    const account = await ctx.db
      .selectFrom('enterprise_account')
      .select('cookie_auth_status')
      .where('id', '=', acc)
      .executeTakeFirstOrThrow();
    expect(account.cookie_auth_status).toBe(2);
    expect((await accounts()).find((a) => a.enterprise_account_id === acc)).toMatchObject({
      state: 'expired',
      notice: Msg.harvestStoppedExpired,
    });
    afterScan();
    expect((await claim(runnerA, { accounts: [acc] })).data.work).toEqual([]);
  });
});

describe('reply delivery through the runner', () => {
  it('hands each pending reply out once, paced: sent, failed with the reason, ambiguous never again', async () => {
    const [acc] = (await addAccounts(ctx.db, memberId, [1])) as [number];
    await enable([acc]);
    const asked = comment();
    await ingest(runnerA, acc, [asked]);
    const conversation = await conversationOf(acc);
    expect((await claim(runnerA, { accounts: [acc] })).code).toBe(200);
    expect((await report(runnerA, { account_id: acc, outcome: 'ok', read: true })).code).toBe(200);

    const first = await reply(conversation, '您好，私信您价格');
    expect((await thread(conversation)).list.find((m) => m.message_id === first)?.delivery_status).toBe('pending');
    // The read is not due, the reply is: the pass only writes, to the comment asked.
    const work = (await claim(runnerA, { accounts: [acc] })).data.work;
    expect(work).toMatchObject([
      {
        read: false,
        writes: [
          {
            message_id: first,
            kind: 'comment_reply',
            text: '您好，私信您价格',
            target: { item_id: asked.item_id, post_id: 'p-1', author_id: asked.author_id, source: 'comment' },
          },
        ],
      },
    ]);
    const sentItem = comment({ item_id: 'own-1', from_self: true, parent_id: asked.item_id, text: '您好，私信您价格' });
    await report(runnerA, {
      account_id: acc,
      outcome: 'ok',
      writes: [{ message_id: first, outcome: 'sent', item: sentItem }],
    });
    expect((await thread(conversation)).list.find((m) => m.message_id === first)?.delivery_status).toBe('sent');
    // Reading the reply back later stores nothing new.
    await ingest(runnerA, acc, [sentItem]);
    expect((await thread(conversation)).list.filter((m) => m.content === '您好，私信您价格')).toHaveLength(1);

    const second = await reply(conversation, '加微信详聊');
    // Comment replies are 10 minutes apart on an account.
    expect((await claim(runnerA, { accounts: [acc] })).data.work).toEqual([]);
    ctx.clock.advance(COMMENT_REPLY_MIN_GAP_MS);
    const again = (await claim(runnerA, { accounts: [acc] })).data.work;
    expect(again[0]?.writes.map((w) => w.message_id)).toEqual([second]);
    await report(runnerA, {
      account_id: acc,
      outcome: 'ok',
      writes: [{ message_id: second, outcome: 'refused', platform_text: '内容含有敏感词' }],
    });
    const failed = (await thread(conversation)).list.find((m) => m.message_id === second);
    expect(failed).toMatchObject({
      delivery_status: 'failed',
      fail_reason: '发送失败：平台拒绝了这条回复（内容含有敏感词）',
    });

    const third = await reply(conversation, '已为您预留');
    ctx.clock.advance(COMMENT_REPLY_MIN_GAP_MS);
    const ambiguous = (await claim(runnerA, { accounts: [acc] })).data.work;
    expect(ambiguous[0]?.writes.map((w) => w.message_id)).toEqual([third]);
    await report(runnerA, { account_id: acc, outcome: 'ok', writes: [{ message_id: third, outcome: 'ambiguous' }] });
    expect((await thread(conversation)).list.find((m) => m.message_id === third)).toMatchObject({
      delivery_status: 'pending',
      fail_reason: Msg.replyUnconfirmed,
    });
    // Never handed out again, however long it waits; a read that finds it confirms it.
    ctx.clock.advance(3_600_000);
    const later = (await claim(runnerA, { accounts: [acc] })).data.work;
    expect(later.flatMap((w) => w.writes)).toEqual([]);
    await report(runnerA, { account_id: acc, outcome: 'ok', read: true });
    await ingest(runnerA, acc, [
      comment({ item_id: 'own-3', from_self: true, parent_id: asked.item_id, text: '已为您预留' }),
    ]);
    expect((await thread(conversation)).list.find((m) => m.message_id === third)?.delivery_status).toBe('sent');
  });

  it('hands a reply whose runner vanished before reporting to the next pass, to look for before sending', async () => {
    const [acc] = (await addAccounts(ctx.db, memberId, [1])) as [number];
    await enable([acc]);
    await ingest(runnerA, acc, [comment()]);
    const message = await reply(await conversationOf(acc), '您好，已私信');
    const takenAt = ctx.clock.now;
    const first = (await claim(runnerA, { accounts: [acc] })).data.work;
    expect(first[0]?.writes).toMatchObject([{ message_id: message, confirm_since: 0 }]);
    // A is killed mid-pass: no report. Nobody else gets the reply while its lease lives.
    expect((await claim(runnerB, { accounts: [acc] })).data.work).toEqual([]);
    ctx.clock.advance(HARVEST_LEASE_MS + 1);
    const handed = (await claim(runnerB, { accounts: [acc] })).data.work;
    expect(handed[0]?.writes).toMatchObject([{ message_id: message, confirm_since: Math.floor(takenAt / 1000) }]);
    // A's late report changes nothing; B's (found on the platform, or sent now) is the one outcome.
    expect(
      (
        await report(runnerA, {
          account_id: acc,
          outcome: 'ok',
          writes: [{ message_id: message, outcome: 'not_sent' }],
        })
      ).msg,
    ).toBe(Msg.runnerLeaseLost);
    await report(runnerB, { account_id: acc, outcome: 'ok', writes: [{ message_id: message, outcome: 'sent' }] });
    expect((await thread(await conversationOf(acc))).list.find((m) => m.message_id === message)?.delivery_status).toBe(
      'sent',
    );
    ctx.clock.advance(HARVEST_LEASE_MS + 1);
    expect((await claim(runnerA, { accounts: [acc] })).data.work.flatMap((w) => w.writes)).toEqual([]);
  });

  it('hands a reply the pass never reached (not_sent) out again', async () => {
    const [acc] = (await addAccounts(ctx.db, memberId, [5])) as [number];
    await enable([acc]);
    await ingest(runnerA, acc, [comment()]);
    const conversation = await conversationOf(acc);
    const message = await reply(conversation, '谢谢关注');
    const work = (await claim(runnerA, { accounts: [acc] })).data.work;
    expect(work[0]?.writes.map((w) => w.message_id)).toEqual([message]);
    await report(runnerA, {
      account_id: acc,
      outcome: 'failed',
      writes: [{ message_id: message, outcome: 'not_sent' }],
    });
    expect((await claim(runnerA, { accounts: [acc] })).data.work[0]?.writes.map((w) => w.message_id)).toEqual([
      message,
    ]);
    await report(runnerA, { account_id: acc, outcome: 'ok', writes: [{ message_id: message, outcome: 'sent' }] });
    expect((await thread(conversation)).list.find((m) => m.message_id === message)?.delivery_status).toBe('sent');
  });

  it('stores a sub-reply under an older thread once with its root and parent, and answers it in that thread', async () => {
    const [acc] = (await addAccounts(ctx.db, memberId, [5])) as [number];
    await enable([acc]);
    const top = comment({ item_id: 'top-1', author_id: 'fan-1', text: '有链接吗' });
    // The account's own answer in the thread is filed under the commenter it answered, never as a lead.
    const own = comment({ item_id: 'own-1', from_self: true, parent_id: 'top-1', root_id: 'top-1', text: '在简介' });
    await ingest(runnerA, acc, [top, own]);
    const sub = comment({
      item_id: 'sub-1',
      parent_id: 'own-1',
      root_id: 'top-1',
      author_id: 'buyer-sub',
      text: '多少钱 加我薇 1 3 8 1 2 3 4 5 6 7 8',
    });
    const first = await ingestAs(ctx.app, runnerA, ingestPage(acc, [sub]));
    expect(first.body.data).toMatchObject({ stored: 1, duplicates: 0, leads: 1 });
    // Read again (the next pass walks the old thread again): nothing new.
    expect((await ingestAs(ctx.app, runnerA, ingestPage(acc, [sub]))).body.data).toMatchObject({
      stored: 0,
      duplicates: 1,
      leads: 0,
    });
    const rows = await ctx.db
      .selectFrom('chat_message')
      .select(['item_id', 'parent_id', 'root_id', 'direction'])
      .where('enterprise_account_id', '=', acc)
      .orderBy('item_id')
      .execute();
    expect(rows).toEqual([
      { item_id: 'own-1', parent_id: 'top-1', root_id: 'top-1', direction: 'out' },
      { item_id: 'sub-1', parent_id: 'own-1', root_id: 'top-1', direction: 'in' },
      { item_id: 'top-1', parent_id: '', root_id: '', direction: 'in' },
    ]);
    const buyer = await ctx.db
      .selectFrom('conversation')
      .select('id')
      .where('enterprise_account_id', '=', acc)
      .where('customer_id', '=', 'buyer-sub')
      .executeTakeFirstOrThrow();
    const message = await reply(buyer.id, '已私信您');
    const work = (await claim(runnerA, { accounts: [acc] })).data.work;
    expect(work[0]?.writes).toMatchObject([
      { message_id: message, target: { item_id: 'sub-1', parent_id: 'own-1', root_id: 'top-1' } },
    ]);
    const sent = comment({ item_id: 'own-2', from_self: true, parent_id: 'sub-1', root_id: 'top-1', text: '已私信您' });
    await report(runnerA, {
      account_id: acc,
      outcome: 'ok',
      writes: [{ message_id: message, outcome: 'sent', item: sent }],
    });
    const stored = await ctx.db
      .selectFrom('chat_message')
      .select(['item_id', 'parent_id', 'root_id', 'delivery_status'])
      .where('id', '=', message)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ item_id: 'own-2', parent_id: 'sub-1', root_id: 'top-1', delivery_status: 'sent' });
    // Douyin names the thread as parent of every reply: its own reply says whom it answered (peer_id).
    const douyinOwn = comment({
      item_id: 'own-3',
      from_self: true,
      parent_id: 'top-1',
      root_id: 'top-1',
      peer_id: 'buyer-sub',
      text: '收到',
    });
    await ingest(runnerA, acc, [douyinOwn]);
    expect((await thread(buyer.id)).list.map((m) => m.content)).toContain('收到');
  });
});
