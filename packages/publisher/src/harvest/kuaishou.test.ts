import type { HarvestItem } from '@vidmatrix/contract/api/harvest';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { kuaishouHarvester } from './kuaishou.steps.ts';
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

let bench: HarvestBench;
let harvester: Harvester;
let serial = 0;

beforeAll(async () => {
  bench = await harvestBench();
  harvester = kuaishouHarvester(bench.overrides('kuaishou'));
});
afterAll(async () => {
  await bench?.close();
});
afterEach(async () => {
  await bench.control.reset();
});

async function account() {
  serial += 1;
  const name = `ks-harvest-${serial}`;
  return { name, page: await bench.signedIn('kuaishou', name) };
}

/** A fresh account, as the shared checks (harvest-support.ts) take it. */
async function site(): Promise<HarvestSite> {
  const { name, page } = await account();
  return { control: bench.control, platform: 'kuaishou', account: name, page, harvester };
}

const comments = (page: Page, since = 0) => readPass((cursor) => harvester.readComments(page, { cursor, since }));
const kind = (p: Promise<unknown>) =>
  p.then(
    () => 'none',
    (e: unknown) => (e instanceof HarvestError ? e.kind : String(e)),
  );

describe('kuaishou harvest (its comment page driven, the page’s signed calls read)', () => {
  it('reads every comment and reply of the recent posts once through the page; replies to a comment and to a reply', async () => {
    const { name, page } = await account();
    const control = bench.control;
    const t0 = Math.floor(Date.now() / 1000) - 3600;
    await control.addWork({ platform: 'kuaishou', user: name, title: '旧视频' });
    await control.addWork({ platform: 'kuaishou', user: name, title: '新视频' });
    for (let i = 0; i < 12; i += 1) {
      await control.feed({
        platform: 'kuaishou',
        account: name,
        source: 'comment',
        text: `老铁${i}`,
        post: '新视频',
        at: (t0 + i) * 1000,
      });
    }
    const buyer = await control.feed({
      platform: 'kuaishou',
      account: name,
      source: 'comment',
      text: '多少钱',
      author: '买家',
      post: '旧视频',
      at: (t0 + 50) * 1000,
    });
    const again = await control.feed({
      platform: 'kuaishou',
      account: name,
      source: 'comment',
      text: '便宜点',
      parent: buyer.id,
      at: (t0 + 60) * 1000,
    });
    const all = await comments(page);
    expect(all).toHaveLength(14);
    expect(new Set(all.map((c) => c.item_id)).size).toBe(14);
    const item = all.find((c) => c.text === '多少钱') as HarvestItem;
    expect(item).toMatchObject({
      item_id: buyer.id,
      post_title: '旧视频',
      author_name: '买家',
      created_at: t0 + 50,
      parent_id: '',
      from_self: false,
    });
    const sub = all.find((c) => c.text === '便宜点') as HarvestItem;
    expect(sub).toMatchObject({ item_id: again.id, parent_id: buyer.id });
    expect((await comments(page, t0 + 11)).map((c) => c.text).sort()).toEqual(['便宜点', '多少钱', '老铁11'].sort());

    expect(await harvester.replyComment(page, item, '私信发你了', 'c')).toMatchObject({
      outcome: 'sent',
      item: { from_self: true },
    });
    expect((await harvester.replyComment(page, sub, '已经最低价', 'c')).outcome).toBe('sent');
    expect((await control.sent('kuaishou', name)).map((s) => [s.target, s.text])).toEqual([
      [buyer.id, '私信发你了'],
      [again.id, '已经最低价'],
    ]);
    expect(
      (await comments(page, t0 + 50))
        .filter((c) => c.from_self)
        .map((c) => c.text)
        .sort(),
    ).toEqual(['已经最低价', '私信发你了'].sort());
  });

  it('reads a new reply to a reply in a thread older than since, past the first page, and answers it in that thread', async () => {
    const { name, page } = await account();
    const control = bench.control;
    const t0 = Math.floor(Date.now() / 1000) - 7200;
    await control.addWork({ platform: 'kuaishou', user: name, title: '旧视频' });
    const feed = (text: string, at: number, more: { parent?: string; author?: string; fromSelf?: boolean } = {}) =>
      control.feed({
        platform: 'kuaishou',
        account: name,
        source: 'comment',
        text,
        post: '旧视频',
        at: at * 1000,
        ...more,
      });
    const top = await feed('有链接吗', t0, { author: '老铁' });
    const own = await feed('看小黄车', t0 + 10, { parent: top.id, fromSelf: true });
    for (let i = 0; i < 12; i += 1) {
      await feed(`老铁${i}`, t0 + 100 + i, { author: `粉${i}` });
    }
    const since = t0 + 111; // read before; the old thread is on the post's second page of 10
    const sub = await feed('多少钱 加我薇 1 3 8 1 2 3 4 5 6 7 8', t0 + 3000, { parent: own.id, author: '新买家' });
    const read = await comments(page, since);
    // The thread's count moved: it is read whole, the account's old reply again (the server drops it).
    expect(read.map((c) => c.text).sort()).toEqual(
      ['多少钱 加我薇 1 3 8 1 2 3 4 5 6 7 8', '看小黄车', '老铁11'].sort(),
    );
    const item = read.find((c) => c.item_id === sub.id) as HarvestItem;
    expect(item).toMatchObject({ parent_id: own.id, root_id: top.id, from_self: false });
    const reply = await harvester.replyComment(page, item, '私信发你了', 'c');
    expect(reply).toMatchObject({ outcome: 'sent', item: { parent_id: sub.id, root_id: top.id, from_self: true } });
    expect((await control.sent('kuaishou', name)).map((s) => [s.target, s.text])).toEqual([[sub.id, '私信发你了']]);
  });

  it('a pass expands only the threads whose reply count changed since they were last read', async () => {
    await checkThreadsReopened({ ...(await site()), replyCalls: '/subCommentList', repliesPerThread: 1 });
  });

  it('reaches a thread past a post’s fifth page, after every post’s newest page, across passes', async () => {
    await checkDeepThread({ ...(await site()), pageSize: 10 });
  });

  it('reads a new comment on the 25th-newest post within a few passes (photoList paged in the drawer, unchanged counts skipped)', async () => {
    await checkOldPost({ ...(await site()), maxPasses: 4 });
  });

  it('reads a comment on an older post dated before the pass’s since once the rotation reaches the post', async () => {
    await checkOldPostBeforeSince({ ...(await site()), maxPasses: 4 });
  });

  it('a reply whose answer never comes is found by re-reading; one refused with a 500 stays ambiguous', async () => {
    const { name, page } = await account();
    const control = bench.control;
    await control.feed({ platform: 'kuaishou', account: name, source: 'comment', text: '怎么买', author: '买家' });
    const item = (await comments(page))[0] as HarvestItem;
    await control.setSwitches('kuaishou', { inboxWriteFault: 'stall' });
    expect(await harvester.replyComment(page, item, '看主页', 'c')).toMatchObject({
      outcome: 'sent',
      item: { text: '看主页' },
    });
    await control.setSwitches('kuaishou', { inboxWriteFault: 'refused500' });
    expect((await harvester.replyComment(page, item, '第二句', 'c')).outcome).toBe('ambiguous');
    expect((await control.sent('kuaishou', name)).map((s) => s.text)).toEqual(['看主页']);
  });

  it('risk control, a logged-out session and private messages (none on the web) are told apart', async () => {
    const { name, page } = await account();
    const control = bench.control;
    await control.feed({ platform: 'kuaishou', account: name, source: 'comment', text: '好' });
    await control.setSwitches('kuaishou', { inboxRisk: 'rate_limit' });
    expect(await kind(harvester.readComments(page, { cursor: '', since: 0 }))).toBe('rate_limited');
    await control.reset();
    expect(await kind(harvester.readMessages(page, { cursor: '', since: 0 }))).toBe('unavailable');
    await control.expireSession('kuaishou', name);
    await page.goto('about:blank');
    expect(await kind(harvester.readComments(page, { cursor: '', since: 0 }))).toBe('logged_out');
  });
});
