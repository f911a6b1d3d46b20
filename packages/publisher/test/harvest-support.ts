import { chromiumLaunchOptions } from '@vidmatrix/chromium';
import type { PublishPlatform } from '@vidmatrix/contract/rules/publish-rules';
import { sandboxControl, type SandboxControl } from '@vidmatrix/platform-sandbox/client';
import { startSandbox, type Sandbox } from '@vidmatrix/platform-sandbox/server';
import { type Browser, chromium, type Page } from 'playwright-core';
import type { HarvestItem, HarvestPage } from '@vidmatrix/contract/api/harvest';
import type { HarvestOverrides } from '../src/harvest/definition.ts';
import type { Harvester, ReadRequest } from '../src/harvest/types.ts';
import { isResting } from '../src/harvest/walk.ts';
import { HARVEST_PAGES_PER_PASS } from '@vidmatrix/contract/api/harvest-work';
import { expect } from 'vitest';

/** Short deadlines for the sandbox: a stalled write is ambiguous after 2 s. */
export const TEST_HARVEST_TIMEOUTS: HarvestOverrides['timeouts'] = { navigation: 30_000, read: 15_000, write: 2_000 };

/** One sandbox and one Chromium for a test file; a page per account signed in without the QR step. */
export async function harvestBench() {
  const sandbox: Sandbox = await startSandbox();
  const control: SandboxControl = sandboxControl(sandbox.url);
  const browser: Browser = await chromium.launch({ ...chromiumLaunchOptions(), headless: true });
  return {
    sandbox,
    control,
    /** The overrides that point a platform's harvester at the sandbox. */
    overrides: (platform: PublishPlatform): HarvestOverrides => ({
      baseUrl: `${sandbox.url}/${platform}`,
      timeouts: TEST_HARVEST_TIMEOUTS,
    }),
    /** A fresh context signed in as `account` on `platform` (its cookies, as the account's profile holds them). */
    async signedIn(platform: PublishPlatform, account: string): Promise<Page> {
      const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 900 } });
      const res = await context.request.post(`${sandbox.url}/${platform}/__sandbox/login`, { data: { account } });
      if (!res.ok()) {
        throw new Error(`sandbox login ${platform}/${account}: ${res.status()}`);
      }
      return context.newPage();
    },
    async close() {
      await browser.close();
      await sandbox.close();
    },
  };
}

export type HarvestBench = Awaited<ReturnType<typeof harvestBench>>;

/**
 * The reply counts of threads, remembered between passes as the server does for a runner: `request` hands a
 * read the look-up, `keep` stores what a page read.
 */
export function threadMemory() {
  const counts = new Map<string, number>();
  return {
    counts,
    request: (cursor: string, since: number): ReadRequest => ({
      cursor,
      since,
      threads: (ids) =>
        Promise.resolve(new Map(ids.flatMap((id) => (counts.has(id) ? [[id, counts.get(id) ?? 0]] : [])))),
    }),
    keep(page: HarvestPage): HarvestPage {
      for (const t of page.threads ?? []) {
        counts.set(t.root_id, t.replies);
      }
      return page;
    },
  };
}

/** Counts the calls a page makes to URLs holding `path`, from now on (`count` can be set back to 0). */
export function callsTo(page: Page, path: string): { count: number } {
  const seen = { count: 0 };
  page.on('request', (r) => {
    if (r.url().includes(path)) {
      seen.count += 1;
    }
  });
  return seen;
}

export type ThreadMemory = ReturnType<typeof threadMemory>;

/** A platform's harvester with a fresh account signed in on the sandbox, as the shared checks take it. */
export interface HarvestSite {
  control: SandboxControl;
  platform: PublishPlatform;
  account: string;
  page: Page;
  harvester: Harvester;
}

/** Whether a read left more of its walk to read ('' and a finished walk's resting cursor do not). */
export const goesOn = (cursor: string) => cursor !== '' && !isResting(cursor);

/** Reads every page of a walk (at most 50), from `start` (a previous walk's resting cursor, or '' for a first). */
export async function readPass(read: (cursor: string) => Promise<HarvestPage>, start = ''): Promise<HarvestItem[]> {
  const items: HarvestItem[] = [];
  let cursor = start;
  for (let i = 0; i < 50; i += 1) {
    const page = await read(cursor);
    items.push(...page.items);
    cursor = page.cursor;
    if (!goesOn(cursor)) {
      return items;
    }
  }
  throw new Error('the pass never ended');
}

