import {
  MESSAGE_MAX_LENGTH,
  type Lead,
  type PrivateListItem,
  type ThreadResult,
} from '@vidmatrix/contract/api/customer';
import {
  HARVEST_INGEST_MAX_ITEMS,
  HarvestApi,
  type HarvestIngestBody,
  type HarvestIngestItem,
  type HarvestThreadsResult,
} from '@vidmatrix/contract/api/harvest';
import { AccountApi } from '@vidmatrix/contract/api/enterprise-account';
import { RUNNER_TOKEN_HEADER } from '@vidmatrix/contract/api/publish';
import { fillMsg, Msg } from '@vidmatrix/contract/messages';
import { startLlmImitation, type LlmImitation } from '@vidmatrix/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HARVEST_THREAD_KEEP_MS } from '../src/modules/customer/inbox.repository.ts';
import { OpenAiLeadModel } from '../src/modules/customer/lead-model.ts';
import { addMember, createTestApp, login, type TestContext } from './helpers.ts';
import { createRunner, memberCall, memberIdOf, type Answer } from './publish-helpers.ts';
import { harvestItems, ingestAs, ingestPage } from './harvest-helpers.ts';
import { TestSocket, addEnterpriseAccount, socketUrl, testChannel } from './realtime-helpers.ts';

let ctx: TestContext;
let llm: LlmImitation;
let demo: { id: number; token: string; runner: string; douyin: number; kuaishou: number };
let other: { token: string; runner: string; account: number };
let socket: TestSocket;

beforeAll(async () => {
  llm = await startLlmImitation();
  // The model is configured (through the imitation); unless a test queues an answer it gets the clip
  // writer's JSON back, which holds no verdicts, so the rules score: the fallback path is the default here.
  ctx = await createTestApp(
    { jobs: 'off' },
    {
      leadModel: new OpenAiLeadModel({ baseUrl: llm.baseUrl, apiKey: '', model: 'imitation', timeoutMs: 5_000 }),
      realtime: { channel: testChannel() },
    },
  );
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const token = (await login(ctx.app)).ApiToken;
  demo = {
    id: await memberIdOf(ctx.db, 'demo'),
    token,
    runner: (await createRunner(ctx.app, token, 'harvest')).token,
    douyin: await addEnterpriseAccount(ctx.app, token, '门店抖音号', 1),
    kuaishou: await addEnterpriseAccount(ctx.app, token, '门店快手号', 4),
  };
  await addMember(ctx, 'harvest_other');
  const otherToken = (await login(ctx.app, 'harvest_other', 'secret-123')).ApiToken;
  other = {
    token: otherToken,
    runner: (await createRunner(ctx.app, otherToken, 'other')).token,
    account: await addEnterpriseAccount(ctx.app, otherToken, '别人的号', 1),
  };
  socket = await TestSocket.bound(socketUrl(ctx.app), demo.id, demo.token);
}, 60_000);

afterAll(async () => {
  socket?.close();
  await ctx?.close();
  await llm?.close();
});

const NOW_S = Math.floor(Date.now() / 1000);
/** A harvested comment (or, with source 'message', a private message), each with an id of its own. */
const item = harvestItems((n) => ({
  created_at: NOW_S - 600 + n,
  link: 'https://www.douyin.com/video/7300000000000000001',
}));
const ingest = (token: string, body: HarvestIngestBody) => ingestAs(ctx.app, token, body);
const page = ingestPage;

async function conversations(): Promise<PrivateListItem[]> {
  return (
    await memberCall<{ list: PrivateListItem[] }>(ctx.app, demo.token, '/api/customer.DouyinCustomer/privateList')
  ).data.list;
}

async function conversationOf(customerId: string): Promise<PrivateListItem> {
  const found = (await conversations()).find((c) => c.customer_id === customerId);
  if (!found) {
    throw new Error(`no conversation with ${customerId}`);
  }
  return found;
}

async function thread(customerId: string): Promise<ThreadResult> {
  const { conversation_id } = await conversationOf(customerId);
  return (
    await memberCall<ThreadResult>(ctx.app, demo.token, '/api/customer.DouyinCustomer/thread', { conversation_id })
  ).data;
}

async function leadsOf(customerId: string): Promise<Lead[]> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/customer.Lead/list?limit=0',
    headers: { memberToken: demo.token },
  });
  return res.json<Answer<{ list: Lead[] }>>().data.list.filter((l) => l.customer_id === customerId);
}

