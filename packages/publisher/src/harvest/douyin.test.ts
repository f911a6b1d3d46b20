import type { HarvestItem } from '@vidmatrix/contract/api/harvest';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { douyinHarvester } from './douyin.steps.ts';
import {
  checkDeepThread,
  checkOldPost,
  checkOldPostBeforeSince,
  checkPostsSkipped,
  checkThreadsReopened,
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
  harvester = douyinHarvester(bench.overrides('douyin'));
});
afterAll(async () => {
  await bench?.close();
});
afterEach(async () => {
  await bench.control.reset();
});

async function account() {
  serial += 1;
  const name = `dy-harvest-${serial}`;
  return { name, page: await bench.signedIn('douyin', name) };
}

/** A fresh account, as the shared checks (harvest-support.ts) take it. */
async function site(): Promise<HarvestSite> {
  const { name, page } = await account();
  return { control: bench.control, platform: 'douyin', account: name, page, harvester };
}

const comments = (page: Page, since = 0) => readPass((cursor) => harvester.readComments(page, { cursor, since }));

const messages = (page: Page, since = 0) => readPass((cursor) => harvester.readMessages(page, { cursor, since }));

describe('douyin harvest (creator comment API, www.douyin.com IM)', () => {
  it('reads every comment and reply of the recent posts once, page by page; since stops at what was read', async () => {
    const { name, page } = await account();
    const control = bench.control;
    const t0 = Math.floor(Date.now() / 1000) - 3600;
    await control.addWork({ platform: 'douyin', user: name, title: '老作品' });
    await control.addWork({ platform: 'douyin', user: name, title: '新作品' });
    for (let i = 0; i < 25; i += 1) {
      await control.feed({
        platform: 'douyin',
        account: name,
        source: 'comment',
        text: `评论${i}`,
        post: '新作品',
        author: `粉${i}`,
        at: (t0 + i) * 1000,
      });
    }
    const root = await control.feed({
      platform: 'douyin',
      account: name,
      source: 'comment',
      text: '多少钱',
      post: '老作品',
      author: '买家',
      at: (t0 + 100) * 1000,
    });
    await control.feed({
      platform: 'douyin',
      account: name,
      source: 'comment',
      text: '私信你',
      parent: root.id,
      fromSelf: true,
      at: (t0 + 200) * 1000,
    });
    const all = await comments(page);
    expect(all).toHaveLength(27);
    expect(new Set(all.map((c) => c.item_id)).size).toBe(27);
    const buyer = all.find((c) => c.text === '多少钱');
    expect(buyer).toMatchObject({
      source: 'comment',
      author_name: '买家',
      post_title: '老作品',
      parent_id: '',
      from_self: false,
      created_at: t0 + 100,
    });
    expect(buyer?.item_id).toMatch(/^@/);
    expect(buyer?.post_id).toMatch(/^@/);
    expect(buyer?.link).toMatch(/^https:\/\/www\.douyin\.com\/video\/\d{19}$/);
    expect(all.find((c) => c.text === '私信你')).toMatchObject({ parent_id: root.id, from_self: true });
    const newer = await comments(page, t0 + 20);
    expect(newer.map((c) => c.text).sort()).toEqual(
      ['评论20', '评论21', '评论22', '评论23', '评论24', '多少钱', '私信你'].sort(),
    );
  });

  it('reads a new reply under a thread older than since, past the first page, with its thread; the account’s own is is_author', async () => {
    const { name, page } = await account();
    const control = bench.control;
    const t0 = Math.floor(Date.now() / 1000) - 7200;
    const feed = (text: string, at: number, more: { parent?: string; author?: string; fromSelf?: boolean } = {}) =>
      control.feed({
        platform: 'douyin',
        account: name,
        source: 'comment',
        text,
        post: '老作品',
        at: at * 1000,
        ...more,
      });
    await control.addWork({ platform: 'douyin', user: name, title: '老作品' });
    const top = await feed('有链接吗', t0, { author: '老粉' });
    await feed('在橱窗', t0 + 10, { parent: top.id, fromSelf: true });
    for (let i = 0; i < 25; i += 1) {
      await feed(`评论${i}`, t0 + 100 + i, { author: `粉${i}` });
    }
    const since = t0 + 124; // all of the above was read by earlier passes
    // The thread's first comment is on the post's second page of 20; the buyer answers in it now.
    const sub = await feed('多少钱 加我薇 1 3 8 1 2 3 4 5 6 7 8', t0 + 3000, { parent: top.id, author: '新买家' });
    const read = await comments(page, since);
    // The thread's count moved: it is read whole, the account's old reply again (the server drops it).
    expect(read.map((c) => c.text).sort()).toEqual(['多少钱 加我薇 1 3 8 1 2 3 4 5 6 7 8', '在橱窗', '评论24'].sort());
    const item = read.find((c) => c.item_id === sub.id) as HarvestItem;
    expect(item).toMatchObject({ parent_id: top.id, root_id: top.id, from_self: false, author_name: '新买家' });
    const own = (await comments(page)).find((c) => c.text === '在橱窗');
    expect(own).toMatchObject({ from_self: true, parent_id: top.id, root_id: top.id });
    const reply = await harvester.replyComment(page, item, '已私信您', 'c1');
    expect(reply).toMatchObject({ outcome: 'sent', item: { parent_id: top.id, root_id: top.id, from_self: true } });
    const held = (await control.inbox('douyin', name)).comments.find((c) => c.id === reply.item?.item_id);
    expect(held).toMatchObject({ parentId: sub.id, rootId: top.id });
    // Read back, the account's reply names the buyer it answered (not the thread's first commenter).
    const back = (await comments(page, since)).find((c) => c.item_id === reply.item?.item_id);
    expect(back).toMatchObject({ from_self: true, root_id: top.id, peer_id: sub.author.id });
  });

  it('a pass opens only the threads whose reply count changed since they were last read', async () => {
    await checkThreadsReopened({ ...(await site()), replyCalls: '/comment/reply/list/', repliesPerThread: 1 });
  });

  it('reaches a thread past a post’s fifth page, after every post’s newest page, across passes', async () => {
    await checkDeepThread({ ...(await site()), pageSize: 20 });
  });

  it('reads a post only when its comment_count changed since it was last read; then reaches its oldest thread', async () => {
    await checkPostsSkipped({ ...(await site()), pageSize: 20, commentCalls: '/aweme/v1/creator/comment/list/' });
  });

  it('reads a new comment on the 25th-newest post within a few passes (item/list paged, unchanged counts skipped)', async () => {
    await checkOldPost({ ...(await site()), maxPasses: 4 });
  });

  it('reads a comment on an older post dated before the pass’s since once the rotation reaches the post', async () => {
    await checkOldPostBeforeSince({ ...(await site()), maxPasses: 4 });
  });

  it('a pass resumed after the server’s since moved on keeps the since it began with', async () => {
    const { name, page } = await account();
    const control = bench.control;
    const t0 = Math.floor(Date.now() / 1000) - 600;
    await control.addWork({ platform: 'douyin', user: name, title: '甲' });
    await control.addWork({ platform: 'douyin', user: name, title: '乙' });
    await control.feed({
      platform: 'douyin',
      account: name,
      source: 'comment',
      text: '甲的评论',
      post: '甲',
      at: t0 * 1000,
    });
    await control.feed({
      platform: 'douyin',
      account: name,
      source: 'comment',
      text: '乙的评论',
      post: '乙',
      at: (t0 + 50) * 1000,
    });
    const first = await harvester.readComments(page, { cursor: '', since: 0 });
    // The first page (the newest post, 乙) was ingested: the next claim's since is its newest comment.
    expect(first.items.map((c) => c.text)).toEqual(['乙的评论']);
    const second = await harvester.readComments(page, { cursor: first.cursor, since: t0 + 50 });
    expect(second.items.map((c) => c.text)).toEqual(['甲的评论']);
  });

  it('reads private messages from the protobuf IM: exact server_msg_id, seconds, nicknames, the account’s own', async () => {
    const { name, page } = await account();
    const t0 = Math.floor(Date.now() / 1000) - 600;
    const fed = await bench.control.feed({
      platform: 'douyin',
      account: name,
      source: 'message',
      text: '加我薇 1 3 8 1 2 3 4 5 6 7 8',
      author: '小王',
      at: t0 * 1000,
    });
    await bench.control.feed({
      platform: 'douyin',
      account: name,
      source: 'message',
      text: '好的',
      author: '小王',
      fromSelf: true,
      at: (t0 + 5) * 1000,
    });
    await bench.control.feed({
      platform: 'douyin',
      account: name,
      source: 'message',
      text: '在吗',
      author: '小李',
      at: (t0 + 9) * 1000,
    });
    const all = await messages(page);
    expect(all).toHaveLength(3);
    const first = all.find((m) => m.text.startsWith('加我薇'));
    expect(first).toMatchObject({
      source: 'message',
      item_id: fed.id,
      author_id: fed.author.id,
      author_name: '小王',
      from_self: false,
      created_at: t0,
    });
    expect(BigInt(first?.item_id ?? '0')).toBeGreaterThan(2n ** 53n);
    // The account's own message names the customer it went to, so it is filed under them.
    expect(all.find((m) => m.text === '好的')).toMatchObject({ from_self: true, peer_id: fed.author.id });
    expect(first?.peer_id).toBe(fed.author.id);
    expect((await messages(page, t0 + 9)).map((m) => m.text)).toEqual(['在吗']);
  });

  it('replies to a comment with the csrf token and sends a message with its client_message_id, each once', async () => {
    const { name, page } = await account();
    const control = bench.control;
    await control.feed({ platform: 'douyin', account: name, source: 'comment', text: '怎么买', author: '买家' });
    await control.feed({ platform: 'douyin', account: name, source: 'message', text: '价格多少', author: '小张' });
    const comment = (await comments(page)).find((c) => c.text === '怎么买') as HarvestItem;
    const reply = await harvester.replyComment(page, comment, '已私信您', 'c1');
    expect(reply.outcome).toBe('sent');
    expect(reply.item).toMatchObject({ from_self: true, parent_id: comment.item_id, text: '已私信您' });
    const message = (await messages(page)).find((m) => m.text === '价格多少') as HarvestItem;
    const clientId = '7d3f7a8e-2b1c-4d5e-8f90-0a1b2c3d4e5f';
    const sent = await harvester.sendMessage(page, message, '您好，价格见私信', clientId);
    expect(sent).toMatchObject({ outcome: 'sent', item: { from_self: true, text: '您好，价格见私信' } });
    const records = await control.sent('douyin', name);
    expect(records.map((r) => [r.kind, r.target, r.text])).toEqual([
      ['comment_reply', comment.item_id, '已私信您'],
      ['message', message.author_id, '您好，价格见私信'],
    ]);
    expect(records[1]?.clientId).toBe(clientId);
  });

  it('a write whose answer never comes is confirmed by re-reading; one refused with a 500 stays ambiguous; neither is resent', async () => {
    const { name, page } = await account();
    const control = bench.control;
    await control.feed({ platform: 'douyin', account: name, source: 'comment', text: '多少钱', author: '买家' });
    await control.feed({ platform: 'douyin', account: name, source: 'message', text: '在吗', author: '小周' });
    const comment = (await comments(page))[0] as HarvestItem;
    const message = (await messages(page))[0] as HarvestItem;
    await control.setSwitches('douyin', { inboxWriteFault: 'stall' });
    const stalled = await harvester.replyComment(page, comment, '看主页', 'x');
    expect(stalled.outcome).toBe('sent'); // the re-read found it
    expect(stalled.item).toMatchObject({ from_self: true, text: '看主页' });
    await control.setSwitches('douyin', { inboxWriteFault: 'refused500' });
    expect((await harvester.sendMessage(page, message, '您好', 'c-2')).outcome).toBe('ambiguous');
    await control.setSwitches('douyin', { inboxWriteFault: 'error500' });
    expect((await harvester.sendMessage(page, message, '您好呀', 'c-3')).outcome).toBe('sent'); // went through, found again
    expect((await control.sent('douyin', name)).map((r) => r.text)).toEqual(['看主页', '您好呀']);
  });

  it('tells risk control, verification and a logged-out session apart', async () => {
    const { name, page } = await account();
    const control = bench.control;
    await control.feed({ platform: 'douyin', account: name, source: 'comment', text: '多少钱' });
    const kind = (p: Promise<unknown>) =>
      p.then(
        () => 'none',
        (e: unknown) => (e instanceof HarvestError ? e.kind : String(e)),
      );
    await control.setSwitches('douyin', { inboxRisk: 'rate_limit' });
    expect(await kind(harvester.readComments(page, { cursor: '', since: 0 }))).toBe('rate_limited');
    await control.setSwitches('douyin', { inboxRisk: 'blocked' });
    expect(await kind(harvester.readMessages(page, { cursor: '', since: 0 }))).toBe('rate_limited');
    await control.setSwitches('douyin', { inboxRisk: 'verify' });
    expect(await kind(harvester.readComments(page, { cursor: '', since: 0 }))).toBe('verification');
    await control.reset();
    await control.expireSession('douyin', name);
    expect(await kind(harvester.readComments(page, { cursor: '', since: 0 }))).toBe('logged_out');
    await page.goto('about:blank');
    expect(await kind(harvester.readMessages(page, { cursor: '', since: 0 }))).toBe('logged_out');
  });
});
