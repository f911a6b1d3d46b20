import { createHash } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboxStage, type SiteClient, siteClient } from '../inbox/test-support.ts';
import { launch } from './douyin/test-support.ts';

// One test per Kuaishou item of research/leads.md §7: cp.kuaishou.com's /rest/cp/creator/comment/* calls
// (numeric commentId, ms timestamps, numeric pcursor, result ≠ 1, api_ph and __NS_sig3), over HTTP, and
// the comment page in Chromium (it signs its own calls). No publisher code.
const stage = inboxStage();
let browser: Browser;
let serial = 0;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function account() {
  serial += 1;
  const name = `ks-inbox-${serial}`;
  return { name, client: await siteClient(stage.sandbox.url, 'kuaishou', name) };
}

/** Calls an API the way the comment page does: api_ph in the body, its signature in __NS_sig3. */
async function signedCall(
  client: SiteClient,
  path: string,
  payload: Record<string, unknown>,
  opts: { sign?: boolean; apiPh?: boolean } = {},
) {
  const page = await (await client.call('/article/comment')).text();
  const secret = /"secret":"([0-9a-f]+)"/.exec(page)?.[1] ?? '';
  const body = JSON.stringify({
    ...payload,
    ...(opts.apiPh === false ? {} : { 'kuaishou.web.cp.api_ph': client.cookies.get('kuaishou.web.cp.api_ph') }),
  });
  const url = `/kuaishou${path}`;
  const sig = createHash('sha256').update(`${secret}\n${url}\n${body}`).digest('hex');
  return client.json<{ result: number; error_msg?: string; data: Record<string, unknown> }>(
    `${path}${opts.sign === false ? '' : `?__NS_sig3=${sig}`}`,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body },
  );
}

