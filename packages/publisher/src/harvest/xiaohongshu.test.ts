import type { HarvestItem } from '@vidmatrix/contract/api/harvest';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  checkDeepThread,
  checkOldPost,
  checkOldPostBeforeSince,
  checkThreadsReopened,
  harvestBench,
  type HarvestBench,
  type HarvestSite,
  readPass,
} from '../../test/harvest-support.ts';
import { HarvestError, type Harvester } from './types.ts';
import { xiaohongshuHarvester } from './xiaohongshu.steps.ts';

let bench: HarvestBench;
let harvester: Harvester;
let serial = 0;

beforeAll(async () => {
  bench = await harvestBench();
  harvester = xiaohongshuHarvester(bench.overrides('xiaohongshu'));
});
afterAll(async () => {
  await bench?.close();
});
afterEach(async () => {
  await bench.control.reset();
});

async function account() {
  serial += 1;
  const name = `xhs-harvest-${serial}`;
  return { name, page: await bench.signedIn('xiaohongshu', name) };
}

/** A fresh account, as the shared checks (harvest-support.ts) take it. */
async function site(): Promise<HarvestSite> {
  const { name, page } = await account();
  return { control: bench.control, platform: 'xiaohongshu', account: name, page, harvester };
}

const comments = (page: Page, since = 0) => readPass((cursor) => harvester.readComments(page, { cursor, since }));
const messages = (page: Page, since = 0) => readPass((cursor) => harvester.readMessages(page, { cursor, since }));
const kind = (p: Promise<unknown>) =>
  p.then(
    () => 'none',
    (e: unknown) => (e instanceof HarvestError ? e.kind : String(e)),
  );

