import { join } from 'node:path';
import type { Route } from '@playwright/test';
import { AiStaffApi } from '@vidmatrix/contract/api/ai-staff';
import { ConsolePage } from './pages/console-page.ts';
import { opened } from './support/antd.ts';
import { apiLogout, expect, test } from './support/fixtures.ts';

const shotDir = join(import.meta.dirname, '..', '..', '..', 'test-results', 'site-shots');

const MEMBER_INFO = '**/api/member.Member/info';

/** An envelope answer with its HTTP status, as a busy server or proxy gives it. */
function busy(status: number) {
  return (route: Route) =>
    route.fulfill({
      status,
      contentType: 'application/json',
      body: JSON.stringify({ code: status, msg: '服务繁忙', data: null }),
    });
}

test.describe('without a token', () => {
  test('console pages redirect to /homeLogin?redirect=', async ({ page }) => {
    await page.goto('/setting');
    await expect(page).toHaveURL(/\/homeLogin\?redirect=\/setting$/);
    await page.goto('/customer/chat');
    await expect(page).toHaveURL(/\/homeLogin\?redirect=\/customer\/chat$/);
  });

  test('whitelisted pages open, / goes to /home', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('让AI替你获客');
    await page.goto('/download');
    await expect(page).toHaveURL(/\/download$/);
    await page.goto('/changeLog');
    await expect(page.getByRole('heading', { level: 1, name: '更新日志' })).toBeVisible();
  });

  test('/dashboard shows the AI获客智能体 intro with a 登录 button', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'AI获客智能体' })).toBeVisible();
    await page.getByRole('link', { name: '登录', exact: true }).last().click();
    await expect(page).toHaveURL(/\/homeLogin\?redirect=\/dashboard$/);
  });
});

