import type { Lead, PrivateListItem, ThreadResult } from '@vidmatrix/contract/api/customer';
import type { HarvestIngestItem } from '@vidmatrix/contract/api/harvest';
import { HarvestWorkApi } from '@vidmatrix/contract/api/harvest-work';
import { ReplyRuleApi } from '@vidmatrix/contract/api/reply-rule';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harvestItems, ingestAs, ingestPage } from './harvest-helpers.ts';
import { addMember, createTestApp, login, type TestContext } from './helpers.ts';
import { createRunner, memberCall, memberIdOf, type Answer } from './publish-helpers.ts';
import { TestSocket, addEnterpriseAccount, socketUrl, testChannel } from './realtime-helpers.ts';

// What a harvest reads on its first pass over an account was there before harvesting began: history.
// And what the account itself wrote is its own, whatever its text says.

let ctx: TestContext;
/** A member of this file's own: its keyword rule must not answer other files' items. */
let seller: { id: number; token: string; runner: string };
let socket: TestSocket;

beforeAll(async () => {
  ctx = await createTestApp({ jobs: 'off' }, { leadModel: null, realtime: { channel: testChannel() } });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  await addMember(ctx, 'history_seller');
  const token = (await login(ctx.app, 'history_seller', 'secret-123')).ApiToken;
  seller = {
    id: await memberIdOf(ctx.db, 'history_seller'),
    token,
    runner: (await createRunner(ctx.app, token, 'harvest')).token,
  };
  socket = await TestSocket.bound(socketUrl(ctx.app), seller.id, token);
  const rule = await memberCall(ctx.app, token, ReplyRuleApi.save, {
    kind: 'keyword',
    keywords: ['多少钱'],
    reply: '价格看主页',
    mode: 'auto',
  });
  expect(rule.code).toBe(200);
}, 60_000);

afterAll(async () => {
  socket?.close();
  await ctx?.close();
});

/** The server's (test) clock, in unix seconds. */
const nowS = () => Math.floor(ctx.clock.now / 1000);
const item = harvestItems((n) => ({ item_id: `@h-${n}`, author_id: `fan-${n}`, author_name: `粉丝${n}` }));

async function ingest(account: number, items: HarvestIngestItem[], cursor: string) {
  const res = await ingestAs(ctx.app, seller.runner, ingestPage(account, items, cursor));
  expect(res.body).toMatchObject({ code: 200 });
  return res.body.data;
}

async function conversationOf(customerId: string): Promise<PrivateListItem> {
  const list = (
    await memberCall<{ list: PrivateListItem[] }>(ctx.app, seller.token, '/api/customer.DouyinCustomer/privateList')
  ).data.list;
  const found = list.find((c) => c.customer_id === customerId);
  if (!found) {
    throw new Error(`no conversation with ${customerId}`);
  }
  return found;
}

async function threadOf(customerId: string): Promise<ThreadResult> {
  const { conversation_id } = await conversationOf(customerId);
  return (
    await memberCall<ThreadResult>(ctx.app, seller.token, '/api/customer.DouyinCustomer/thread', { conversation_id })
  ).data;
}

async function leadsOf(customerId: string): Promise<Lead[]> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/customer.Lead/list?limit=0',
    headers: { memberToken: seller.token },
  });
  return res.json<Answer<{ list: Lead[] }>>().data.list.filter((l) => l.customer_id === customerId);
}

const sendMsgCustomers = () =>
  socket.frames.flatMap((f) => (f.type === 'send_msg' && f.data.customer_id ? [f.data.customer_id] : []));

describe('the first read after harvesting is switched on', () => {
  it('stores what was already there as history: read, not announced, not answered, a lead only with a contact', async () => {
    const account = await addEnterpriseAccount(ctx.app, seller.token, '新开采集号', 1);
    const switched = await memberCall(ctx.app, seller.token, HarvestWorkApi.setEnabled, {
      account_ids: [account],
      enabled: true,
    });
    expect(switched.code).toBe(200);
    // Last week's comments, read by the account's first pass.
    const weekAgo = nowS() - 7 * 86_400;
    const oldAsker = item({ author_id: 'old-asker', text: '这个多少钱？', created_at: weekAgo });
    const oldContact = item({
      author_id: 'old-contact',
      text: '加我薇 1 3 8 1 2 3 4 5 6 7 8',
      created_at: weekAgo + 1,
    });
    // An hour ago: still before the switch, still history (no reply, though the 24 h rule alone would answer it).
    const hourAgo = item({ author_id: 'hour-asker', text: '多少钱呀', created_at: nowS() - 3_600 });
    const first = await ingest(account, [oldAsker, oldContact, hourAgo], 'first-page');
    expect(first).toMatchObject({ stored: 3, leads: 1 });

    // A comment written after the switch, read by the next pass, is new.
    ctx.clock.advance(60_000);
    const fresh = item({ author_id: 'new-asker', text: '多少钱', created_at: nowS() - 30 });
    expect(await ingest(account, [fresh], 'second-page')).toMatchObject({ stored: 1, leads: 1 });
    await socket.next('send_msg', (f) => f.data.customer_id === 'new-asker');

    for (const id of ['old-asker', 'old-contact', 'hour-asker']) {
      expect((await conversationOf(id)).read_num).toBe(0);
      const { list } = await threadOf(id);
      expect(list.map((m) => m.direction)).toEqual(['in']);
      expect(list[0]?.is_read).toBe(1);
    }
    expect(await leadsOf('old-asker')).toEqual([]);
    expect(await leadsOf('hour-asker')).toEqual([]);
    expect((await leadsOf('old-contact')).map((l) => l.value)).toEqual(['13812345678']);

    expect((await conversationOf('new-asker')).read_num).toBe(1);
    expect((await threadOf('new-asker')).list.map((m) => [m.direction, m.content])).toEqual([
      ['in', '多少钱'],
      ['out', '价格看主页'],
    ]);
    expect(await leadsOf('new-asker')).toHaveLength(1);
    // The frames came in order: the history page pushed none before the new item's.
    expect(sendMsgCustomers()).toEqual(['new-asker']);
  });

  it('starts history again when harvesting is switched off and on, not when it is switched on twice', async () => {
    const account = await addEnterpriseAccount(ctx.app, seller.token, '重开采集号', 1);
    const setEnabled = (enabled: boolean) =>
      memberCall(ctx.app, seller.token, HarvestWorkApi.setEnabled, { account_ids: [account], enabled });
    await setEnabled(true);
    ctx.clock.advance(60_000);
    const between = nowS() - 30;
    // Switching on an account that is on already moves nothing.
    await setEnabled(true);
    await ingest(account, [item({ author_id: 'while-on', created_at: between })], 'on');
    expect((await conversationOf('while-on')).read_num).toBe(1);

    await setEnabled(false);
    ctx.clock.advance(60_000);
    const whileOff = nowS() - 30;
    await setEnabled(true);
    await ingest(account, [item({ author_id: 'while-off', created_at: whileOff })], 'again');
    expect((await conversationOf('while-off')).read_num).toBe(0);
  });
});
