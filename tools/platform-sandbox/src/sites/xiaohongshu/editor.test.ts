import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { buttonNames, dismissTour, signedIn, startStage, uploaded, type XhsStage } from './test-support.ts';

// The Xiaohongshu editor items of research/connectors.md's imitation list, read off the pages directly.
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

/** A signed-in page with the video uploaded and the tour dismissed: the editor ready. */
async function editor(user: string, beforeLoad?: (p: Page) => Promise<void>): Promise<Page> {
  const p = await signedIn(stage, user);
  pages.push(p);
  await beforeLoad?.(p);
  await uploaded(stage, p);
  await dismissTour(p);
  return p;
}

describe('xiaohongshu sandbox: the editor of the real site', () => {
  it('the body is a TipTap contenteditable whose empty paragraph carries 输入正文描述; no textarea', async () => {
    const p = await editor('xhs-tiptap');
    expect(await p.locator('textarea').count()).toBe(0);
    expect(await p.locator('.tiptap.ProseMirror').getAttribute('contenteditable')).toBe('true');
    await p.locator('p[data-placeholder*="输入正文描述"]').click();
    await p.keyboard.type('春天到了');
    expect(await p.locator('.tiptap').innerText()).toContain('春天到了');
    expect(await p.locator('p[data-placeholder*="输入正文描述"]').count()).toBe(0);
  });

  it('#tag brings #creator-editor-topic-container .item; a pick renders a.tiptap-topic', async () => {
    const p = await editor('xhs-topic');
    await p.locator('.tiptap').click();
    await p.keyboard.type('#新品');
    const item = p.locator('#creator-editor-topic-container .item').first();
    await item.click();
    expect(await p.locator('a.tiptap-topic').innerText()).toBe('#新品[话题]#');
  });

  it('with its switch on, the suggestions never come (the page clock run far past the API delay)', async () => {
    await stage.control.setSwitches('xiaohongshu', { xiaohongshuNoTopicSuggestions: true });
    try {
      const p = await editor('xhs-topic-silent', (page) => page.clock.install());
      await p.locator('.tiptap').click();
      await p.keyboard.type('#新品');
      await p.clock.runFor(30_000);
      expect(await p.locator('#creator-editor-topic-container .item').count()).toBe(0);
      expect(await p.locator('#creator-editor-topic-container').isVisible()).toBe(false);
    } finally {
      await stage.control.reset();
    }
  });

  it('at most 10 topics: an 11th # brings 最多添加10个话题 instead of suggestions', async () => {
    const p = await editor('xhs-topic-max');
    await p.locator('.tiptap').click();
    for (let i = 1; i <= 10; i += 1) {
      await p.keyboard.type(` #话题${i}`);
      await p.locator('#creator-editor-topic-container .item').first().click();
      await p
        .locator('a.tiptap-topic')
        .nth(i - 1)
        .waitFor({ state: 'attached' });
    }
    await p.keyboard.type(' #第十一');
    await p.getByText('最多添加10个话题').waitFor();
    expect(await p.locator('#creator-editor-topic-container').isVisible()).toBe(false);
    expect(await p.locator('a.tiptap-topic').count()).toBe(10);
  });

  it('the cover is a d-modal: 截取封面 first, 上传封面 holds div.upload-wrapper input[type=file], 确定 waits for the image', async () => {
    const p = await editor('xhs-cover', (page) => page.clock.install());
    await p.locator('div.upload-cover').click();
    const modal = p.locator('.d-modal-mask', { has: p.locator('div.upload-wrapper') });
    await modal.waitFor();
    expect(await modal.locator('.d-tab.active').innerText()).toBe('截取封面');
    await modal.locator('.d-tab', { hasText: '上传封面' }).click();
    await p.clock.pauseAt(Date.now() + 60_000); // the image's processing waits for the clock
    await modal.locator('div.upload-wrapper input[type=file]').setInputFiles(stage.cover);
    const ok = modal.locator('.d-modal-footer button', { hasText: '确定' });
    expect(await ok.isDisabled()).toBe(true);
    await p.clock.runFor(5_000);
    await ok.click();
    await modal.waitFor({ state: 'hidden' });
    expect(await p.locator('.cover-name').innerText()).toBe('cover.png');
  });

  it('the 内容来源声明 → 来源转载 declaration asks 请输入媒体名称; its span.d-text labels take no pointer events', async () => {
    const p = await editor('xhs-declaration');
    await p.getByText('添加内容类型声明').click();
    const label = p.locator('.declaration-popover span.d-text', { hasText: '内容来源声明' });
    await expect(label.click({ timeout: 1_000 })).rejects.toThrow(/intercepts pointer events|Timeout/);
    await label.evaluate((el) => (el as HTMLElement).click()); // what SAU does: a click from script
    await p
      .locator('.declaration-popover span.d-text', { hasText: '来源转载' })
      .evaluate((el) => (el as HTMLElement).click());
    await p.locator('input[placeholder="请输入媒体名称"]').fill('新华社');
    await p.getByRole('button', { name: '确认' }).click();
    expect(await p.locator('.declaration-value').innerText()).toBe('来源转载：新华社');
  });

  it('定时发布 is a .d-switch in .custom-switch-card that shows the date input, and the publish control then reads 定时发布', async () => {
    const p = await editor('xhs-schedule');
    expect(await buttonNames(p)).toContain('发布');
    const input = p.locator('.d-datepicker-input-filter input.d-text');
    expect(await input.isVisible()).toBe(false);
    await p.locator('.custom-switch-card', { hasText: '定时发布' }).locator('.d-switch').click();
    await input.waitFor();
    expect(await input.getAttribute('placeholder')).toBe('选择日期和时间');
    expect(await buttonNames(p)).toContain('定时发布');
  });

  it('the publish control is xhs-publish-btn with a closed shadow root: no text selector reaches its button', async () => {
    const p = await editor('xhs-shadow');
    expect(await p.locator('xhs-publish-btn').evaluate((el) => el.shadowRoot)).toBeNull();
    expect(await p.locator('button:text-is("发布")').count()).toBe(0);
    expect(await buttonNames(p)).toContain('发布');
  });
});
