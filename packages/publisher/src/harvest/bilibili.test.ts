import type { HarvestItem } from '@vidmatrix/contract/api/harvest';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bilibiliHarvest } from './bilibili.ts';
import { bilibiliHarvester, wbiSign } from './bilibili.steps.ts';
import { checkOldPost, harvestBench, type HarvestBench, readPass } from '../../test/harvest-support.ts';
import { HarvestError, type Harvester } from './types.ts';

let bench: HarvestBench;
let harvester: Harvester;
let serial = 0;

beforeAll(async () => {
  bench = await harvestBench();
  harvester = bilibiliHarvester(bench.overrides('bilibili'));
});
afterAll(async () => {
  await bench?.close();
});
afterEach(async () => {
  await bench.control.reset();
});

async function account() {
  serial += 1;
  const name = `bili-harvest-${serial}`;
  return { name, page: await bench.signedIn('bilibili', name) };
}

const comments = (page: Page, since = 0) => readPass((cursor) => harvester.readComments(page, { cursor, since }));
const messages = (page: Page, since = 0) => readPass((cursor) => harvester.readMessages(page, { cursor, since }));
const kind = (p: Promise<unknown>) =>
  p.then(
    () => 'none',
    (e: unknown) => (e instanceof HarvestError ? e.kind : String(e)),
  );