describe('runner.Runner/harvestIngest', () => {
  it("files each comment in its author's conversation, marked with its post, as plain text", async () => {
    const markup = '<img src=x onerror=alert(1)>多少钱';
    const items = [
      item({ author_id: 'fan-a', author_name: '小A', text: '第一次刷到' }),
      item({ author_id: 'fan-a', author_name: '小A', text: markup }),
      item({ author_id: 'fan-b', author_name: '小B', text: '好看' }),
    ];
    const res = await ingest(demo.runner, page(demo.douyin, items, 'cursor-1'));
    expect(res.body).toMatchObject({ code: 200, data: { stored: 3, duplicates: 0, skipped: 0, leads: 1 } });
    expect(await conversationOf('fan-a')).toMatchObject({
      enterprise_account_id: demo.douyin,
      customer_name: '小A',
      read_num: 2,
      content: markup,
    });
    const { list } = await thread('fan-a');
    expect(list.map((m) => [m.direction, m.source, m.post_title, m.content])).toEqual([
      ['in', 'comment', '新品上市', '第一次刷到'],
      ['in', 'comment', '新品上市', markup],
    ]);
    expect(list[1]).toMatchObject({ intent: 'high', link: items[1]?.link });
  });

  it('stores an item once, however often it is read or by how many runners', async () => {
    const second = (await createRunner(ctx.app, demo.token, 'harvest-2')).token;
    const items = Array.from({ length: 6 }, (_, i) => item({ author_id: `dup-${i % 2}`, text: `评论${i}` }));
    const first = await ingest(demo.runner, page(demo.douyin, items.slice(0, 4)));
    expect(first.body.data).toMatchObject({ stored: 4, duplicates: 0 });
    // A retry of the same page, and two runners reading overlapping pages at once (with a repeat inside one).
    const [retry, a, b] = await Promise.all([
      ingest(demo.runner, page(demo.douyin, items.slice(0, 4))),
      ingest(demo.runner, page(demo.douyin, [...items.slice(2), items[5] as HarvestIngestItem])),
      ingest(second, page(demo.douyin, items.slice(3))),
    ]);
    expect(retry.body.data).toMatchObject({ stored: 0, duplicates: 4 });
    expect((a.body.data.stored ?? 0) + (b.body.data.stored ?? 0)).toBe(2);
    // 8 items handed in, 2 of them new: the rest were stored, or repeated inside the page.
    expect((a.body.data.duplicates ?? 0) + (b.body.data.duplicates ?? 0)).toBe(6);
    const stored = await ctx.db
      .selectFrom('chat_message')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(
        'item_id',
        'in',
        items.map((i) => i.item_id),
      )
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(6);
    expect((await conversationOf('dup-0')).read_num).toBe(3);
    // The same id on another account, or as a private message, is another item.
    const again = items[0] as HarvestIngestItem;
    expect((await ingest(demo.runner, page(demo.kuaishou, [again]))).body.data.stored).toBe(1);
    expect((await ingest(demo.runner, page(demo.douyin, [{ ...again, source: 'message' }]))).body.data.stored).toBe(1);
  });

  it('makes one lead of a buyer, with the right phone and source, and updates it later', async () => {
    const dm = item({
      source: 'message',
      post_id: '',
      post_title: '',
      link: 'https://www.douyin.com/chat?conv=buyer',
      author_id: 'buyer-1',
      author_name: '王女士',
      text: '加我薇 1 3 8 1 2 3 4 5 6 7 8',
    });
    expect((await ingest(demo.runner, page(demo.douyin, [dm]))).body.data).toMatchObject({ stored: 1, leads: 1 });
    const [lead] = await leadsOf('buyer-1');
    expect(lead).toMatchObject({
      kind: 'phone',
      value: '13812345678',
      contacts: [{ kind: 'phone', value: '13812345678' }],
      intent: 'medium',
      intent_category: 'contact',
      platform_id: 1,
      enterprise_account_id: demo.douyin,
      source: 'message',
      link: dm.link,
      source_content: dm.text,
      status: 'new',
    });
    // The same person, later, in a comment: the same lead, with the new contact and the stronger intent.
    const comment = item({ author_id: 'buyer-1', author_name: '王女士', text: '多少钱？V信 wang_2024' });
    await ingest(demo.runner, page(demo.douyin, [comment, item({ author_id: 'buyer-1', text: '好的' })]));
    const leads = await leadsOf('buyer-1');
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({
      lead_id: lead?.lead_id,
      kind: 'phone',
      value: '13812345678',
      contacts: [
        { kind: 'phone', value: '13812345678' },
        { kind: 'wechat', value: 'wang_2024' },
      ],
      intent: 'high',
      intent_category: 'purchase',
      source: 'message',
      first_seen: lead?.first_seen,
    });
    // A chatter leaves no lead.
    await ingest(demo.runner, page(demo.douyin, [item({ author_id: 'chatter', text: '哈哈哈哈' })]));
    expect(await leadsOf('chatter')).toEqual([]);
  });

  it('pushes send_msg for new inbound items, never for repeats or own replies', async () => {
    const fresh = item({ author_id: 'pinger', author_name: '新客户', text: '在吗，想问下价格' });
    await ingest(demo.runner, page(demo.douyin, [fresh]));
    const frame = await socket.next('send_msg', (f) => f.data.customer_id === 'pinger');
    expect(frame.data).toMatchObject({
      conversation_id: (await conversationOf('pinger')).conversation_id,
      enterprise_account_id: demo.douyin,
      customer_name: '新客户',
      content: fresh.text,
    });
    await ingest(
      demo.runner,
      page(demo.douyin, [fresh, item({ from_self: true, parent_id: fresh.item_id, text: '您好' })]),
    );
    // A frame of a later, unrelated item proves the two above pushed nothing before it.
    await ingest(demo.runner, page(demo.douyin, [item({ author_id: 'marker', text: '到' })]));
    await socket.next('send_msg', (f) => f.data.customer_id === 'marker');
    const pushed = socket.frames.filter(
      (f) => f.type === 'send_msg' && ['pinger', 'marker'].includes(f.data.customer_id),
    );
    expect(pushed.map((f) => (f.type === 'send_msg' ? f.data.customer_id : ''))).toEqual(['pinger', 'marker']);
    // The unread badge is the sum of read_num: the own reply counts for nothing.
    expect((await conversationOf('pinger')).read_num).toBe(1);
  });

  it("files the account's own replies under the customer, confirming a console reply with the same text", async () => {
    const question = item({ author_id: 'asker', text: '有现货吗' });
    await ingest(demo.runner, page(demo.douyin, [question]));
    const { conversation_id } = await conversationOf('asker');
    const reply = await memberCall<{ message_id: number; delivery_status: string }>(
      ctx.app,
      demo.token,
      '/api/customer.DouyinCustomer/reply',
      { conversation_id, content: '有的，已私信您' },
    );
    expect(reply.data.delivery_status).toBe('pending');
    const own = item({ from_self: true, author_id: 'me', parent_id: question.item_id, text: '有的，已私信您' });
    const stray = item({ from_self: true, author_id: 'me', parent_id: '@never-read', text: '谢谢' });
    const res = await ingest(demo.runner, page(demo.douyin, [own, stray]));
    expect(res.body.data).toMatchObject({ stored: 1, skipped: 1 });
    const { list } = await thread('asker');
    expect(list.map((m) => [m.direction, m.content, m.delivery_status])).toEqual([
      ['in', '有现货吗', ''],
      ['out', '有的，已私信您', 'sent'],
    ]);
    expect(list[1]?.message_id).toBe(reply.data.message_id);
    // A private message the account sent from the platform itself goes under the customer it went to.
    const sent = item({
      source: 'message',
      from_self: true,
      author_id: 'me',
      peer_id: 'asker',
      text: '地址发您了',
      // Written after the console's reply: it becomes the conversation's latest.
      created_at: Math.ceil(ctx.clock.now / 1000) + 60,
    });
    expect((await ingest(demo.runner, page(demo.douyin, [sent]))).body.data.stored).toBe(1);
    expect((await conversationOf('asker')).replay_content).toBe('地址发您了');
  });

  it('takes the model verdict when it answers, the rules when it does not', async () => {
    llm.enqueue({
      content: JSON.stringify({
        results: [
          { i: 1, intent: 'high', category: 'purchase', contacts: [{ kind: 'wechat', value: 'rainbow_2022' }] },
        ],
      }),
    });
    await ingest(demo.runner, page(demo.douyin, [item({ author_id: 'disguised', text: '薇 xin：rainbow_2022 种草' })]));
    expect(await leadsOf('disguised')).toEqual([
      expect.objectContaining({ kind: 'wechat', value: 'rainbow_2022', intent: 'high', intent_category: 'purchase' }),
    ]);
    llm.enqueue({ status: 500 });
    await ingest(demo.runner, page(demo.douyin, [item({ author_id: 'ruled', text: '怎么买' })]));
    expect(await leadsOf('ruled')).toEqual([expect.objectContaining({ intent: 'high', intent_category: 'purchase' })]);
  });
});