describe('xiaohongshu harvest (edith signed in a www page, the 专业号 workbench)', () => {
  it('reads comments and their replies (embedded and from sub/page) once, signed by the page’s own signer', async () => {
    const { name, page } = await account();
    const control = bench.control;
    const t0 = Math.floor(Date.now() / 1000) - 3600;
    const note = await control.addWork({ platform: 'xiaohongshu', user: name, title: '秋冬穿搭' });
    for (let i = 0; i < 12; i += 1) {
      await control.feed({
        platform: 'xiaohongshu',
        account: name,
        source: 'comment',
        text: `求链接${i}`,
        post: note.id,
        at: (t0 + i) * 1000,
      });
    }
    const root = await control.feed({
      platform: 'xiaohongshu',
      account: name,
      source: 'comment',
      text: '多少钱',
      author: '小薯',
      post: note.id,
      at: (t0 + 50) * 1000,
    });
    await control.feed({
      platform: 'xiaohongshu',
      account: name,
      source: 'comment',
      text: '同问',
      parent: root.id,
      at: (t0 + 60) * 1000,
    });
    await control.feed({
      platform: 'xiaohongshu',
      account: name,
      source: 'comment',
      text: '看主页',
      parent: root.id,
      fromSelf: true,
      at: (t0 + 70) * 1000,
    });
    const all = await comments(page);
    expect(all).toHaveLength(15);
    expect(new Set(all.map((c) => c.item_id)).size).toBe(15);
    expect(all.find((c) => c.text === '多少钱')).toMatchObject({
      post_id: note.id,
      post_title: '秋冬穿搭',
      author_name: '小薯',
      created_at: t0 + 50,
      parent_id: '',
    });
    expect(all.find((c) => c.text === '同问')).toMatchObject({ parent_id: root.id, from_self: false });
    expect(all.find((c) => c.text === '看主页')).toMatchObject({ parent_id: root.id, from_self: true });
    expect(all[0]?.item_id).toMatch(/^[0-9a-f]{24}$/);
    expect((await comments(page, t0 + 11)).map((c) => c.text).sort()).toEqual(
      ['同问', '多少钱', '求链接11', '看主页'].sort(),
    );
  });

  it('reads a new sub-comment in a thread older than since, past the first page, and finds its reply in that thread', async () => {
    const { name, page } = await account();
    const control = bench.control;
    const t0 = Math.floor(Date.now() / 1000) - 7200;
    const note = await control.addWork({ platform: 'xiaohongshu', user: name, title: '秋冬穿搭' });
    const feed = (text: string, at: number, more: { parent?: string; author?: string; fromSelf?: boolean } = {}) =>
      control.feed({
        platform: 'xiaohongshu',
        account: name,
        source: 'comment',
        text,
        post: note.id,
        at: at * 1000,
        ...more,
      });
    const top = await feed('有链接吗', t0, { author: '老粉' });
    const own = await feed('看主页', t0 + 10, { parent: top.id, fromSelf: true });
    for (let i = 0; i < 12; i += 1) {
      await feed(`求链接${i}`, t0 + 100 + i, { author: `粉${i}` });
    }
    const since = t0 + 111; // read before; the old thread is on the note's second page of 10
    const sub = await feed('多少钱 加我薇 1 3 8 1 2 3 4 5 6 7 8', t0 + 3000, { parent: own.id, author: '新买家' });
    const read = await comments(page, since);
    // The thread's count moved: it is read whole, the account's old reply again (the server drops it).
    expect(read.map((c) => c.text).sort()).toEqual(
      ['多少钱 加我薇 1 3 8 1 2 3 4 5 6 7 8', '求链接11', '看主页'].sort(),
    );
    const item = read.find((c) => c.item_id === sub.id) as HarvestItem;
    expect(item).toMatchObject({ parent_id: own.id, root_id: top.id, from_self: false });
    // A reply whose answer never comes is looked for in the thread of its root, and found there.
    await control.setSwitches('xiaohongshu', { inboxWriteFault: 'stall' });
    const reply = await harvester.replyComment(page, item, '私信你啦', 'c');
    expect(reply).toMatchObject({ outcome: 'sent', item: { from_self: true, root_id: top.id } });
    const held = (await control.inbox('xiaohongshu', name)).comments.find((c) => c.text === '私信你啦');
    expect(held).toMatchObject({ parentId: sub.id, rootId: top.id });
  });

  it('a pass pages through only the threads whose reply count changed since they were last read', async () => {
    await checkThreadsReopened({ ...(await site()), replyCalls: '/comment/sub/page', repliesPerThread: 3 });
  });

  it('reaches a thread past a post’s fifth page, after every post’s newest page, across passes', async () => {
    await checkDeepThread({ ...(await site()), pageSize: 10 });
  });

  it('reads a new comment on the 25th-newest note within a bounded number of passes (the note list paged in turn)', async () => {
    // No comment counts in the note list: each walk reads the newest page and one older page whole.
    await checkOldPost({ ...(await site()), maxPasses: 10 });
  });

  it('reads a comment on an older post dated before the pass’s since once the rotation reaches the post', async () => {
    await checkOldPostBeforeSince({ ...(await site()), maxPasses: 10 });
  });

  it('replies once through comment/post; a reply whose answer never comes is found by re-reading', async () => {
    const { name, page } = await account();
    const control = bench.control;
    await control.feed({ platform: 'xiaohongshu', account: name, source: 'comment', text: '怎么买', author: '小薯' });
    const target = (await comments(page))[0] as HarvestItem;
    const sent = await harvester.replyComment(page, target, '私信你啦', 'c');
    expect(sent).toMatchObject({ outcome: 'sent', item: { from_self: true, parent_id: target.item_id } });
    await control.setSwitches('xiaohongshu', { inboxWriteFault: 'stall' });
    expect((await harvester.replyComment(page, target, '再补充一句', 'c')).outcome).toBe('sent');
    await control.setSwitches('xiaohongshu', { inboxWriteFault: 'refused500' });
    expect((await harvester.replyComment(page, target, '第三句', 'c')).outcome).toBe('ambiguous');
    expect((await control.sent('xiaohongshu', name)).map((s) => s.text)).toEqual(['私信你啦', '再补充一句']);
  });

  it('reads the workbench’s conversations and sends a message; the fourth to one person a day is refused', async () => {
    const { name, page } = await account();
    const control = bench.control;
    const t0 = Math.floor(Date.now() / 1000) - 600;
    await control.feed({
      platform: 'xiaohongshu',
      account: name,
      source: 'message',
      text: '加我薇 1 3 8 1 2 3 4 5 6 7 8',
      author: '小红',
      at: t0 * 1000,
    });
    await control.feed({
      platform: 'xiaohongshu',
      account: name,
      source: 'message',
      text: '在吗',
      author: '小蓝',
      at: (t0 + 5) * 1000,
    });
    const all = await messages(page);
    const first = all.find((m) => m.author_name === '小红') as HarvestItem;
    expect(first).toMatchObject({ source: 'message', from_self: false, created_at: t0 });
    expect(all).toHaveLength(2);
    for (const text of ['您好', '报价发您', '有问题再问']) {
      expect((await harvester.sendMessage(page, first, text, 'c')).outcome).toBe('sent');
    }
    const fourth = await harvester.sendMessage(page, first, '还在吗', 'c').catch((e: unknown) => e);
    expect(fourth).toMatchObject({ kind: 'refused' });
    expect((fourth as HarvestError).platformText).toContain('一天只能发三');
    expect(
      (await messages(page))
        .filter((m) => m.from_self)
        .map((m) => `${m.text}→${m.peer_id ?? ''}`)
        .sort(),
    ).toEqual(['您好', '报价发您', '有问题再问'].map((t) => `${t}→${first.author_id}`).sort());
  });

  it('tells 461 (verification), 429 and 300012 (rate limit) and an expired login apart', async () => {
    const { name, page } = await account();
    const control = bench.control;
    await control.feed({ platform: 'xiaohongshu', account: name, source: 'comment', text: '好看' });
    expect((await harvester.readComments(page, { cursor: '', since: 0 })).items).toHaveLength(1);
    await control.setSwitches('xiaohongshu', { inboxRisk: 'verify' });
    expect(await kind(harvester.readComments(page, { cursor: '', since: 0 }))).toBe('verification');
    await control.setSwitches('xiaohongshu', { inboxRisk: 'rate_limit' });
    expect(await kind(harvester.readMessages(page, { cursor: '', since: 0 }))).toBe('rate_limited');
    await control.setSwitches('xiaohongshu', { inboxRisk: 'blocked' });
    expect(await kind(harvester.readComments(page, { cursor: '', since: 0 }))).toBe('rate_limited');
    await control.reset();
    await control.expireSession('xiaohongshu', name);
    expect(await kind(harvester.readComments(page, { cursor: '', since: 0 }))).toBe('logged_out');
    expect(await kind(harvester.readMessages(page, { cursor: '', since: 0 }))).toBe('logged_out');
  });
});
