import type { HarvestItem } from '@vidmatrix/contract/api/harvest';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { channelsHarvester } from './channels.steps.ts';
import {
  checkDeepThread,
  checkOldPost,
  checkOldPostBeforeSince,
  checkPostsSkipped,
  harvestBench,
  type HarvestBench,
  type HarvestSite,
  readPass,
} from '../../test/harvest-support.ts';
import { HarvestError, type Harvester } from './types.ts';

let bench: HarvestBench;
let harvester: Harvester;
let serial = 0;

beforeAll(async () => {
  bench = await harvestBench();
  harvester = channelsHarvester(bench.overrides('channels'));
});
afterAll(async () => {
  await bench?.close();
});
afterEach(async () => {
  await bench.control.reset();
});

async function account() {
  serial += 1;
  const name = `ch-harvest-${serial}`;
  return { name, page: await bench.signedIn('channels', name) };
}

/** A fresh account, as the shared checks (harvest-support.ts) take it. */
async function site(): Promise<HarvestSite> {
  const { name, page } = await account();
  return { control: bench.control, platform: 'channels', account: name, page, harvester };
}

const comments = (page: Page, since = 0) => readPass((cursor) => harvester.readComments(page, { cursor, since }));
const messages = (page: Page, since = 0) => readPass((cursor) => harvester.readMessages(page, { cursor, since }));
const kind = (p: Promise<unknown>) =>
  p.then(
    () => 'none',
    (e: unknown) => (e instanceof HarvestError ? e.kind : String(e)),
  );

