import {
  AI_REPORT_TREND_DAYS,
  aiPublishOverview,
  aiReport,
  AiStaffApi,
  todoList,
  type TodoKind,
  type TodoList,
} from '@vidmatrix/contract/api/ai-staff';
import { Msg } from '@vidmatrix/contract/messages';
import { dayLabel, dayNumber } from '@vidmatrix/contract/rules/day-buckets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createTestApp, login, type TestContext } from './helpers.ts';
import { addAccounts, addVideos, createRunner, memberCall, memberIdOf } from './publish-helpers.ts';

const DAY = 86_400_000;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

/** A member with its id and token. */
async function newMember(account: string) {
  await addMember(ctx, account);
  return { id: await memberIdOf(ctx.db, account), token: (await login(ctx.app, account, 'secret-123')).ApiToken };
}

async function report(token: string, day?: string) {
  const res = await memberCall(ctx.app, token, AiStaffApi.report, day ? { day } : {});
  expect(res.code, res.msg).toBe(200);
  return aiReport.strict().parse(res.data);
}

async function todos(token: string): Promise<TodoList> {
  const res = await memberCall(ctx.app, token, AiStaffApi.todos);
  expect(res.code).toBe(200);
  return todoList.strict().parse(res.data);
}

async function kinds(token: string): Promise<TodoKind[]> {
  return (await todos(token)).list.map((t) => t.kind);
}