describe('bilibili harvest (member replies, api.vc messages)', () => {
  it('signs as bilibili-API-collect’s worked example', () => {
    const q = { foo: '114', bar: '514', zab: '1919810', wts: '1702204169' };
    expect(
      wbiSign(q, '7cd084941338484aae1ad9425b84077c', '4932caff0ff746eab6f01bf08b70ac45', bilibiliHarvest.wbiMixin),
    ).toBe('8f6f2b5b3d485fe1886cec6a0be8c5d4');
  });

  it('reads comments page by page (pn/ps) with exact rpids; replies to one with root and parent, once', async () => {
    const { name, page } = await account();
    const t0 = Math.floor(Date.now() / 1000) - 3600;
    for (let i = 0; i < 23; i += 1) {
      await bench.control.feed({
        platform: 'bilibili',
        account: name,
        source: 'comment',
        text: `弹幕${i}`,
        author: `观众${i}`,
        at: (t0 + i) * 1000,
      });
    }
    const buyer = await bench.control.feed({
      platform: 'bilibili',
      account: name,
      source: 'comment',
      text: '怎么买',
      author: '买家',
      at: (t0 + 100) * 1000,
    });
    const all = await comments(page);
    expect(all).toHaveLength(24);
    const item = all.find((c) => c.text === '怎么买') as HarvestItem;
    expect(item).toMatchObject({
      item_id: buyer.id,
      author_name: '买家',
      parent_id: '',
      from_self: false,
      created_at: t0 + 100,
    });
    expect(BigInt(item.item_id)).toBeGreaterThan(2n ** 53n);
    expect(item.link).toMatch(/^https:\/\/www\.bilibili\.com\/video\/BV1/);
    expect((await comments(page, t0 + 20)).map((c) => c.text)).toEqual(['怎么买', '弹幕22', '弹幕21', '弹幕20']);
    const reply = await harvester.replyComment(page, item, '看简介链接', 'c1');
    expect(reply).toMatchObject({ outcome: 'sent', item: { from_self: true, parent_id: buyer.id } });
    expect(reply.item?.item_id).toBe((await bench.control.sent('bilibili', name))[0]?.id);
    // A reply under a reply names the thread's first comment as root.
    const under = (await comments(page, t0 + 100)).find((c) => c.from_self) as HarvestItem;
    expect((await harvester.replyComment(page, under, '补充一下', 'c2', { rootId: buyer.id })).outcome).toBe('sent');
    expect((await bench.control.sent('bilibili', name)).map((s) => [s.target, s.text])).toEqual([
      [buyer.id, '看简介链接'],
      [under.item_id, '补充一下'],
    ]);
  });

  it('reads a sub-reply under an old thread with its root and parent, and answers it in that thread', async () => {
    const { name, page } = await account();
    const t0 = Math.floor(Date.now() / 1000) - 7200;
    const feed = (text: string, at: number, more: { parent?: string; author?: string; fromSelf?: boolean } = {}) =>
      bench.control.feed({ platform: 'bilibili', account: name, source: 'comment', text, at: at * 1000, ...more });
    const top = await feed('有链接吗', t0, { author: '老观众' });
    const own = await feed('在简介里', t0 + 10, { parent: top.id, fromSelf: true });
    for (let i = 0; i < 25; i += 1) {
      await feed(`弹幕${i}`, t0 + 100 + i, { author: `观众${i}` });
    }
    const since = t0 + 124; // everything above was read by earlier passes
    // Then the buyer answers the account's own reply, deep in the old thread.
    const sub = await feed('多少钱，加我薇 1 3 8 1 2 3 4 5 6 7 8', t0 + 3000, { parent: own.id, author: '老观众' });
    const read = await comments(page, since);
    expect(read.map((c) => c.text)).toEqual(['多少钱，加我薇 1 3 8 1 2 3 4 5 6 7 8', '弹幕24']);
    const item = read[0] as HarvestItem;
    expect(item).toMatchObject({ item_id: sub.id, parent_id: own.id, root_id: top.id, from_self: false });
    // The account's own reply is read as its own (never a lead, never answered).
    const all = await comments(page);
    expect(all.find((c) => c.item_id === own.id)).toMatchObject({
      from_self: true,
      parent_id: top.id,
      root_id: top.id,
    });
    expect(all.find((c) => c.item_id === top.id)).toMatchObject({ parent_id: '', root_id: '' });
    // Answered without naming the root: the item's own root_id puts it in the thread (a wrong root is 12022).
    const reply = await harvester.replyComment(page, item, '已私信您', 'c1');
    expect(reply).toMatchObject({ outcome: 'sent', item: { parent_id: sub.id, root_id: top.id, from_self: true } });
    const held = (await bench.control.inbox('bilibili', name)).comments.find((c) => c.id === reply.item?.item_id);
    expect(held).toMatchObject({ parentId: sub.id, rootId: top.id, fromSelf: true });
    expect((await bench.control.sent('bilibili', name)).map((s) => [s.target, s.text])).toEqual([[sub.id, '已私信您']]);
  });

  it('reads the comment an own reply answers in the same page as the reply, though newer comments lie between', async () => {
    const { name, page } = await account();
    const t0 = Math.floor(Date.now() / 1000) - 7200;
    const feed = (text: string, at: number, more: { parent?: string; author?: string; fromSelf?: boolean } = {}) =>
      bench.control.feed({ platform: 'bilibili', account: name, source: 'comment', text, at: at * 1000, ...more });
    const asked = await feed('多少钱', t0, { author: '买家' });
    for (let i = 0; i < 25; i += 1) {
      await feed(`弹幕${i}`, t0 + 100 + i, { author: `观众${i}` });
    }
    // Newest first, the account's answer (written on the site, after the 25) is on page 1, the question on page 2.
    const own = await feed('价格看简介', t0 + 3000, { parent: asked.id, fromSelf: true });
    const first = await harvester.readComments(page, { cursor: '', since: 0 });
    const ids = first.items.map((c) => c.item_id);
    expect(ids).toContain(own.id);
    expect(ids).toContain(asked.id);
    // The read took in page 2 and the pass ends there: every comment once.
    expect(first.cursor).toBe('');
    expect(new Set(ids).size).toBe(27);
    expect(ids).toHaveLength(27);
  });

  it('reads a new comment on the 25th-newest video in the next pass: the creator reply list spans every video, newest first', async () => {
    const { name, page } = await account();
    await checkOldPost({ control: bench.control, platform: 'bilibili', account: name, page, harvester, maxPasses: 1 });
  });

  it('reads messages by session and seqno with exact msg_keys; sends one Wbi-signed message with its notice', async () => {
    const { name, page } = await account();
    const t0 = Math.floor(Date.now() / 1000) - 600;
    for (let i = 0; i < 22; i += 1) {
      await bench.control.feed({
        platform: 'bilibili',
        account: name,
        source: 'message',
        text: `消息${i}`,
        author: '粉丝',
        at: (t0 + i) * 1000,
      });
    }
    const other = await bench.control.feed({
      platform: 'bilibili',
      account: name,
      source: 'message',
      text: '商务合作',
      author: '品牌方',
      at: (t0 + 50) * 1000,
    });
    const all = await messages(page);
    expect(all).toHaveLength(23);
    const item = all.find((m) => m.text === '商务合作') as HarvestItem;
    expect(item).toMatchObject({
      item_id: other.id,
      author_id: other.author.id,
      from_self: false,
      created_at: t0 + 50,
    });
    expect((await messages(page, t0 + 21)).map((m) => m.text).sort()).toEqual(['商务合作', '消息21']);
    const sent = await harvester.sendMessage(page, item, '您好，请发邮件', '6D1C2E3F-4A5B-4C6D-8E7F-101112131415');
    expect(sent).toMatchObject({ outcome: 'sent', item: { from_self: true } });
    expect(sent.item?.item_id).toBe((await bench.control.sent('bilibili', name))[0]?.id);
    const warned = await harvester.sendMessage(page, item, '支付宝转账也可以', 'D2');
    expect(warned.notice).toBeTruthy();
    // Read back, the account's own messages name the customer they went to.
    const own = (await messages(page, t0 + 50)).filter((m) => m.from_self);
    expect(own.map((m) => m.peer_id)).toEqual([other.author.id, other.author.id]);
  });

  it('tells −509 (rate limit), 12015 (verification), 12016/21047 (refused) and −101 (logged out) apart', async () => {
    const { name, page } = await account();
    const control = bench.control;
    await control.feed({ platform: 'bilibili', account: name, source: 'comment', text: '价格' });
    const stranger = await control.feed({
      platform: 'bilibili',
      account: name,
      source: 'message',
      text: '打扰了',
      author: '陌生人',
      fromSelf: true,
    });
    const comment = (await comments(page))[0] as HarvestItem;
    await control.setSwitches('bilibili', { bilibiliSensitiveWords: ['微信'] });
    const refused = harvester.replyComment(page, comment, '加微信聊', 'x').catch((e: unknown) => e);
    expect(await refused).toMatchObject({ kind: 'refused', platformText: '评论内容包含敏感信息' });
    const toStranger = { ...comment, source: 'message' as const, author_id: stranger.author.id };
    expect(await kind(harvester.sendMessage(page, toStranger, '还在吗', 'y'))).toBe('refused'); // 21047
    await control.setSwitches('bilibili', { inboxRisk: 'rate_limit' });
    expect(await kind(harvester.readComments(page, { cursor: '', since: 0 }))).toBe('rate_limited');
    await control.setSwitches('bilibili', { inboxRisk: 'verify' });
    expect(await kind(harvester.replyComment(page, comment, '你好', 'z'))).toBe('verification');
    await control.reset();
    await control.expireSession('bilibili', name);
    expect(await kind(harvester.readMessages(page, { cursor: '', since: 0 }))).toBe('logged_out');
    expect(await control.sent('bilibili', name)).toEqual([]);
  });
});