/**
 * Passes as the runner reads them (HARVEST_PAGES_PER_PASS pages each, from the stored cursor, ending at a
 * finished walk), until `done` says so or `max` passes: the passes it took, and the cursor stored after.
 */
export async function runPasses(
  read: (cursor: string) => Promise<HarvestPage>,
  done: (items: HarvestItem[]) => boolean,
  max: number,
  start = '',
): Promise<{ passes: number; cursor: string }> {
  let cursor = start;
  for (let passes = 1; passes <= max; passes += 1) {
    for (let n = 0; n < HARVEST_PAGES_PER_PASS; n += 1) {
      const page = await read(cursor);
      cursor = page.cursor;
      if (done(page.items)) {
        return { passes, cursor };
      }
      if (!goesOn(cursor)) {
        break;
      }
    }
  }
  return { passes: Infinity, cursor };
}

/**
 * The rotation through older posts, checked on one platform: with 30 posts, a new comment on the
 * 25th-newest (past the post list's first pages) is harvested within `maxPasses` passes of the runner,
 * the thread memory kept as the server keeps it; a walk that finished keeps its place, so a second comment
 * on the 24th-newest, fed after the rotation moved past it, is reached too.
 */
export async function checkOldPost(
  opts: HarvestSite & { maxPasses: number; itemId?: (postId: string, fedId: string) => string },
): Promise<void> {
  const { control, platform, account, page, harvester } = opts;
  const itemId = opts.itemId ?? ((_post: string, id: string) => id);
  const t0 = Math.floor(Date.now() / 1000) - 7200;
  const works: { id: string }[] = [];
  for (let i = 0; i < 30; i += 1) {
    works.push(await control.addWork({ platform, user: account, title: `作品${i}` }));
  }
  const feed = (post: string, text: string, at: number) =>
    control.feed({ platform, account, source: 'comment', text, post, at: at * 1000, author: '买家' });
  // Every post has one old comment, read by a first walk (since 0).
  for (const [i, w] of works.entries()) {
    await feed(w.id, `旧评论${i}`, t0 + i);
  }
  const memory = threadMemory();
  const read = (since: number) => async (cursor: string) =>
    memory.keep(await harvester.readComments(page, memory.request(cursor, since)));
  // A first walk, to its end: the newest posts and the rotation's first older page.
  let stored = '';
  do {
    stored = (await read(0)(stored)).cursor;
  } while (goesOn(stored));
  const since = t0 + 100;
  // The 25th-newest post (works are listed newest first), on none of the pages the first walk read.
  const old = works[30 - 25] as { id: string };
  const late = await feed(old.id, '还有货吗', t0 + 3000);
  const want = itemId(old.id, late.id);
  const got = await runPasses(read(since), (items) => items.some((c) => c.item_id === want), opts.maxPasses, stored);
  expect(got.passes).toBeLessThanOrEqual(opts.maxPasses);
  stored = got.cursor;
  // The 24th-newest, read before the 25th in that walk: its next new comment waits for the rotation to
  // come round again.
  const next = works[30 - 24] as { id: string };
  const later = await feed(next.id, '怎么买', t0 + 3001);
  const wantNext = itemId(next.id, later.id);
  const again = await runPasses(
    read(since),
    (items) => items.some((c) => c.item_id === wantNext),
    opts.maxPasses,
    stored,
  );
  expect(again.passes).toBeLessThanOrEqual(opts.maxPasses);
}

/**
 * The comment walk's rule (walk.ts), checked on one platform: a new reply in a thread whose first comment
 * sits past a post's fifth page is reached, after every post's newest page, across passes of five pages
 * as the runner reads them (the cursor carries the walk). `itemId` maps a fed id to the harvested one.
 */