describe('who may hand in items', () => {
  it('refuses an account of another member, or none, and stores nothing', async () => {
    const foreign = item({ author_id: 'foreign-author' });
    for (const account of [other.account, 999_999]) {
      const res = await ingest(demo.runner, page(account, [foreign]));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 400, msg: Msg.harvestAccountNotOwned });
    }
    const stored = await ctx.db
      .selectFrom('chat_message')
      .select('id')
      .where('item_id', '=', foreign.item_id)
      .execute();
    expect(stored).toEqual([]);
    expect((await ingest(other.runner, page(demo.douyin, [foreign]))).body.msg).toBe(Msg.harvestAccountNotOwned);
  });

  it('refuses a missing or revoked token', async () => {
    const res = await ingest('vmr_nope', page(demo.douyin, [item()]));
    expect(res.status).toBe(401);
    expect(res.body.msg).toBe(Msg.runnerTokenInvalid);
  });

  it('lets a server runner hand in items of members whose level allows it, only those', async () => {
    const { token } = await ctx.app.services.serverRunners.register('host/harvest');
    expect((await ingest(token, page(demo.douyin, [item()]))).body.data.stored).toBe(1);
    const level = await ctx.db
      .selectFrom('level_user')
      .innerJoin('level', 'level.id', 'level_user.level_id')
      .select(['level.id', 'level.name'])
      .where('level_user.member_id', '=', demo.id)
      .executeTakeFirstOrThrow();
    await ctx.app.services.serverRunners.setLevelServerRunners(level.id, false);
    try {
      const res = await ingest(token, page(demo.douyin, [item()]));
      expect(res.body).toMatchObject({ code: 400, msg: fillMsg(Msg.harvestLevelRefused, { level: level.name }) });
    } finally {
      await ctx.app.services.serverRunners.setLevelServerRunners(level.id, true);
    }
  });

  it('refuses malformed pages with a message that names what is wrong', async () => {
    const cases: [object, string][] = [
      [page(demo.douyin, [item({ source: 'message' })], '', 'comment'), Msg.harvestSourceMismatch],
      [
        page(
          demo.douyin,
          Array.from({ length: HARVEST_INGEST_MAX_ITEMS + 1 }, () => item()),
        ),
        fillMsg(Msg.harvestTooManyItems, { n: HARVEST_INGEST_MAX_ITEMS }),
      ],
      [page(demo.douyin, [item({ text: '长'.repeat(2001) })]), fillMsg(Msg.harvestTextTooLong, { n: 2000 })],
      [page(demo.douyin, [item({ item_id: '' })]), Msg.harvestItemIdRequired],
      [page(demo.douyin, [item({ author_id: '' })]), Msg.harvestAuthorRequired],
      [page(demo.douyin, [item({ text: 'a\u0000b' })]), Msg.invalidParams],
      [page(demo.douyin, [item({ created_at: -1 })]), Msg.harvestTimeInvalid],
    ];
    for (const [body, msg] of cases) {
      const res = await ingest(demo.runner, body as HarvestIngestBody);
      expect({ status: res.status, msg: res.body.msg }).toEqual({ status: 400, msg });
    }
  });
});