describe('channels harvest (视频号助手 comment and private-message calls)', () => {
  it('reads comments by lastBuff with objectId:commentId ids, replies on the exportId with a clientId, once', async () => {
    const { name, page } = await account();
    const control = bench.control;
    const t0 = Math.floor(Date.now() / 1000) - 3600;
    const work = await control.addWork({ platform: 'channels', user: name, title: '新品上市' });
    for (let i = 0; i < 12; i += 1) {
      await control.feed({
        platform: 'channels',
        account: name,
        source: 'comment',
        text: `评论${i}`,
        post: work.id,
        at: (t0 + i) * 1000,
      });
    }
    const buyer = await control.feed({
      platform: 'channels',
      account: name,
      source: 'comment',
      text: '怎么联系',
      author: '微信用户',
      post: work.id,
      at: (t0 + 50) * 1000,
    });
    const all = await comments(page);
    expect(all).toHaveLength(13);
    const item = all.find((c) => c.text === '怎么联系') as HarvestItem;
    expect(item).toMatchObject({
      item_id: `${work.id}:${buyer.id}`,
      author_name: '微信用户',
      created_at: t0 + 50,
      from_self: false,
    });
    expect(item.post_id).not.toBe(work.id); // the exportId, which replies target
    expect((await comments(page, t0 + 11)).map((c) => c.text).sort()).toEqual(['怎么联系', '评论11'].sort());
    const clientId = '8a1b2c3d-0000-4000-8000-00000000abcd';
    const sent = await harvester.replyComment(page, item, '已私信您', clientId);
    expect(sent).toMatchObject({ outcome: 'sent', item: { from_self: true, parent_id: item.item_id } });
    expect((await comments(page, t0 + 50)).find((c) => c.from_self)).toMatchObject({
      text: '已私信您',
      parent_id: item.item_id,
    });
    const records = await control.sent('channels', name);
    expect(records.map((r) => [r.target, r.text, r.clientId])).toEqual([[buyer.id, '已私信您', clientId]]);
  });

  it('reads a new levelTwoComment in a thread older than since, past the first page, and answers it in that thread', async () => {
    const { name, page } = await account();
    const control = bench.control;
    const t0 = Math.floor(Date.now() / 1000) - 7200;
    const work = await control.addWork({ platform: 'channels', user: name, title: '新品上市' });
    const feed = (text: string, at: number, more: { parent?: string; author?: string; fromSelf?: boolean } = {}) =>
      control.feed({
        platform: 'channels',
        account: name,
        source: 'comment',
        text,
        post: work.id,
        at: at * 1000,
        ...more,
      });
    const top = await feed('有链接吗', t0, { author: '老粉' });
    const own = await feed('看橱窗', t0 + 10, { parent: top.id, fromSelf: true });
    for (let i = 0; i < 12; i += 1) {
      await feed(`评论${i}`, t0 + 100 + i, { author: `粉${i}` });
    }
    const since = t0 + 111; // read before; the old thread is on the post's second page of 10
    const sub = await feed('多少钱 加我薇 1 3 8 1 2 3 4 5 6 7 8', t0 + 3000, { parent: own.id, author: '新买家' });
    const read = await comments(page, since);
    // The thread's count moved: it is read whole, the account's old reply again (the server drops it).
    expect(read.map((c) => c.text).sort()).toEqual(['多少钱 加我薇 1 3 8 1 2 3 4 5 6 7 8', '看橱窗', '评论11'].sort());
    const item = read.find((c) => c.item_id === `${work.id}:${sub.id}`) as HarvestItem;
    expect(item).toMatchObject({
      parent_id: `${work.id}:${own.id}`,
      root_id: `${work.id}:${top.id}`,
      from_self: false,
    });
    expect((await comments(page)).find((c) => c.text === '看橱窗')).toMatchObject({
      from_self: true,
      root_id: `${work.id}:${top.id}`,
    });
    const reply = await harvester.replyComment(page, item, '已私信您', '8a1b2c3d-0000-4000-8000-00000000abce');
    expect(reply).toMatchObject({
      outcome: 'sent',
      item: { parent_id: item.item_id, root_id: `${work.id}:${top.id}` },
    });
    const held = (await control.inbox('channels', name)).comments.find((c) => c.text === '已私信您');
    expect(held).toMatchObject({ parentId: sub.id, rootId: top.id });
  });

  it('reads a post, and walks its older pages, only when its comment count changed since it was last read', async () => {
    await checkPostsSkipped({
      ...(await site()),
      pageSize: 10,
      commentCalls: '/comment/comment_list',
      itemId: (post, id) => `${post}:${id}`,
    });
  });

  it('reaches a thread past a post’s fifth page, after every post’s newest page, across passes', async () => {
    await checkDeepThread({ ...(await site()), pageSize: 10, itemId: (post, id) => `${post}:${id}` });
  });

  it('reads a new comment on the 25th-newest post within a few passes (post_list paged, unchanged counts skipped)', async () => {
    await checkOldPost({ ...(await site()), maxPasses: 4, itemId: (post, id) => `${post}:${id}` });
  });

  it('reads a comment on an older post dated before the pass’s since once the rotation reaches the post', async () => {
    await checkOldPostBeforeSince({ ...(await site()), maxPasses: 4, itemId: (post, id) => `${post}:${id}` });
  });

  it('reads messages by the history cookie with svrMsgId and nicknames; a send without its answer is found again', async () => {
    const { name, page } = await account();
    const control = bench.control;
    const t0 = Math.floor(Date.now() / 1000) - 600;
    for (let i = 0; i < 22; i += 1) {
      await control.feed({
        platform: 'channels',
        account: name,
        source: 'message',
        text: `消息${i}`,
        author: '老客户',
        at: (t0 + i) * 1000,
      });
    }
    const all = await messages(page);
    expect(all).toHaveLength(22);
    expect(all[0]).toMatchObject({ text: '消息21', author_name: '老客户', from_self: false, created_at: t0 + 21 });
    expect(all[0]?.item_id).toMatch(/^\d+$/);
    expect((await messages(page, t0 + 20)).map((m) => m.text)).toEqual(['消息21', '消息20']);
    const to = all[0] as HarvestItem;
    expect((await harvester.sendMessage(page, to, '您好', 'm-1')).outcome).toBe('sent');
    await control.setSwitches('channels', { inboxWriteFault: 'stall' });
    const stalled = await harvester.sendMessage(page, to, '价格发您了', 'm-2');
    expect(stalled).toMatchObject({ outcome: 'sent', item: { from_self: true, text: '价格发您了' } });
    expect((await control.sent('channels', name)).map((s) => s.text)).toEqual(['您好', '价格发您了']);
    // Read back, the account's own messages name the customer they went to.
    const own = (await messages(page)).filter((m) => m.from_self);
    expect(own.map((m) => [m.text, m.peer_id])).toEqual(
      expect.arrayContaining([
        ['您好', to.author_id],
        ['价格发您了', to.author_id],
      ]),
    );
  });

  it('tells an expired login (300333) and risk control apart', async () => {
    const { name, page } = await account();
    const control = bench.control;
    await control.feed({ platform: 'channels', account: name, source: 'comment', text: '好' });
    await control.setSwitches('channels', { inboxRisk: 'rate_limit' });
    expect(await kind(harvester.readComments(page, { cursor: '', since: 0 }))).toBe('rate_limited');
    await control.setSwitches('channels', { inboxRisk: 'verify' });
    expect(await kind(harvester.readMessages(page, { cursor: '', since: 0 }))).toBe('verification');
    await control.reset();
    await control.expireSession('channels', name);
    expect(await kind(harvester.readMessages(page, { cursor: '', since: 0 }))).toBe('logged_out');
  });
});