export async function checkDeepThread(
  opts: HarvestSite & {
    /** First-level comments a page holds. */
    pageSize: number;
    itemId?: (postId: string, fedId: string) => string;
  },
): Promise<void> {
  const { control, platform, account, page, harvester } = opts;
  const itemId = opts.itemId ?? ((_post: string, id: string) => id);
  const t0 = Math.floor(Date.now() / 1000) - 7200;
  const hot = await control.addWork({ platform, user: account, title: '热门' });
  const fresh = await control.addWork({ platform, user: account, title: '新作' });
  const feed = (post: string, text: string, at: number, more: { parent?: string; author?: string } = {}) =>
    control.feed({ platform, account, source: 'comment', text, post, at: at * 1000, ...more });
  const old = await feed(hot.id, '怎么买', t0, { author: '老粉' });
  const answered = await feed(hot.id, '橱窗', t0 + 1, { parent: old.id, author: '路人' });
  // Seven pages of newer first-level comments: the old thread's first comment is on the eighth.
  const newer = opts.pageSize * 7;
  for (let i = 0; i < newer; i += 1) {
    await feed(hot.id, `评论${i}`, t0 + 100 + i, { author: `粉${i}` });
  }
  const memory = threadMemory();
  await readPass(async (cursor) => memory.keep(await harvester.readComments(page, memory.request(cursor, 0))));
  const since = t0 + 100 + newer;
  const late = await feed(hot.id, '多少钱', t0 + 3000, { parent: old.id, author: '买家' });
  const first = await feed(fresh.id, '求链接', t0 + 3001, { author: '新粉' });
  const order: string[] = [];
  let cursor = '';
  let passes = 0;
  do {
    for (let n = 0; n < 5 && (n === 0 || goesOn(cursor)); n += 1) {
      const got = memory.keep(await harvester.readComments(page, memory.request(cursor, since)));
      order.push(...got.items.map((c) => c.item_id));
      cursor = got.cursor;
    }
    passes += 1;
  } while (goesOn(cursor) && passes < 10);
  // The old thread is read whole (its first reply again: the server drops it).
  const answeredId = itemId(hot.id, answered.id);
  expect(order.filter((id) => id !== answeredId)).toEqual([itemId(fresh.id, first.id), itemId(hot.id, late.id)]);
  expect(passes).toBeGreaterThan(1);
}

/**
 * The thread memory's rule, checked on one platform whose thread replies come from their own call (path
 * `replyCalls`): a first pass opens every thread with replies; a second with nothing new opens none; a new
 * reply in one old thread opens that thread alone, read whole; a reply dated before the pass's `since` in a
 * thread whose count moved is read too. `repliesPerThread`: enough that the replies need their own call.
 */
export async function checkThreadsReopened(
  opts: HarvestSite & {
    replyCalls: string;
    repliesPerThread: number;
  },
): Promise<void> {
  const { control, platform, account, page, harvester, repliesPerThread: n } = opts;
  const t0 = Math.floor(Date.now() / 1000) - 7200;
  const work = await control.addWork({ platform, user: account, title: '作品' });
  const feed = (text: string, at: number, more: { parent?: string; author?: string } = {}) =>
    control.feed({ platform, account, source: 'comment', text, post: work.id, at: at * 1000, ...more });
  const roots: { id: string }[] = [];
  for (let i = 0; i < 3; i += 1) {
    roots.push(await feed(`问题${i}`, t0 + i, { author: `粉${i}` }));
    for (let j = 0; j < n; j += 1) {
      await feed(`回复${i}-${j}`, t0 + 10 + i * n + j, {
        parent: (roots[i] as { id: string }).id,
        author: `友${i}${j}`,
      });
    }
  }
  const memory = threadMemory();
  const calls = callsTo(page, opts.replyCalls);
  const pass = (since: number) =>
    readPass(async (cursor) => memory.keep(await harvester.readComments(page, memory.request(cursor, since))));
  expect(await pass(0)).toHaveLength(3 * (n + 1));
  expect(calls.count).toBe(3);
  // Nothing new: no thread is opened again.
  calls.count = 0;
  expect(await pass(t0 + 100)).toHaveLength(0);
  expect(calls.count).toBe(0);
  // A new reply in one old thread: that thread alone is opened, and read whole (its old replies again: the
  // server drops them).
  const [, changed, other] = roots as [{ id: string }, { id: string }, { id: string }];
  await feed('多少钱', t0 + 3000, { parent: changed.id, author: '买家' });
  calls.count = 0;
  const again = Array.from({ length: n }, (_, j) => `回复1-${j}`);
  expect((await pass(t0 + 100)).map((c) => c.text)).toEqual([...again, '多少钱']);
  expect(calls.count).toBe(1);
  expect(memory.counts.get(changed.id)).toBe(n + 1);
  // A reply dated before the pass's since (shown late by the platform) in a thread whose count moved: read.
  const early = await feed('还有货吗', t0 + 50, { parent: other.id, author: '迟到' });
  expect((await pass(t0 + 100)).map((c) => c.item_id)).toContain(early.id);
}

