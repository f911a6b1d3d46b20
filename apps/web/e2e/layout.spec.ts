import { AI_STAFF_MENU_IDS } from '@vidmatrix/contract/constants';
import { ConsolePath } from '@vidmatrix/contract/console-paths';
import { Msg } from '@vidmatrix/contract/messages';
import { ConsolePage } from './pages/console-page.ts';
import { expect, test } from './support/fixtures.ts';
import { seedMemberRows } from './support/member-rows.ts';
import { openInApp } from './support/in-app.ts';
import { signInNewMember } from './support/members.ts';

/** Each list page of a new member, with the first action its empty state offers. */
const EMPTY_LISTS = [
  { path: ConsolePath.accounts, action: '添加账号' },
  { path: ConsolePath.materials, action: '上传素材' },
  { path: `${ConsolePath.batchPublish}?tab=list`, action: '新建发布' },
  { path: ConsolePath.clipTasks, action: Msg.clipNewTask },
  { path: ConsolePath.customerLeads, action: '查看客户消息' },
];

test('the sidebar open/closed state survives a reload', async ({ page, signedIn }) => {
  expect(signedIn.ApiToken).toBeTruthy();
  await page.goto('/dashboard');
  const console = new ConsolePage(page);
  await expect(console.sidebar).toHaveAttribute('data-collapsed', '0');

  await console.toggle.click();
  await expect(console.sidebar).toHaveAttribute('data-collapsed', '1');
  expect(await page.evaluate(() => localStorage.getItem('sidebarStatus'))).toBe('0');
  await page.reload();
  await expect(console.sidebar).toHaveAttribute('data-collapsed', '1');

  await console.toggle.click();
  await page.reload();
  await expect(console.sidebar).toHaveAttribute('data-collapsed', '0');
  expect(await page.evaluate(() => localStorage.getItem('sidebarStatus'))).toBe('1');
});

test('AI staff menus sit under AI智能体员工, the rest in the main menu', async ({ page, signedIn }) => {
  expect(signedIn.ApiToken).toBeTruthy();
  await page.goto('/dashboard');
  const console = new ConsolePage(page);
  await expect(console.aiStaffSection).toBeVisible();
  await expect(console.sidebar.getByRole('menuitem', { name: '账号管理' })).toBeVisible();
  await expect(console.sidebar.getByRole('menuitem', { name: /AI\S+员工/ })).toHaveCount(AI_STAFF_MENU_IDS.length);
  await expect(console.unreadBadge).toHaveAttribute('href', '/customer/chat');
});

test('the user menu opens debug and system settings', async ({ page, signedIn }) => {
  expect(signedIn.ApiToken).toBeTruthy();
  await page.goto('/dashboard');
  const console = new ConsolePage(page);
  await console.pickUserMenu('调试设置');
  await expect(page).toHaveURL(/\/debugger$/);
  await console.pickUserMenu('系统设置');
  await expect(page).toHaveURL(/\/chromiumPath$/);
  // In a browser the desktop-only page says so in the §8 words.
  await expect(page.getByText(Msg.clientOnly)).toBeVisible();
});

test('marketing pages have no sidebar or status bar', async ({ page, signedIn }) => {
  expect(signedIn.ApiToken).toBeTruthy();
  await page.goto('/home');
  const console = new ConsolePage(page);
  await expect(page.getByRole('navigation', { name: '主导航' })).toBeVisible();
  await expect(console.sidebar).toHaveCount(0);
  await expect(console.statusBar).toHaveCount(0);
  await expect(page.getByTestId('site-user')).toBeVisible();
});

test('an empty list says what the page is for and offers its first action', async ({ page, request }, info) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInNewMember(page, request, 'empty');
  for (const [index, { path, action }] of EMPTY_LISTS.entries()) {
    await (index === 0 ? page.goto(path) : openInApp(page, path));
    const empty = page.getByTestId('empty-state');
    await expect(empty.getByRole('button', { name: action })).toBeVisible();
    await page.screenshot({ path: info.outputPath(`empty${path.replace(/[/?=]/g, '-')}.png`) });
  }
  // The batch list's action opens the form on the same page.
  await openInApp(page, `${ConsolePath.batchPublish}?tab=list`);
  await page.getByTestId('empty-state').getByRole('button', { name: '新建发布' }).click();
  await expect(page.getByRole('tab', { name: '新建发布' })).toHaveAttribute('aria-selected', 'true');
});

test('the leads toolbar keeps 导出 on its row at 1440 px', async ({ page, request }, info) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInNewMember(page, request, 'leads1440');
  await seedMemberRows(request, await page.evaluate(() => localStorage.getItem('memberToken') ?? ''));
  await page.goto(ConsolePath.customerLeads);
  const exportButton = page.getByTestId('lead-export');
  await expect(exportButton).toBeVisible();
  const filter = await page.getByTestId('lead-status-filter').boundingBox();
  const button = await exportButton.boundingBox();
  // One line of text, on the filters' row.
  expect(button?.height).toBeLessThanOrEqual(40);
  expect(
    Math.abs((button?.y ?? 0) + (button?.height ?? 0) / 2 - ((filter?.y ?? 0) + (filter?.height ?? 0) / 2)),
  ).toBeLessThanOrEqual(4);
  await page.screenshot({ path: info.outputPath('leads-1440.png') });
});

