import { WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TOLERANCE_MS } from '@vidmatrix/contract/api/customer';
import { Msg } from '@vidmatrix/contract/messages';
import { readXlsx } from '@vidmatrix/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { PermanentDeliveryError } from '../src/modules/customer/connector.ts';
import { addMember, auth, createTestApp, login, type TestContext } from './helpers.ts';
import {
  addEnterpriseAccount,
  postCustomerMessage,
  signedHeaders,
  testChannel,
  webhookSecretOf,
} from './realtime-helpers.ts';

let ctx: TestContext;
let demoToken: string;
let otherToken: string;
let demo: { memberId: number; secret: string };
let other: { memberId: number; secret: string };
/** Enterprise accounts of the demo member and of the other member. */
let demoAccount: number;
let otherAccount: number;

beforeAll(async () => {
  ctx = await createTestApp();
  await addMember(ctx, 'other_member');
  demoToken = (await login(ctx.app)).ApiToken;
  otherToken = (await login(ctx.app, 'other_member', 'secret-123')).ApiToken;
  demo = await webhookSecretOf(ctx.app, demoToken);
  other = await webhookSecretOf(ctx.app, otherToken);
  demoAccount = await addEnterpriseAccount(ctx.app, demoToken, '官方旗舰号');
  otherAccount = await addEnterpriseAccount(ctx.app, otherToken, '别人的号', 2);
});

afterAll(async () => {
  await ctx.close();
});

async function call<T = unknown>(app: App, token: string, method: 'GET' | 'POST', url: string, payload?: object) {
  const res = await app.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.json<{ code: number; msg: string; data: T }>() };
}

interface ListItem {
  conversation_id: number;
  enterprise_account_id: number;
  account_nickname: string;
  platform_name: string;
  customer_id: string;
  read_num: number;
  content: string;
  replay_content: string;
}
const privateList = async (token: string) =>
  (await call<{ list: ListItem[] }>(ctx.app, token, 'POST', '/api/customer.DouyinCustomer/privateList')).body.data.list;