/**
 * The post-count rule, checked on a platform whose post list shows each post's comment count: a first pass
 * reads every page of the post (`commentCalls` counted); a pass with nothing new reads none of it; a reply
 * under the oldest thread (on its last page) moves the count, and the walk reaches it; a reply dated before
 * the pass's `since` in a thread whose count moved is read too.
 */
export async function checkPostsSkipped(
  opts: HarvestSite & {
    /** First-level comments a page holds. */
    pageSize: number;
    commentCalls: string;
    itemId?: (postId: string, fedId: string) => string;
  },
): Promise<void> {
  const { control, platform, account, page, harvester, pageSize } = opts;
  const itemId = opts.itemId ?? ((_post: string, id: string) => id);
  const t0 = Math.floor(Date.now() / 1000) - 7200;
  const work = await control.addWork({ platform, user: account, title: '秋季上新' });
  const feed = (text: string, at: number, more: { parent?: string; author?: string } = {}) =>
    control.feed({ platform, account, source: 'comment', text, post: work.id, at: at * 1000, ...more });
  const top = await feed('有链接吗', t0, { author: '老粉' });
  for (let i = 0; i < 24; i += 1) {
    await feed(`评论${i}`, t0 + 100 + i, { author: `粉${i}` });
  }
  const pages = Math.ceil(25 / pageSize);
  const memory = threadMemory();
  const calls = callsTo(page, opts.commentCalls);
  const pass = (since: number) =>
    readPass(async (cursor) => memory.keep(await harvester.readComments(page, memory.request(cursor, since))));
  expect(await pass(0)).toHaveLength(25);
  expect(calls.count).toBe(pages);
  // Nothing new: the list shows the same count, the post is not read at all.
  calls.count = 0;
  expect(await pass(t0 + 124)).toHaveLength(0);
  expect(calls.count).toBe(0);
  // A reply under the oldest thread (on the last page): the count moved, the walk reaches it.
  const late = await feed('多少钱', t0 + 3000, { parent: top.id, author: '买家' });
  calls.count = 0;
  expect((await pass(t0 + 124)).map((c) => c.item_id)).toEqual([itemId(work.id, late.id)]);
  expect(calls.count).toBe(pages);
  // A reply dated before the pass's since (shown late by the platform) in a thread whose count moved: read.
  const early = await feed('还有货吗', t0 + 50, { parent: top.id, author: '迟到' });
  expect((await pass(t0 + 124)).map((c) => c.item_id)).toContain(itemId(work.id, early.id));
}

/**
 * The rotation's since, checked on one platform: a comment on an older post (past the newest page) dated
 * before the pass's `since` is harvested once the rotation reaches the post. The server's `since` is the
 * account's newest stored item, from any post: the newest posts are read every walk, an older one only
 * when the rotation comes round, so what it got meanwhile is mostly older than that.
 */
export async function checkOldPostBeforeSince(
  opts: HarvestSite & { maxPasses: number; itemId?: (postId: string, fedId: string) => string },
): Promise<void> {
  const { control, platform, account, page, harvester } = opts;
  const itemId = opts.itemId ?? ((_post: string, id: string) => id);
  const t0 = Math.floor(Date.now() / 1000) - 7200;
  const works: { id: string }[] = [];
  for (let i = 0; i < 30; i += 1) {
    works.push(await control.addWork({ platform, user: account, title: `作品${i}` }));
  }
  const feed = (post: string, text: string, at: number) =>
    control.feed({ platform, account, source: 'comment', text, post, at: at * 1000, author: '买家' });
  for (const [i, w] of works.entries()) {
    await feed(w.id, `旧评论${i}`, t0 + i);
  }
  const memory = threadMemory();
  const read = (since: number) => async (cursor: string) =>
    memory.keep(await harvester.readComments(page, memory.request(cursor, since)));
  let stored = '';
  do {
    stored = (await read(0)(stored)).cursor;
  } while (goesOn(stored));
  // A buyer asks under the 25th-newest post; a minute later another comments on the newest one, which the
  // next walk stores first: the server's since is now past the first question.
  const old = works[30 - 25] as { id: string };
  const asked = await feed(old.id, '还有货吗', t0 + 3000);
  await feed((works[29] as { id: string }).id, '好看', t0 + 3060);
  const want = itemId(old.id, asked.id);
  const got = await runPasses(
    read(t0 + 3060),
    (items) => items.some((c) => c.item_id === want),
    opts.maxPasses,
    stored,
  );
  expect(got.passes).toBeLessThanOrEqual(opts.maxPasses);
}
