import { dataScreenOverview, DATA_SCREEN_DAYS } from '@vidmatrix/contract/api/data-screen';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, auth, createTestApp, login, type TestContext } from './helpers.ts';
import { addAccounts, addVideos, memberCall, memberIdOf } from './publish-helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

async function overview(token: string) {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/console.DataScreen/overview', headers: auth(token) });
  expect(res.statusCode).toBe(200);
  return dataScreenOverview.strict().parse(res.json<{ data: unknown }>().data);
}

/** A conversation with messages and a lead of the member, at `at`. */
async function addChat(memberId: number, accountId: number, at: number, inbound: number, outbound: number) {
  const conversation = await ctx.db
    .insertInto('conversation')
    .values({
      member_id: memberId,
      enterprise_account_id: accountId,
      customer_id: `c-${at}-${Math.random()}`,
      customer_name: '客户',
      unread_count: 0,
      last_in_content: '',
      last_out_content: '',
      last_time: at,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  let firstId = 0;
  for (const [direction, count] of [
    ['in', inbound],
    ['out', outbound],
  ] as const) {
    for (let i = 0; i < count; i++) {
      const row = await ctx.db
        .insertInto('chat_message')
        .values({
          conversation_id: conversation.id,
          member_id: memberId,
          direction,
          content: '你好',
          sent_at: at,
          created_at: at,
          is_read: 1,
          delivery_status: '',
          fail_reason: '',
          attempts: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      firstId ||= row.id;
    }
  }
  await ctx.db
    .insertInto('lead')
    .values({
      member_id: memberId,
      conversation_id: conversation.id,
      enterprise_account_id: accountId,
      customer_id: 'c',
      kind: 'phone',
      value: `138${String(at).slice(-8)}`,
      status: 'new',
      source_message_id: firstId,
      first_seen: at,
      updated_at: at,
    })
    .execute();
}

describe('data screen overview', () => {
  it("counts the member's own accounts, materials, leads, messages and publishes per day", async () => {
    await addMember(ctx, 'screen_owner');
    await addMember(ctx, 'screen_other');
    const owner = await memberIdOf(ctx.db, 'screen_owner');
    const other = await memberIdOf(ctx.db, 'screen_other');
    const token = (await login(ctx.app, 'screen_owner', 'secret-123')).ApiToken;

    const empty = await overview(token);
    expect(empty.accounts).toEqual([]);
    expect(empty.days).toHaveLength(DATA_SCREEN_DAYS);
    expect(empty.success_rate).toBeNull();

    const douyin = await addAccounts(ctx.db, owner, [1, 1], 1);
    await addAccounts(ctx.db, owner, [1], 2);
    const xhs = await addAccounts(ctx.db, owner, [3], 0);
    await addAccounts(ctx.db, owner, [5], 1);
    await addAccounts(ctx.db, other, [1, 1, 1], 1);
    const videos = await addVideos(ctx.db, owner, ['a.mp4', 'b.mp4']);
    await addVideos(ctx.db, other, ['x.mp4']);

    const now = ctx.clock.now;
    const yesterday = now - 86_400_000;
    await addChat(owner, douyin[0] ?? 0, now, 3, 2);
    await addChat(owner, douyin[0] ?? 0, yesterday, 1, 0);
    await addChat(other, 0, now, 9, 9);

    // Four publish jobs; three end published, one failed (their states written as a runner would leave them).
    const batch = await memberCall<{ batch_id: number }>(ctx.app, token, '/api/seoaivideo.BatchPublish/add', {
      material_ids: videos,
      enterprise_account_ids: [douyin[0], douyin[1]],
      title: '新品',
      description: '',
      topics: [],
      schedule: { spacing_sec: 0 },
    });
    expect(batch.code).toBe(200);
    const jobs = await ctx.db
      .selectFrom('publish_job')
      .select('id')
      .where('member_id', '=', owner)
      .orderBy('id')
      .execute();
    expect(jobs).toHaveLength(4);
    for (const [i, job] of jobs.entries()) {
      await ctx.db
        .updateTable('publish_job')
        .set({ state: i === 3 ? 'failed' : 'published', updated_at: now })
        .where('id', '=', job.id)
        .execute();
    }

    const data = await overview(token);
    expect(data.accounts).toEqual([
      { platform_id: 1, platform_name: '抖音', total: 3, authorized: 2, expired: 1, unauthorized: 0 },
      { platform_id: 3, platform_name: '小红书', total: 1, authorized: 0, expired: 0, unauthorized: 1 },
      { platform_id: 5, platform_name: '哔哩哔哩', total: 1, authorized: 1, expired: 0, unauthorized: 0 },
    ]);
    expect(xhs).toHaveLength(1);
    expect(data.materials).toMatchObject({ video: 2, image: 0, audio: 0 });
    expect(data.materials.space_limit).toBeGreaterThan(0);
    expect(data.leads.at(-1)).toBe(1);
    expect(data.leads.at(-2)).toBe(1);
    expect(data.messages_in.at(-1)).toBe(3);
    expect(data.messages_out.at(-1)).toBe(2);
    expect(data.messages_in.at(-2)).toBe(1);
    expect(data.published.at(-1)).toBe(3);
    expect(data.failed.at(-1)).toBe(1);
    expect(data.success_rate).toBeCloseTo(0.75);
  });

  it('needs a sign-in', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/console.DataScreen/overview' });
    expect(res.statusCode).toBe(401);
  });
});
