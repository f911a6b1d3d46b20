import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { publishNow, signedIn, startStage, type XhsStage } from './test-support.ts';

// The Xiaohongshu items of research/connectors.md's imitation list after the click: /publish/success,
// the note manager (tabs, noteIds, review states, late posts) and the verification dialogs.
let stage: XhsStage;
const pages: Page[] = [];

beforeAll(async () => {
  stage = await startStage();
});
afterAll(async () => {
  for (const p of pages) {
    await p.context().close();
  }
  await stage?.browser.close();
  await stage?.sandbox.close();
});

async function page(user: string): Promise<Page> {
  const p = await signedIn(stage, user);
  pages.push(p);
  return p;
}

const manager = () => `${stage.base}/new/note-manager?source=official`;

/** Opens the note manager (one read of the list) and returns the cards' titles once drawn. */
async function cardTitles(p: Page, url = manager()): Promise<string[]> {
  await p.goto(url);
  await p.locator('.note-card, .empty').first().waitFor();
  return p.locator('.note-card .note-card__title').allInnerTexts();
}

describe('xiaohongshu sandbox: after the publish click', () => {
  it('the note manager shows a new note only after a delay, as a .note-card with its hex noteId in data-impression, 审核中 then 已发布', async () => {
    const p = await page('xhs-notes');
    await publishNow(stage, p, '春季上新');
    await p.waitForURL(/\/publish\/success\?/);
    const work = (await stage.control.works('xiaohongshu')).find((w) => w.user === 'xhs-notes');
    expect(await cardTitles(p)).toEqual([]); // the first read does not show it yet
    expect(await cardTitles(p)).toEqual(['春季上新']);
    const card = p.locator('.note-card').first();
    const impression = JSON.parse((await card.getAttribute('data-impression')) ?? '{}') as {
      noteTarget?: { value?: { noteId?: string } };
    };
    expect(impression.noteTarget?.value?.noteId).toMatch(/^[0-9a-f]{24}$/);
    expect(impression.noteTarget?.value?.noteId).toBe(work?.id);
    expect(await card.locator('.note-card__status').innerText()).toBe('审核中');
    expect(await p.locator('.tab-item').allInnerTexts()).toEqual(['全部', '已发布', '审核中', '未通过']);
    // Each read ages the note; the 已发布 tab lists it once the review has passed (a click shows
    // 加载中… at once, so the cards waited for are the new read's).
    for (;;) {
      await p.locator('.tab-item', { hasText: '已发布' }).click();
      const published = p.locator('.note-card', { hasText: '春季上新' });
      await p.locator('.note-card, .empty').first().waitFor();
      if ((await published.count()) > 0) {
        expect(await published.locator('.note-card__status').innerText()).toBe('已发布');
        break;
      }
    }
  });

  it('a rejected note is listed under 未通过 and its reason opens in .audit-modal', async () => {
    await stage.control.setSwitches('xiaohongshu', { rejectReview: true, hiddenReads: 0, reviewReads: 0 });
    try {
      const p = await page('xhs-rejected');
      await publishNow(stage, p, '被拒的笔记');
      await p.waitForURL(/\/publish\/success\?/);
      await p.goto(manager());
      await p.locator('.tab-item', { hasText: '未通过' }).click();
      const card = p.locator('.note-card', { hasText: '被拒的笔记' });
      await card.waitFor();
      expect(await card.locator('.note-card__status').innerText()).toBe('未通过');
      await card.getByText('查看原因').click();
      await p.locator('.audit-modal').waitFor();
      expect(await p.locator('.audit-modal').innerText()).toContain('社区规范');
    } finally {
      await stage.control.reset();
    }
  });

  it('an SMS check is a d-modal 短信验证 with a code input; a wrong code is refused, the right one publishes', async () => {
    await stage.control.setSwitches('xiaohongshu', { verify: 'sms' });
    try {
      const p = await page('xhs-sms');
      await publishNow(stage, p, '短信验证');
      const modal = p.locator('.d-modal-mask', { hasText: '短信验证' });
      await modal.waitFor();
      await modal.locator('input[placeholder="请输入验证码"]').fill('000000');
      await modal.getByRole('button', { name: '确定' }).click();
      await modal.getByText('验证码错误').waitFor();
      const { code } = await stage.control.code('xiaohongshu', 'xhs-sms');
      await modal.locator('input[placeholder="请输入验证码"]').fill(code);
      await modal.getByRole('button', { name: '确定' }).click();
      await p.waitForURL(/\/publish\/success\?/);
    } finally {
      await stage.control.reset();
    }
  });

  it('a captcha is a d-modal 图形验证码 with its image; real-name is a d-modal 实名认证 with a QR that publishes once scanned', async () => {
    await stage.control.setSwitches('xiaohongshu', { verify: 'captcha' });
    try {
      const p = await page('xhs-captcha');
      await publishNow(stage, p, '图形验证');
      const captcha = p.locator('.d-modal-mask', { hasText: '图形验证码' });
      await captcha.waitFor();
      expect(await captcha.locator('img').getAttribute('src')).toMatch(/^data:image\//);
      await stage.control.setSwitches('xiaohongshu', { verify: 'real_name' });
      const q = await page('xhs-real-name');
      await publishNow(stage, q, '实名认证');
      const realName = q.locator('.d-modal-mask', { hasText: '实名认证' });
      await realName.waitFor();
      expect(await realName.locator('input[placeholder="请输入验证码"]').isVisible()).toBe(false);
      await stage.control.scan((await realName.locator('img').getAttribute('src')) ?? '');
      await q.waitForURL(/\/publish\/success\?/);
    } finally {
      await stage.control.reset();
    }
  });
});