test.describe('with a token', () => {
  test('/homeLogin goes to / (and on to /home)', async ({ page, signedIn }) => {
    expect(signedIn.ApiToken).toBeTruthy();
    await page.goto('/homeLogin');
    await expect(page).toHaveURL(/\/home$/);
    // The pre-rendered sign-in HTML gave way to the home page (rendered anew, not hydrated over it).
    await expect(page.getByRole('heading', { level: 1 })).toContainText('让AI替你获客');
    await expect(page.getByPlaceholder('请输入账号')).toHaveCount(0);
  });

  test('an unknown path goes to /404', async ({ page, signedIn }) => {
    expect(signedIn.ApiToken).toBeTruthy();
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole('heading', { name: '页面不存在' })).toBeVisible();
  });

  test('server menus become routes; an AI staff menu opens the feature it presents', async ({ page, signedIn }) => {
    expect(signedIn.ApiToken).toBeTruthy();
    // A server menu (SPEC §2.1 names /customer/chat) is a route of the console once menus load.
    await page.goto('/customer/chat');
    await expect(page).toHaveURL(/\/customer\/chat$/);
    await expect(page.getByRole('heading', { name: '客户消息' }).first()).toBeVisible();
    await expect(page.getByTestId('sidebar')).toBeVisible();
    // An AI staff menu: its header, then the feature it presents (menus with no screen get the coming
    // page, route-registry.test.ts).
    await page.goto('/ai/publish');
    await expect(page.getByTestId('ai-staff-header').getByRole('heading', { name: 'AI发布员工' })).toBeVisible();
    await expect(page.getByText('功能建设中')).toHaveCount(0);
    await expect(page.getByTestId('publish-empty').or(page.getByTestId('publish-overview'))).toBeVisible();
    for (const [width, height] of [
      [1440, 900],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: join(shotDir, `ai-publish-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.getByTestId('ai-staff-header').getByRole('link', { name: '剪辑任务' }).click();
    await expect(page).toHaveURL(/\/clip\/TaskList$/);
  });

  test('a revoked token shows 提示 with 重新登录, which leads back to sign-in', async ({ page, request, signedIn }) => {
    await page.goto('/setting');
    await expect(page.getByText('确认新密码')).toBeVisible();
    await apiLogout(request, signedIn.ApiToken);

    // The next call the page makes answers 401. A call of its own (a refresh) may get there first and
    // raise the alert over the form, so the submit is dispatched, not clicked: the alert shows once either way.
    await page.getByPlaceholder('请输入原密码').fill('whatever1');
    await page.getByPlaceholder('6-64位新密码').fill('newpassword1');
    await page.getByPlaceholder('再次输入新密码').fill('newpassword1');
    await page.getByRole('button', { name: '确认修改' }).dispatchEvent('click');

    const alert = page.getByRole('dialog');
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('提示');
    // The alert focuses its button once open; a click while antd still zooms it in can miss it.
    await opened(alert);
    await alert.getByRole('button', { name: '重新登录' }).press('Enter');
    await expect(page).toHaveURL(/\/homeLogin\?redirect=\/setting$/);
    await expect(page.getByPlaceholder('请输入账号')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('memberToken'))).toBeNull();
  });

  test('a revoked token on reload clears the session and goes to /home?redirect=', async ({
    page,
    request,
    signedIn,
  }) => {
    await apiLogout(request, signedIn.ApiToken);
    await page.goto('/setting');
    await expect(page).toHaveURL(/\/home\?redirect=\/setting$/);
    expect(await page.evaluate(() => localStorage.getItem('memberToken'))).toBeNull();
    await expect(new ConsolePage(page).sidebar).toHaveCount(0);
  });
});

test.describe('user info failing transiently (issue 13 item 9)', () => {
  const failures: [string, (route: Route) => Promise<void>][] = [
    ['503', busy(503)],
    ['429', busy(429)],
    ['a dropped connection', (route) => route.abort('connectionreset')],
  ];
  for (const [name, fail] of failures) {
    test(`${name} once: tried again, the member stays signed in`, async ({ page, signedIn }) => {
      let failed = 0;
      await page.route(MEMBER_INFO, async (route) => {
        if (failed === 0) {
          failed += 1;
          await fail(route);
        } else {
          await route.continue();
        }
      });
      await page.goto('/setting');
      await expect(page.getByText('确认新密码')).toBeVisible();
      await expect(page).toHaveURL(/\/setting$/);
      await expect(new ConsolePage(page).sidebar).toBeVisible();
      expect(failed).toBe(1);
      expect(await page.evaluate(() => localStorage.getItem('memberToken'))).toBe(signedIn.ApiToken);
    });
  }

  test('failing on every try: an error page with 重新加载, still signed in', async ({ page, signedIn }) => {
    // Every try is refused: the request layer's bounded backoff (about 15 s) runs out first.
    test.slow();
    await page.route(MEMBER_INFO, busy(503));
    await page.goto('/setting');
    // The route's error text (the request layer's toast says the same without the prefix).
    await expect(page.getByRole('alert').filter({ hasText: /^页面加载失败/ })).toHaveText('页面加载失败：服务繁忙', {
      timeout: 60_000,
    });
    expect(await page.evaluate(() => localStorage.getItem('memberToken'))).toBe(signedIn.ApiToken);

    // The server recovers: 重新加载 opens the page the member asked for.
    await page.unroute(MEMBER_INFO);
    await page.getByRole('button', { name: '重新加载' }).click();
    await expect(page.getByText('确认新密码')).toBeVisible();
    await expect(page).toHaveURL(/\/setting$/);
  });
});

test.describe('a read-only call whose server was lost (issue 27)', () => {
  const failures: [string, (route: Route) => Promise<void>][] = [
    [
      'a proxy’s 502',
      (route) =>
        route.fulfill({ status: 502, contentType: 'text/html', body: '<html><h1>502 Bad Gateway</h1></html>' }),
    ],
    ['a dropped connection', (route) => route.abort('connectionreset')],
  ];
  for (const [name, fail] of failures) {
    test(`after ${name} it is sent again: the page loads without an error`, async ({ page, signedIn }) => {
      expect(signedIn.ApiToken).toBeTruthy();
      let calls = 0;
      await page.route(`**${AiStaffApi.publish}`, async (route) => {
        calls += 1;
        await (calls === 1 ? fail(route) : route.continue());
      });
      await page.goto('/ai/publish');
      await expect(page.getByTestId('publish-empty').or(page.getByTestId('publish-overview'))).toBeVisible();
      expect(calls).toBe(2);
      await expect(page.locator('.ant-message-notice')).toHaveCount(0);
      await expect(page.getByText('发布概况加载失败')).toHaveCount(0);
    });
  }
});

test('a route chunk that fails to load says so in Chinese, with 重新加载', async ({ page }) => {
  await page.route('**/assets/download-page-*.js', (route) => route.abort());
  await page.goto('/download');
  // SPEC §8's "Router {error}" in member words: the browser's English reason goes to the console only.
  await expect(page.getByRole('alert')).toHaveText('页面加载失败：网络连接失败，请检查网络后重试');
  await expect(page.getByRole('button', { name: '重新加载' })).toBeVisible();
});