test.describe('mobile', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the sidebar becomes a drawer opened by the hamburger', async ({ page, signedIn }) => {
    expect(signedIn.ApiToken).toBeTruthy();
    await page.goto('/dashboard');
    const console = new ConsolePage(page);
    await expect(console.sidebar).toBeHidden();
    await console.toggle.click();
    await expect(console.sidebar).toBeVisible();
    await expect(console.sidebar).toHaveAttribute('data-mobile', '1');
    await console.sidebar.getByRole('menuitem', { name: '账号管理' }).click();
    await expect(page).toHaveURL(/\/account\/index$/);
    await expect(console.sidebar).toBeHidden();
  });

  test('the public header collapses into a menu button', async ({ page }) => {
    await page.goto('/home');
    const nav = page.getByRole('navigation', { name: '主导航' });
    await expect(nav).toBeHidden();
    await page.getByRole('button', { name: '打开菜单' }).click();
    await expect(nav).toBeVisible();
    await nav.getByRole('link', { name: 'APP下载' }).click();
    await expect(page).toHaveURL(/\/download$/);
  });

  test('no console page in the sidebar scrolls sideways at 390 px; lists are cards', async ({
    page,
    signedIn,
  }, info) => {
    // Some twenty pages, each to its network's rest, on a shared two-core machine.
    test.setTimeout(150_000);
    expect(signedIn.ApiToken).toBeTruthy();
    await page.goto('/dashboard');
    const console = new ConsolePage(page);
    const paths = await console.sidebarPaths();
    expect(paths).toContain(ConsolePath.customerLeads);
    const wide: string[] = [];
    for (const path of paths) {
      await openInApp(page, path);
      // Tables widen when their rows arrive: measure once the route and its requests have settled.
      await expect(page.getByRole('status', { name: '加载中' })).toHaveCount(0);
      await page.waitForLoadState('networkidle');
      const overflow = await console.sidewaysOverflow();
      if (overflow > 1) {
        wide.push(`${path} +${overflow}px`);
      }
    }
    // The three lists that were wide tables are cards on a phone; the screenshots are for a person to look at.
    for (const path of [ConsolePath.customerLeads, ConsolePath.clipTasks]) {
      await openInApp(page, path);
      await expect(page.getByRole('status', { name: '加载中' })).toHaveCount(0);
      await expect(page.locator('.ant-table')).toHaveCount(0);
      await page.screenshot({ path: info.outputPath(`phone${path.replaceAll('/', '-')}.png`), fullPage: true });
    }
    await page.goto(ConsolePath.batchPublish);
    await page.getByRole('tab', { name: '发布记录' }).click();
    await expect(page.locator('.ant-tabs-tabpane-active .ant-table')).toHaveCount(0);
    await page.screenshot({ path: info.outputPath('phone-publish-records.png'), fullPage: true });
    expect(wide).toEqual([]);
  });

  test('lists with rows are cards with a ⋯ menu; the material filters wait in a drawer', async ({
    page,
    request,
  }, info) => {
    test.setTimeout(120_000);
    await signInNewMember(page, request, 'cards');
    await seedMemberRows(request, await page.evaluate(() => localStorage.getItem('memberToken') ?? ''));
    const console = new ConsolePage(page);
    for (const path of [ConsolePath.customerLeads, ConsolePath.clipTasks, `${ConsolePath.batchPublish}?tab=list`]) {
      await page.goto(path);
      await expect(page.locator('.ant-card .ant-card').first()).toBeVisible();
      expect(await console.sidewaysOverflow()).toBeLessThanOrEqual(1);
      await page.screenshot({ path: info.outputPath(`rows${path.replace(/[/?=]/g, '-')}.png`), fullPage: true });
    }
    // The clip task card's actions are in its ⋯ menu.
    await page.goto(ConsolePath.clipTasks);
    await page.getByRole('button', { name: '操作' }).first().click();
    await expect(page.getByRole('menuitem', { name: '删除' })).toBeVisible();
    await page.screenshot({ path: info.outputPath('rows-clip-menu.png') });

    await page.goto(ConsolePath.materials);
    await expect(page.getByTestId('material-card').first()).toBeVisible();
    await expect(page.getByRole('combobox', { name: '分组' })).toBeHidden();
    // The four batch buttons (three rows before) fold into one menu: 筛选, 添加 and 批量 share one row.
    const row = [
      page.getByTestId('material-filters'),
      page.getByTestId('material-add'),
      page.getByTestId('material-batch-menu'),
    ];
    const tops = await Promise.all(row.map(async (button) => (await button.boundingBox())?.y ?? -1));
    expect(new Set(tops).size, `tops ${tops.join(', ')}`).toBe(1);
    await page.screenshot({ path: info.outputPath('rows-materials.png') });
    await page.getByTestId('material-batch-menu').click();
    for (const item of ['批量删除', '批量分组', '批量标签']) {
      await expect(page.getByRole('menuitem', { name: item })).toBeVisible();
    }
    await page.screenshot({ path: info.outputPath('rows-materials-batch-menu.png') });
    // Nothing chosen yet: the menu says so instead of opening the dialog.
    await page.getByRole('menuitem', { name: '批量分组' }).click();
    await expect(page.getByText(Msg.chooseMaterial)).toBeVisible();
    await page.getByTestId('material-filters').click();
    const drawer = page.getByRole('dialog', { name: '筛选素材' });
    await expect(drawer.getByRole('combobox', { name: '分组' })).toBeVisible();
    await page.screenshot({ path: info.outputPath('rows-materials-filters.png') });
  });
});