describe('kuaishou comments (cp.kuaishou.com, research/leads.md §2)', () => {
  it('every call needs the api_ph cookie value in its body and __NS_sig3; without either, result ≠ 1', async () => {
    const { client } = await account();
    expect((await signedCall(client, '/rest/cp/creator/comment/photoList', { pcursor: '' })).result).toBe(1);
    expect(
      (await signedCall(client, '/rest/cp/creator/comment/photoList', { pcursor: '' }, { sign: false })).result,
    ).not.toBe(1);
    expect(
      (await signedCall(client, '/rest/cp/creator/comment/photoList', { pcursor: '' }, { apiPh: false })).result,
    ).not.toBe(1);
  });

  it('commentList: numeric commentId and authorId, ms timestamps, a numeric pcursor page by page', async () => {
    const { name, client } = await account();
    const at = Date.now() - 100_000;
    for (let i = 0; i < 12; i += 1) {
      await stage.control.feed({
        platform: 'kuaishou',
        account: name,
        source: 'comment',
        text: `评论${i}`,
        author: `老铁${i}`,
        at: at + i,
      });
    }
    const photos = await signedCall(client, '/rest/cp/creator/comment/photoList', { pcursor: '' });
    const photoId = (photos.data.list as { photoId: string }[])[0]?.photoId;
    const first = await signedCall(client, '/rest/cp/creator/comment/commentList', {
      photoId,
      sortType: '',
      selectedComment: false,
      pcursor: '',
    });
    const list = first.data.list as { commentId: unknown; authorId: unknown; content: string; timestamp: number }[];
    expect(list).toHaveLength(10);
    expect(typeof list[0]?.commentId).toBe('number');
    expect(typeof list[0]?.authorId).toBe('number');
    expect(list[0]).toMatchObject({ content: '评论11', timestamp: at + 11 });
    expect(typeof first.data.pcursor).toBe('number');
    const second = await signedCall(client, '/rest/cp/creator/comment/commentList', {
      photoId,
      sortType: '',
      selectedComment: false,
      pcursor: first.data.pcursor,
    });
    expect((second.data.list as { content: string }[]).map((c) => c.content)).toEqual(['评论1', '评论0']);
    expect(second.data.pcursor).toBe(-1);
  });

  it('subCommentList has a comment’s replies; add replies with {content, photoId, replyToCommentId, replyTo} → data.commentId', async () => {
    const { name, client } = await account();
    const root = await stage.control.feed({
      platform: 'kuaishou',
      account: name,
      source: 'comment',
      text: '多少钱',
      author: '老铁',
    });
    await stage.control.feed({ platform: 'kuaishou', account: name, source: 'comment', text: '同问', parent: root.id });
    const add = await signedCall(client, '/rest/cp/creator/comment/add', {
      content: '已私信您',
      photoId: root.workId,
      replyToCommentId: Number(root.id),
      replyTo: Number(root.author.id),
    });
    expect(add.result).toBe(1);
    expect(typeof add.data.commentId).toBe('number');
    const subs = await signedCall(client, '/rest/cp/creator/comment/subCommentList', {
      commentId: Number(root.id),
      photoId: root.workId,
    });
    expect((subs.data.list as { content: string }[]).map((c) => c.content)).toEqual(['同问', '已私信您']);
    expect(await stage.control.sent('kuaishou', name)).toEqual([
      expect.objectContaining({ target: root.id, text: '已私信您' }),
    ]);
  });

  it('logged out: the API answers result ≠ 1 and the page goes to the passport login', async () => {
    const out = await siteClient(stage.sandbox.url, 'kuaishou', '');
    const answer = await out.json<{ result: number }>('/rest/cp/creator/comment/photoList', {
      method: 'POST',
      body: '{}',
    });
    expect(answer.result).not.toBe(1);
    const page = await out.call('/article/comment');
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toMatch(
      /^\/kuaishou\/passport\/pc\/account\/login\/\?sid=kuaishou\.web\.cp\.api&callback=/,
    );
  });

  it('risk control answers result ≠ 1 with the platform’s words', async () => {
    const { client } = await account();
    await stage.control.setSwitches('kuaishou', { inboxRisk: 'rate_limit' });
    const limited = await signedCall(client, '/rest/cp/creator/comment/photoList', { pcursor: '' });
    expect(limited.result).not.toBe(1);
    expect(limited.error_msg).toContain('频繁');
  });

  it('photoList pages the works newest first by a numeric pcursor, with commentCount; the drawer loads the next page at its end', async () => {
    const { name, client } = await account();
    for (let i = 0; i < 12; i += 1) {
      await stage.control.addWork({ platform: 'kuaishou', user: name, title: `视频${i}` });
    }
    type Photos = { data: { pcursor: number; list: { photoId: string; title: string; commentCount: number }[] } };
    const first = (await signedCall(client, '/rest/cp/creator/comment/photoList', {
      pcursor: '',
    })) as unknown as Photos;
    expect(first.data.list).toHaveLength(10);
    expect(first.data.list[0]).toMatchObject({ title: '视频11', commentCount: 0 });
    expect(typeof first.data.pcursor).toBe('number');
    const second = (await signedCall(client, '/rest/cp/creator/comment/photoList', {
      pcursor: first.data.pcursor,
    })) as unknown as Photos;
    expect(second.data.list.map((p) => p.title)).toEqual(['视频1', '视频0']);
    expect(second.data.pcursor).toBe(-1);
    const context = await browser.newContext({ locale: 'zh-CN' });
    try {
      await context.request.post(`${stage.sandbox.url}/kuaishou/__sandbox/login`, { data: { account: name } });
      const page = await context.newPage();
      await page.setViewportSize({ width: 1000, height: 300 });
      await page.goto(`${stage.sandbox.url}/kuaishou/article/comment`);
      await page.locator('.comment__header__video-btn').click();
      await expect.poll(() => page.locator('.video-item').count()).toBe(10);
      const more = page.waitForResponse((r) => r.url().includes('/comment/photoList'));
      await page.locator('.drawer__sentinel').scrollIntoViewIfNeeded();
      await more;
      await expect.poll(() => page.locator('.video-item').count()).toBe(12);
      await expect.poll(() => page.locator('.drawer__sentinel').textContent()).toBe('没有更多了');
    } finally {
      await context.close();
    }
  });

  it('the comment page loads pages as the list’s end comes into view, expands replies and replies through 回复/发送', async () => {
    const { name } = await account();
    const at = Date.now() - 100_000;
    let first = '';
    for (let i = 0; i < 12; i += 1) {
      const fed = await stage.control.feed({
        platform: 'kuaishou',
        account: name,
        source: 'comment',
        text: `第${i}条`,
        author: `粉${i}`,
        at: at + i,
      });
      first ||= fed.id;
    }
    await stage.control.feed({ platform: 'kuaishou', account: name, source: 'comment', text: '楼中楼', parent: first });
    const context = await browser.newContext({ locale: 'zh-CN' });
    try {
      await context.request.post(`${stage.sandbox.url}/kuaishou/__sandbox/login`, { data: { account: name } });
      const page = await context.newPage();
      await page.setViewportSize({ width: 1000, height: 400 });
      await page.goto(`${stage.sandbox.url}/kuaishou/article/comment`);
      await page.locator('.comment-item').nth(9).waitFor();
      const more = page.waitForResponse((r) => r.url().includes('/comment/commentList'));
      await page.locator('.auto-load-list__sentinel').scrollIntoViewIfNeeded();
      await more;
      await expect.poll(() => page.locator('.comment-item').count()).toBe(12);
      await expect.poll(() => page.locator('.auto-load-list__sentinel').textContent()).toBe('没有更多了');
      const oldest = page.locator(`.comment-item[data-comment-id="${first}"]`);
      await oldest.locator('.comment-item__content__expand-btn', { hasText: '展开查看1条回复' }).click();
      await oldest.locator('.comment-sub-item', { hasText: '楼中楼' }).waitFor();
      const own = oldest.locator('.comment-item__actions');
      await own.locator('.comment-item__reply-btn').click();
      await own.locator('.comment-reply-box textarea').fill('欢迎咨询');
      await own.locator('.comment-reply-box__submit').click();
      await oldest.locator('.comment-sub-item', { hasText: '欢迎咨询' }).waitFor();
      expect((await stage.control.sent('kuaishou', name)).map((s) => [s.target, s.text])).toEqual([
        [first, '欢迎咨询'],
      ]);
    } finally {
      await context.close();
    }
  });
});