/** A conversation of the member with `inbound` customer messages at `at`, a lead on it; its id. */
async function addChat(memberId: number, accountId: number, at: number, inbound: number): Promise<number> {
  const conversation = await ctx.db
    .insertInto('conversation')
    .values({
      member_id: memberId,
      enterprise_account_id: accountId,
      customer_id: `c-${memberId}-${at}`,
      customer_name: `客户${memberId}`,
      unread_count: inbound,
      last_in_content: '多少钱？',
      last_out_content: '',
      last_time: at,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  let first = 0;
  for (let i = 0; i < inbound; i++) {
    const id = await addMessage(memberId, conversation.id, 'in', at);
    first ||= id;
  }
  await ctx.db
    .insertInto('lead')
    .values({
      member_id: memberId,
      conversation_id: conversation.id,
      enterprise_account_id: accountId,
      customer_id: 'c',
      kind: 'phone',
      value: '13800000000',
      status: 'new',
      source_message_id: first,
      first_seen: at,
      updated_at: at,
    })
    .execute();
  return conversation.id;
}

async function addMessage(
  memberId: number,
  conversationId: number,
  direction: 'in' | 'out',
  at: number,
  delivery: '' | 'sent' | 'failed' = '',
): Promise<number> {
  const row = await ctx.db
    .insertInto('chat_message')
    .values({
      conversation_id: conversationId,
      member_id: memberId,
      direction,
      content: direction === 'in' ? '多少钱？' : '您好，已私信您',
      sent_at: at,
      created_at: at,
      is_read: 1,
      delivery_status: delivery,
      fail_reason: '',
      attempts: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A batch of the member's videos to its accounts; the job ids. */
async function addJobs(token: string, memberId: number, accountIds: number[]): Promise<number[]> {
  const videos = await addVideos(ctx.db, memberId, ['a.mp4']);
  const batch = await memberCall(ctx.app, token, '/api/seoaivideo.BatchPublish/add', {
    material_ids: videos,
    enterprise_account_ids: accountIds,
    title: '新品上市',
    description: '',
    topics: [],
    schedule: { spacing_sec: 0 },
  });
  expect(batch.code, batch.msg).toBe(200);
  const rows = await ctx.db
    .selectFrom('publish_job')
    .select('id')
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .limit(accountIds.length)
    .execute();
  return rows.map((r) => r.id).reverse();
}

function setJob(id: number, state: string, reviewState: string, at: number) {
  return ctx.db
    .updateTable('publish_job')
    .set({ state, review_state: reviewState, submitted_at: at, updated_at: at })
    .where('id', '=', id)
    .execute();
}

describe('AI数据员工 daily report', () => {
  it("reports the member's own posts, leads, replies and storage, and refuses a day out of range", async () => {
    const owner = await newMember('report_owner');
    const other = await newMember('report_other');
    const now = ctx.clock.now;

    const empty = await report(owner.token);
    expect(empty.day).toBe(dayLabel(dayNumber(now)));
    expect(empty.days).toHaveLength(AI_REPORT_TREND_DAYS);
    expect(empty.posts).toEqual([]);
    expect(empty.leads).toEqual(Array(AI_REPORT_TREND_DAYS).fill(0));
    expect(empty.storage.limit).toBeGreaterThan(0);

    const douyin = await addAccounts(ctx.db, owner.id, [1, 1, 1, 1]);
    const [reviewing, published, scheduled, failed] = await addJobs(owner.token, owner.id, douyin);
    await setJob(reviewing!, 'published', 'reviewing', now);
    await setJob(published!, 'published', 'published', now);
    await setJob(scheduled!, 'platform_scheduled', '', now);
    await setJob(failed!, 'failed', '', now - DAY);
    const conversation = await addChat(owner.id, douyin[0]!, now, 2);
    await addMessage(owner.id, conversation, 'out', now, 'sent');
    await addMessage(owner.id, conversation, 'out', now, 'failed');
    await addChat(owner.id, douyin[0]!, now - DAY, 1);
    // The other member's posts, chats and leads never reach the owner's report.
    const theirs = await addAccounts(ctx.db, other.id, [1, 1]);
    for (const id of await addJobs(other.token, other.id, theirs)) {
      await setJob(id, 'published', 'published', now);
    }
    await addChat(other.id, theirs[0]!, now, 5);

    const data = await report(owner.token);
    expect(data.posts).toEqual([
      {
        platform: 'douyin',
        platform_name: '抖音',
        reviewing: 1,
        published: 1,
        scheduled: 1,
        rejected: 0,
        failed: 0,
        total: 3,
      },
    ]);
    expect(data.posts_made.at(-1)).toBe(3);
    expect(data.posts_failed.slice(-2)).toEqual([1, 0]);
    expect(data.leads.slice(-2)).toEqual([1, 1]);
    expect(data.messages_in.slice(-2)).toEqual([1, 2]);
    expect(data.replies.at(-1)).toBe(1);
    // Materials added this week: the owner's one video of 10 000 bytes.
    expect(data.storage.added.reduce((a, b) => a + b, 0)).toBe(10_000);

    const yesterday = await report(owner.token, dayLabel(dayNumber(now) - 1));
    expect(yesterday.posts).toMatchObject([{ platform: 'douyin', failed: 1, total: 1 }]);
    expect(yesterday.days.at(-1)).toBe(dayLabel(dayNumber(now) - 1));

    const future = await memberCall(ctx.app, owner.token, AiStaffApi.report, { day: dayLabel(dayNumber(now) + 1) });
    expect(future.msg).toBe('只能查看最近30天的日报');
    const garbled = await memberCall(ctx.app, owner.token, AiStaffApi.report, { day: '2026-13-45' });
    expect(garbled.msg).toBe(Msg.aiReportDayInvalid);
  });
});

describe('AI运营员工 to-do list', () => {
  it('lists each piece of waiting work while it exists, and only the member’s own', async () => {
    const owner = await newMember('todo_owner');
    const other = await newMember('todo_other');
    const now = ctx.clock.now;

    // The other member has every kind of waiting work; none of it is the owner's.
    const [theirAccount] = await addAccounts(ctx.db, other.id, [1], 2);
    await addChat(other.id, theirAccount!, now, 1);
    const theirRunner = await createRunner(ctx.app, other.token);
    await ctx.db
      .insertInto('runner_drift')
      .values({ runner_id: theirRunner.id, platform: 'douyin', state: 'changed', checked_at: now })
      .execute();
    expect(await kinds(other.token)).toEqual(['reauthorize', 'drift', 'lead_waiting']);

    const [account] = await addAccounts(ctx.db, owner.id, [1]);
    expect(await todos(owner.token)).toMatchObject({ list: [] });

    // An expired account, until it is authorized again.
    await ctx.db.updateTable('enterprise_account').set({ cookie_auth_status: 2 }).where('id', '=', account!).execute();
    const expired = (await todos(owner.token)).list;
    expect(expired).toMatchObject([
      { kind: 'reauthorize', count: 1, text: '1 个账号授权已失效或未授权，发布和获客会跳过它们' },
    ]);
    expect(expired[0]?.items[0]).toMatchObject({ id: account, detail: '授权已过期' });
    await ctx.db.updateTable('enterprise_account').set({ cookie_auth_status: 1 }).where('id', '=', account!).execute();
    expect(await kinds(owner.token)).toEqual([]);

    // A failed publish job, until the member retries it.
    const [job] = await addJobs(owner.token, owner.id, [account!]);
    await setJob(job!, 'failed', '', now);
    const failed = (await todos(owner.token)).list;
    expect(failed).toMatchObject([{ kind: 'publish_failed', count: 1, items: [{ label: '新品上市' }] }]);
    const batchId = failed[0]?.items[0]?.id ?? 0;
    const retried = await memberCall<{ count: number }>(
      ctx.app,
      owner.token,
      '/api/seoaivideo.BatchPublish/retryFailed',
      {
        batch_id: batchId,
      },
    );
    expect(retried.data.count).toBe(1);
    expect(await kinds(owner.token)).toEqual([]);

    // A clip task with a failed video, until nothing in it has failed.
    const task = await ctx.db
      .insertInto('clip_task')
      .values({
        member_id: owner.id,
        name: '周末促销',
        clip_model: 1,
        input: '{}',
        template: '{}',
        count: 2,
        seed: 1,
        status: 'done',
        done: 1,
        failed: 1,
        total: 2,
        error: '',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await todos(owner.token)).list).toMatchObject([
      { kind: 'clip_failed', items: [{ id: task.id, label: '周末促销', detail: '1 个视频失败' }] },
    ]);
    await ctx.db.updateTable('clip_task').set({ failed: 0, done: 2 }).where('id', '=', task.id).execute();
    expect(await kinds(owner.token)).toEqual([]);

    // The member's runner found the douyin pages changed, until a later check finds them as expected.
    const runner = await createRunner(ctx.app, owner.token);
    await ctx.db
      .insertInto('runner_drift')
      .values({ runner_id: runner.id, platform: 'douyin', state: 'changed', missing: '["上传按钮"]', checked_at: now })
      .execute();
    // A platform the owner has no account on is not the owner's concern.
    await ctx.db
      .insertInto('runner_drift')
      .values({ runner_id: runner.id, platform: 'bilibili', state: 'changed', checked_at: now })
      .execute();
    expect((await todos(owner.token)).list).toMatchObject([
      { kind: 'drift', count: 1, items: [{ label: '抖音', detail: '缺少：上传按钮' }] },
    ]);
    await ctx.db.updateTable('runner_drift').set({ state: 'ok' }).where('runner_id', '=', runner.id).execute();
    expect(await kinds(owner.token)).toEqual([]);

    // A lead whose message has no reply (a failed send is none), until a reply goes out.
    const conversation = await addChat(owner.id, account!, now, 1);
    await addMessage(owner.id, conversation, 'out', now + 1, 'failed');
    expect((await todos(owner.token)).list).toMatchObject([
      { kind: 'lead_waiting', count: 1, items: [{ id: conversation, detail: '最后一条消息：多少钱？' }] },
    ]);
    await addMessage(owner.id, conversation, 'out', now + 2, 'sent');
    expect(await kinds(owner.token)).toEqual([]);

    // The space nearly full, until materials are removed.
    const level = await ctx.db
      .selectFrom('level_user')
      .innerJoin('level', 'level.id', 'level_user.level_id')
      .select('level.space_storage')
      .where('level_user.member_id', '=', owner.id)
      .executeTakeFirstOrThrow();
    const limit = Number(level.space_storage);
    await ctx.db
      .updateTable('level_user')
      .set({ space_storage: Math.ceil(limit * 0.95) })
      .where('member_id', '=', owner.id)
      .execute();
    expect((await todos(owner.token)).list).toMatchObject([{ kind: 'storage_full', count: 1 }]);
    expect((await todos(owner.token)).list[0]?.text).toMatch(/^云空间已用 95%/);
    await ctx.db.updateTable('level_user').set({ space_storage: 0 }).where('member_id', '=', owner.id).execute();
    expect(await kinds(owner.token)).toEqual([]);
  });

  it('needs a sign-in', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: AiStaffApi.todos, payload: {} });
    expect(res.statusCode).toBe(401);
  });
});

describe('AI发布员工 overview', () => {
  async function overview(token: string) {
    const res = await memberCall(ctx.app, token, AiStaffApi.publish);
    expect(res.code, res.msg).toBe(200);
    return aiPublishOverview.strict().parse(res.data);
  }

  it('counts the member’s own jobs by group today and this week, and lists what stops a post', async () => {
    const owner = await newMember('publish_owner');
    const other = await newMember('publish_other');
    const now = ctx.clock.now;

    // A new member: nothing yet, which the page turns into its first action.
    expect(await overview(owner.token)).toMatchObject({
      today: { queued: 0, publishing: 0, published: 0, failed: 0, unconfirmed: 0 },
      platforms: [],
      upcoming: [],
      blocked: [],
      runners: { online: 0, total: 0 },
      account_count: 0,
      has_batches: false,
    });

    // The other member's work, none of it the owner's.
    const theirAccounts = await addAccounts(ctx.db, other.id, [1]);
    await addJobs(other.token, other.id, theirAccounts);
    await createRunner(ctx.app, other.token);

    const [douyin, kuaishou, expired, paused, kuaishou2, douyin2] = await addAccounts(
      ctx.db,
      owner.id,
      [1, 2, 1, 1, 2, 1],
    );
    await ctx.db.updateTable('enterprise_account').set({ cookie_auth_status: 2 }).where('id', '=', expired!).execute();
    await ctx.db
      .insertInto('publish_account_health')
      .values({
        enterprise_account_id: paused!,
        member_id: owner.id,
        cooldown_until: now + 3_600_000,
        cooldown_reason: 'rate_limited',
        updated_at: now,
      })
      .execute();
    const [published, failed, unconfirmed, publishing] = await addJobs(owner.token, owner.id, [
      douyin!,
      kuaishou!,
      douyin2!,
      kuaishou2!,
    ]);
    const [waiting] = await addJobs(owner.token, owner.id, [douyin!]);
    await setJob(published!, 'published', 'published', now);
    // Failed three days ago: in the week, not today.
    await setJob(failed!, 'failed', '', now - 3 * DAY);
    await setJob(unconfirmed!, 'unconfirmed', '', now - 20 * DAY);
    await setJob(publishing!, 'uploading', '', now);
    // A post published two weeks ago counts in neither period.
    const [old] = await addJobs(owner.token, owner.id, [kuaishou!]);
    await setJob(old!, 'published', 'published', now - 14 * DAY);

    const online = await createRunner(ctx.app, owner.token, 'online');
    await createRunner(ctx.app, owner.token, 'never seen');
    await ctx.db.updateTable('runner').set({ last_heartbeat: now }).where('id', '=', online.id).execute();

    const view = await overview(owner.token);
    expect(view.today).toEqual({ queued: 1, publishing: 1, published: 1, failed: 0, unconfirmed: 1 });
    expect(view.week).toEqual({ queued: 1, publishing: 1, published: 1, failed: 1, unconfirmed: 1 });
    expect(view.platforms).toEqual([
      { platform: 'douyin', platform_name: '抖音', queued: 1, publishing: 0, published: 1, failed: 0, unconfirmed: 1 },
      {
        platform: 'kuaishou',
        platform_name: '快手',
        queued: 0,
        publishing: 1,
        published: 0,
        failed: 1,
        unconfirmed: 0,
      },
    ]);
    expect(view.upcoming).toMatchObject([{ job_id: waiting, batch_title: '新品上市', platform_name: '抖音' }]);
    expect(view.upcoming_count).toBe(1);
    expect(view.blocked_count).toBe(2);
    expect(view.blocked).toMatchObject([
      { id: expired, reason: 'expired', detail: '授权已过期' },
      { id: paused, reason: 'paused' },
    ]);
    expect(view.blocked[1]?.detail).toMatch(/^平台提示操作频繁，暂停发布至 \d{2}-\d{2} \d{2}:\d{2}$/);
    const failedBatch = await ctx.db
      .selectFrom('publish_job')
      .select('batch_id')
      .where('id', '=', failed!)
      .executeTakeFirstOrThrow();
    expect(view.failed_batches).toEqual([{ batch_id: failedBatch.batch_id, title: '新品上市', count: 1 }]);
    expect(view.unconfirmed_batches).toEqual([{ batch_id: failedBatch.batch_id, title: '新品上市', count: 1 }]);
    expect(view.runners).toEqual({ online: 1, total: 2 });
    expect(view).toMatchObject({ account_count: 6, has_batches: true });

    // A retry queues the failed job again: it leaves 失败 and waits with the others.
    const retried = await memberCall<{ count: number }>(
      ctx.app,
      owner.token,
      '/api/seoaivideo.BatchPublish/retryFailed',
      {
        batch_id: failedBatch.batch_id,
      },
    );
    expect(retried.data.count).toBe(1);
    const after = await overview(owner.token);
    expect(after.week.failed).toBe(0);
    expect(after.failed_batches).toEqual([]);
  });

  it('needs a sign-in', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: AiStaffApi.publish, payload: {} });
    expect(res.statusCode).toBe(401);
  });
});
