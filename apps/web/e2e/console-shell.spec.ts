import { ConsolePath } from '@vidmatrix/contract/console-paths';
import { ConsolePage } from './pages/console-page.ts';
import { expect, test } from './support/fixtures.ts';
import { openInApp } from './support/in-app.ts';
import { seedMemberRows } from './support/member-rows.ts';
import { signInNewMember } from './support/members.ts';

/** THEME_COLOR_TEXT as the browser computes it. */
const LINK_COLOR = 'rgb(136, 72, 232)';

/** The two desktop sizes members use most. */
const VIEWPORTS = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
];

for (const viewport of VIEWPORTS) {
  test(`at ${viewport.width}×${viewport.height} no page's content draws over the navbar or status bar when scrolled`, async ({
    page,
    request,
  }, info) => {
    // Every sidebar page, each to its network's rest, on a shared two-core machine.
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    await signInNewMember(page, request, `shell${viewport.width}`);
    await seedMemberRows(request, await page.evaluate(() => localStorage.getItem('memberToken') ?? ''));
    await page.goto('/dashboard');
    const console = new ConsolePage(page);
    const paths = await console.sidebarPaths();
    const covered: string[] = [];
    for (const path of paths) {
      await openInApp(page, path);
      // The router keeps the last page on screen until the new one's code has loaded.
      await expect(console.sidebar.locator(`a[role="menuitem"][href="${path}"]`)).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(page.getByRole('status', { name: '加载中' })).toHaveCount(0);
      await page.waitForLoadState('networkidle');
      // The current page's menu item is in view, even the last AI staff on a 768 px window.
      const item = await console.sidebar.locator('a[role="menuitem"][aria-current="page"]').boundingBox();
      if ((item?.y ?? 0) < 64 || (item?.y ?? 0) + (item?.height ?? 0) > viewport.height) {
        covered.push(`${path}: menu item out of view at y ${item?.y}`);
      }
      const hits = await console.barsCovered();
      if (hits.length > 0) {
        covered.push(`${path}: ${hits.join(', ')}`);
      }
      await page.screenshot({ path: info.outputPath(`${viewport.width}${path.replace(/[/?=]/g, '-')}.png`) });
    }
    expect(covered).toEqual([]);

    // The material grid fills the window down to its pager, which sits above the status bar unscrolled.
    await openInApp(page, ConsolePath.materials);
    await expect(page.getByTestId('material-card').first()).toBeVisible();
    const pager = page.locator('.ant-pagination').last();
    await expect(pager).toBeVisible();
    const bar = await console.statusBar.boundingBox();
    const pagerBox = await pager.boundingBox();
    expect((pagerBox?.y ?? 0) + (pagerBox?.height ?? 0)).toBeLessThanOrEqual(bar?.y ?? 0);
    expect(await console.verticalOverflow()).toBeLessThanOrEqual(1);
    await page.screenshot({ path: info.outputPath(`${viewport.width}-materials-fill.png`) });
    // The seeded member has a group (its clip's) and no tag: the empty section says how to make one.
    await page.getByRole('button', { name: '分组/标签管理' }).click();
    const manage = page.getByRole('dialog', { name: '分组/标签管理' });
    await expect(manage.getByText('还没有标签，可点击「添加标签」创建')).toBeVisible();
    await expect(manage.getByText('还没有分组')).toHaveCount(0);
    await page.screenshot({ path: info.outputPath(`${viewport.width}-materials-manage.png`) });
    await page.keyboard.press('Escape');

    // In-page links look like links (the theme's purple), not like the words around them.
    await openInApp(page, ConsolePath.customerLeads);
    await expect(page.getByRole('link', { name: '王女士' }).first()).toHaveCSS('color', LINK_COLOR);
    // A message too long for its column ends in … and shows whole on hover, instead of being cut off.
    const source = page.getByTestId('lead-source-content').first();
    await expect(source).toHaveCSS('text-overflow', 'ellipsis');
    await expect(source).toHaveAttribute('title', /13912345678/);
    await openInApp(page, ConsolePath.aiData);
    await expect(page.getByRole('link', { name: '管理素材' })).toHaveCSS('color', LINK_COLOR);

    // The chat's three panels fill the window: the reply box is above the status bar, the page unscrolled.
    await openInApp(page, ConsolePath.customerChat);
    const reply = page.getByRole('button', { name: '发送' });
    await expect(reply).toBeVisible();
    const replyBox = await reply.boundingBox();
    expect((replyBox?.y ?? 0) + (replyBox?.height ?? 0)).toBeLessThanOrEqual(bar?.y ?? 0);
    expect(await console.verticalOverflow()).toBeLessThanOrEqual(1);
  });
}