describe('runner.Runner/harvestCursor', () => {
  const cursorOf = async (token: string, account: number, source: string) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${HarvestApi.cursor}?account_id=${account}&source=${source}`,
      headers: { [RUNNER_TOKEN_HEADER]: token },
    });
    return res.json<Answer<{ cursor: string; updated_at: string }>>();
  };

  it('gives back the cursor of the last ingest, per account and source', async () => {
    expect((await cursorOf(demo.runner, demo.kuaishou, 'message')).data).toEqual({ cursor: '', updated_at: '' });
    await ingest(demo.runner, page(demo.kuaishou, [item({ source: 'message' })], '{"next_seq":"42"}'));
    await ingest(demo.runner, page(demo.kuaishou, [], 'pcursor=7', 'comment'));
    expect((await cursorOf(demo.runner, demo.kuaishou, 'message')).data.cursor).toBe('{"next_seq":"42"}');
    expect((await cursorOf(demo.runner, demo.kuaishou, 'comment')).data).toMatchObject({ cursor: 'pcursor=7' });
    expect((await cursorOf(other.runner, demo.kuaishou, 'comment')).msg).toBe(Msg.harvestAccountNotOwned);
  });

  it('keeps the reply count each thread was read at, per account, moved on only with its page', async () => {
    const threadsOf = async (token: string, account: number, rootIds: string[]) =>
      (
        await ctx.app.inject({
          method: 'POST',
          url: HarvestApi.threads,
          headers: { [RUNNER_TOKEN_HEADER]: token },
          payload: { account_id: account, root_ids: rootIds },
        })
      ).json<Answer<HarvestThreadsResult>>();
    expect((await threadsOf(demo.runner, demo.douyin, ['t-1', 't-2'])).data).toEqual({ threads: [] });
    const withThreads = (threads: { root_id: string; replies: number }[]) => ({
      ...page(demo.douyin, [item({ author_id: 'thread-reader' })], ''),
      threads,
    });
    await ingest(demo.runner, withThreads([{ root_id: 't-1', replies: 2 }]));
    await ingest(
      demo.runner,
      withThreads([
        { root_id: 't-1', replies: 3 },
        { root_id: 't-2', replies: 1 },
      ]),
    );
    expect((await threadsOf(demo.runner, demo.douyin, ['t-1', 't-2', 't-3'])).data.threads).toEqual(
      expect.arrayContaining([
        { root_id: 't-1', replies: 3 },
        { root_id: 't-2', replies: 1 },
      ]),
    );
    // Another account's threads are its own; a refused page moves no count; another member reads none.
    expect((await threadsOf(demo.runner, demo.kuaishou, ['t-1'])).data.threads).toEqual([]);
    const refused = await ingest(demo.runner, {
      ...withThreads([{ root_id: 't-1', replies: 9 }]),
      items: [item({ text: 'x'.repeat(MESSAGE_MAX_LENGTH + 1) })],
    });
    expect(refused.status).toBe(400);
    expect((await threadsOf(demo.runner, demo.douyin, ['t-1'])).data.threads).toEqual([{ root_id: 't-1', replies: 3 }]);
    expect((await threadsOf(other.runner, demo.douyin, ['t-1'])).msg).toBe(Msg.harvestAccountNotOwned);
  });

  it('forgets thread counts and cursors with their account, and counts not written for 30 days', async () => {
    const gone = await addEnterpriseAccount(ctx.app, demo.token, '要删的号', 1);
    const kept = await addEnterpriseAccount(ctx.app, demo.token, '留下的号', 1);
    const rowsOf = async (account: number) => ({
      threads: (
        await ctx.db
          .selectFrom('harvest_thread')
          .select('root_id')
          .where('enterprise_account_id', '=', account)
          .orderBy('root_id')
          .execute()
      ).map((r) => r.root_id),
      cursors: (
        await ctx.db
          .selectFrom('harvest_cursor')
          .select('source')
          .where('enterprise_account_id', '=', account)
          .execute()
      ).length,
    });
    for (const account of [gone, kept]) {
      const res = await ingest(demo.runner, {
        ...page(account, [item({ author_id: `forget-${account}` })], 'c-1'),
        threads: [{ root_id: 'f-1', replies: 1 }],
      });
      expect(res.status).toBe(200);
    }
    expect(await rowsOf(gone)).toEqual({ threads: ['f-1'], cursors: 1 });
    expect((await memberCall(ctx.app, demo.token, AccountApi.dele, { ids: String(gone) })).code).toBe(200);
    expect(await rowsOf(gone)).toEqual({ threads: [], cursors: 0 });
    expect(await rowsOf(kept)).toEqual({ threads: ['f-1'], cursors: 1 });

    // A count last written 30 days ago (a thread of a post no longer read) goes with the account's next page.
    const old = ctx.clock.now - HARVEST_THREAD_KEEP_MS - 1;
    await ctx.db
      .insertInto('harvest_thread')
      .values({ enterprise_account_id: kept, root_id: 'f-0', member_id: demo.id, replies: 4, updated_at: old })
      .execute();
    expect((await rowsOf(kept)).threads).toEqual(['f-0', 'f-1']);
    await ingest(demo.runner, { ...page(kept, [], 'c-2'), threads: [{ root_id: 'f-2', replies: 1 }] });
    expect((await rowsOf(kept)).threads).toEqual(['f-1', 'f-2']);
  });
});