describe('webhook secret', () => {
  it('is stable until rotated, and a rotated secret refuses the old signatures', async () => {
    expect(demo.secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect((await webhookSecretOf(ctx.app, demoToken)).secret).toBe(demo.secret);

    const member = await addMember(ctx, 'rotating_member');
    const token = (await login(ctx.app, 'rotating_member', 'secret-123')).ApiToken;
    const before = await webhookSecretOf(ctx.app, token);
    const rotated = await call<{ secret: string }>(ctx.app, token, 'POST', '/api/customer.Webhook/rotate');
    expect(rotated.body).toMatchObject({ code: 200, msg: Msg.secretRotated });
    expect(rotated.body.data.secret).not.toBe(before.secret);
    const res = await postCustomerMessage(
      ctx.app,
      { memberId: member, secret: before.secret },
      { enterprise_account_id: 1, customer_id: 'c', content: 'hi' },
      ctx.clock.now,
    );
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/customer.Webhook/message', () => {
  const message = { customer_id: 'dy-1001', customer_name: '张三', content: '你好' };

  it('stores a signed message in its conversation, shown with its account', async () => {
    const res = await postCustomerMessage(
      ctx.app,
      demo,
      { ...message, enterprise_account_id: demoAccount },
      ctx.clock.now,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 200, data: { conversation_id: expect.any(Number) as unknown } });
    expect(await privateList(demoToken)).toEqual([
      expect.objectContaining({
        customer_id: 'dy-1001',
        enterprise_account_id: demoAccount,
        account_nickname: '官方旗舰号',
        platform_name: '抖音',
        read_num: 1,
        content: '你好',
        replay_content: '',
      }),
    ]);
    expect(await privateList(otherToken)).toEqual([]);
  });

  it("refuses a message to an account that is not the signing member's, and stores nothing", async () => {
    for (const accountId of [otherAccount, 999_999]) {
      const res = await postCustomerMessage(
        ctx.app,
        demo,
        { ...message, customer_id: `dy-foreign-${accountId}`, enterprise_account_id: accountId },
        ctx.clock.now,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, msg: Msg.webhookAccountNotOwned });
    }
    expect((await privateList(demoToken)).map((c) => c.customer_id)).not.toContain(`dy-foreign-${otherAccount}`);
    expect(await privateList(otherToken)).toEqual([]);
  });

  it('refuses a bad signature, a stale timestamp and a replay', async () => {
    const body = JSON.stringify({ ...message, enterprise_account_id: demoAccount, content: '签名' });
    const headers = signedHeaders(demo.memberId, demo.secret, body, ctx.clock.now);
    const post = (h: Record<string, string>, payload = body) =>
      ctx.app.inject({ method: 'POST', url: '/api/customer.Webhook/message', headers: h, payload });

    const tampered = await post(headers, body.replace('签名', '篡改'));
    expect(tampered.statusCode).toBe(401);
    expect(tampered.json()).toMatchObject({ msg: Msg.webhookSignatureInvalid });
    expect((await post({ ...headers, [WEBHOOK_SIGNATURE_HEADER]: 'sha256=00' })).json()).toMatchObject({
      code: 401,
    });
    expect((await post(signedHeaders(demo.memberId, other.secret, body, ctx.clock.now))).statusCode).toBe(401);
    expect((await post(signedHeaders(999_999, demo.secret, body, ctx.clock.now))).statusCode).toBe(401);

    const stale = signedHeaders(demo.memberId, demo.secret, body, ctx.clock.now - WEBHOOK_TOLERANCE_MS - 1000);
    expect((await post(stale)).json()).toMatchObject({ code: 401, msg: Msg.webhookExpired });

    expect((await post(headers)).statusCode).toBe(200);
    expect((await post(headers)).json()).toMatchObject({ code: 401, msg: Msg.webhookReplayed });
  });

  it('validates the body after the signature', async () => {
    const body = JSON.stringify({ customer_id: 'x' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/customer.Webhook/message',
      headers: signedHeaders(demo.memberId, demo.secret, body, ctx.clock.now),
      payload: body,
    });
    expect(res.json()).toMatchObject({ code: 400 });
  });
});

describe('conversations', () => {
  let conversationId: number;

  beforeAll(async () => {
    const res = await postCustomerMessage(
      ctx.app,
      demo,
      { enterprise_account_id: demoAccount, customer_id: 'dy-2002', customer_name: '李四', content: '<b>价格</b>多少' },
      ctx.clock.now,
    );
    conversationId = res.json<{ data: { conversation_id: number } }>().data.conversation_id;
  });

  it('shows the thread as stored text and marks it read', async () => {
    const thread = await call<{ list: { content: string; direction: string; is_read: number }[] }>(
      ctx.app,
      demoToken,
      'POST',
      '/api/customer.DouyinCustomer/thread',
      { conversation_id: conversationId },
    );
    expect(thread.body.data.list).toEqual([
      expect.objectContaining({ content: '<b>价格</b>多少', direction: 'in', is_read: 0 }),
    ]);
    await call(ctx.app, demoToken, 'POST', '/api/customer.DouyinCustomer/markRead', {
      conversation_id: conversationId,
    });
    const item = (await privateList(demoToken)).find((c) => c.conversation_id === conversationId);
    expect(item?.read_num).toBe(0);
  });

  it('keeps another member out', async () => {
    for (const url of ['thread', 'markRead']) {
      const res = await call(ctx.app, otherToken, 'POST', `/api/customer.DouyinCustomer/${url}`, {
        conversation_id: conversationId,
      });
      expect(res.status).toBe(404);
    }
    const reply = await call(ctx.app, otherToken, 'POST', '/api/customer.DouyinCustomer/reply', {
      conversation_id: conversationId,
      content: '不是我的',
    });
    expect(reply.status).toBe(404);
  });

  it('queues a reply as pending, then shows it sent', async () => {
    const reply = await call<{ message_id: number; delivery_status: string }>(
      ctx.app,
      demoToken,
      'POST',
      '/api/customer.DouyinCustomer/reply',
      { conversation_id: conversationId, content: '您好，99元' },
    );
    expect(reply.body.data.delivery_status).toBe('pending');
    // The reply's row names the conversation's account, as harvested items and rule replies do.
    const rows = await ctx.db
      .selectFrom('chat_message as m')
      .innerJoin('conversation as c', 'c.id', 'm.conversation_id')
      .select(['m.enterprise_account_id as own', 'c.enterprise_account_id as conversations'])
      .where('m.id', '=', reply.body.data.message_id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.own).toBe(rows[0]?.conversations);
    expect(rows[0]?.own).toBeGreaterThan(0);
    // Sent once the delivery job has run: wait for the queue, not for a deadline.
    await ctx.app.jobs.drain();
    const thread = await call<{ list: { message_id: number; delivery_status: string }[] }>(
      ctx.app,
      demoToken,
      'POST',
      '/api/customer.DouyinCustomer/thread',
      { conversation_id: conversationId },
    );
    expect(thread.body.data.list.find((m) => m.message_id === reply.body.data.message_id)?.delivery_status).toBe(
      'sent',
    );
    const item = (await privateList(demoToken)).find((c) => c.conversation_id === conversationId);
    expect(item?.replay_content).toBe('您好，99元');
  });

  it('refuses an empty reply with the catalogue message', async () => {
    const res = await call(ctx.app, demoToken, 'POST', '/api/customer.DouyinCustomer/reply', {
      conversation_id: conversationId,
      content: '   ',
    });
    expect(res.body).toMatchObject({ code: 400, msg: Msg.replyRequired });
  });

  it('shows a failed delivery with its reason', async () => {
    // Its own database: a second app on the shared one would race the first app's workers for the job.
    const failing = await createTestApp(
      {},
      {
        realtime: { channel: testChannel() },
        messageConnector: { send: () => Promise.reject(new PermanentDeliveryError(Msg.connectorUnavailable)) },
      },
    );
    try {
      const token = (await login(failing.app)).ApiToken;
      const member = await webhookSecretOf(failing.app, token);
      const account = await addEnterpriseAccount(failing.app, token, '失败号');
      const inbound = await postCustomerMessage(
        failing.app,
        member,
        { enterprise_account_id: account, customer_id: 'c-fail', content: '在吗' },
        failing.clock.now,
      );
      expect(inbound.statusCode).toBe(200);
      const list = await call<{ list: ListItem[] }>(
        failing.app,
        token,
        'POST',
        '/api/customer.DouyinCustomer/privateList',
      );
      const conversation = list.body.data.list[0];
      expect(conversation).toBeDefined();
      const reply = await call<{ message_id: number }>(
        failing.app,
        token,
        'POST',
        '/api/customer.DouyinCustomer/reply',
        {
          conversation_id: conversation?.conversation_id,
          content: '会失败',
        },
      );
      // The delivery job has run (and failed for good) once the queue is empty: no polling deadline.
      await failing.app.jobs.drain();
      const thread = await call<{ list: { message_id: number; delivery_status: string; fail_reason: string }[] }>(
        failing.app,
        token,
        'POST',
        '/api/customer.DouyinCustomer/thread',
        { conversation_id: conversation?.conversation_id },
      );
      expect(thread.body.data.list.find((m) => m.message_id === reply.body.data.message_id)).toMatchObject({
        delivery_status: 'failed',
        fail_reason: Msg.connectorUnavailable,
      });
    } finally {
      await failing.close();
    }
    // A whole app of its own: migrating a fresh PostgreSQL schema can take seconds on a busy machine.
  }, 30_000);
});

describe('leads', () => {
  interface LeadItem {
    lead_id: number;
    kind: string;
    value: string;
    contacts: { kind: string; value: string }[];
    intent: string;
    status: string;
    customer_name: string;
    source_content: string;
  }
  const leads = async (token: string, query = '') =>
    (await call<{ list: LeadItem[]; count: number }>(ctx.app, token, 'GET', `/api/customer.Lead/list${query}`)).body
      .data;

  beforeAll(async () => {
    const base = { enterprise_account_id: demoAccount, customer_id: 'dy-3003', customer_name: '王五' };
    await postCustomerMessage(ctx.app, demo, { ...base, content: '电话13800138000，微信：wang_wu88' }, ctx.clock.now);
    await postCustomerMessage(ctx.app, demo, { ...base, content: '再说一次 138 0013 8000' }, ctx.clock.now);
  });

  it('records one lead per person, with every contact once and the message it was first seen in', async () => {
    const data = await leads(demoToken);
    expect(data.count).toBe(1);
    expect(data.list).toEqual([
      expect.objectContaining({
        kind: 'phone',
        value: '13800138000',
        contacts: [
          { kind: 'phone', value: '13800138000' },
          { kind: 'wechat', value: 'wang_wu88' },
        ],
        intent: 'medium',
        status: 'new',
        customer_name: '王五',
        source_content: '电话13800138000，微信：wang_wu88',
      }),
    ]);
    expect((await leads(otherToken)).count).toBe(0);
  });

  it('updates a status for its owner only, and filters by it', async () => {
    const phone = (await leads(demoToken)).list.find((l) => l.kind === 'phone') as LeadItem;
    const denied = await call(ctx.app, otherToken, 'POST', '/api/customer.Lead/update', {
      lead_id: phone.lead_id,
      status: 'won',
    });
    expect(denied.status).toBe(404);
    const updated = await call(ctx.app, demoToken, 'POST', '/api/customer.Lead/update', {
      lead_id: phone.lead_id,
      status: 'contacted',
    });
    expect(updated.body).toMatchObject({ code: 200, msg: Msg.updated });
    expect((await leads(demoToken, '?status=contacted')).list.map((l) => l.value)).toEqual(['13800138000']);
    expect((await leads(demoToken, '?status=new')).list).toEqual([]);
    // Any of the contacts finds the lead.
    expect((await leads(demoToken, '?keyword=wang')).list.map((l) => l.value)).toEqual(['13800138000']);
  });

  it('exports the leads as xlsx', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/customer.Lead/export', headers: auth(demoToken) });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const values = (await readXlsx(res.rawPayload)).map((row) => row.slice(0, 5));
    expect(values).toEqual([
      ['联系方式', '类型', '状态', '意向', '全部联系方式'],
      ['13800138000', '手机号', '已联系', '有意向', '手机号 13800138000；微信 wang_wu88'],
    ]);
  });
});
