import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { AccountApi } from '@vidmatrix/contract/api/enterprise-account';
import type { LoginResult } from '@vidmatrix/contract/api/auth';
import type { RunnerListResult } from '@vidmatrix/contract/api/publish';
import type { Envelope } from '@vidmatrix/contract/envelope';
import { Msg } from '@vidmatrix/contract/messages';
import { sandboxControl } from '@vidmatrix/platform-sandbox/client';
import { startSandbox, type Sandbox } from '@vidmatrix/platform-sandbox/server';
import { AccountsPage } from './pages/accounts-page.ts';
import { PublishPage } from './pages/publish-page.ts';
import { expect, test } from './support/fixtures.ts';
import { signInNewMember } from './support/members.ts';
import { OwnServer } from './support/own-server.ts';
import { agreeWithToken } from './support/policy.ts';

const repoRoot = join(import.meta.dirname, '..', '..', '..');
const shotDir = join(repoRoot, 'test-results', 'runner-hosting-shots');
const DOUYIN = 1;

/** Screenshots of the screen at desktop (1440) and phone (390) widths, then back to desktop. */
async function shots(page: Page, name: string): Promise<void> {
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: join(shotDir, `${name}-${width}.png`), fullPage: true });
  }
}

test.describe('without a runner', () => {
  test('the account page and 批量发布 say what to do, in member words', async ({ page, request }) => {
    await signInNewMember(page, request, 'e2e_nr_');
    const accounts = new AccountsPage(page);
    await accounts.open();
    await expect(accounts.guidance).toContainText(Msg.runnerNoneTitle);
    await expect(accounts.guidance).toContainText(Msg.runnerNoneOperator);
    await shots(page, '1-accounts-no-runner');

    const publish = new PublishPage(page);
    await publish.open('runners');
    await expect(publish.guidance).toContainText(Msg.runnerNoneTitle);
    await expect(publish.serverRunners).toContainText('平台暂未运行服务器发布器');
    await expect(publish.ownRunners).toContainText('登录桌面客户端后');
    // No command line reaches a member's screen.
    await expect(page.getByText('npm run', { exact: false })).toHaveCount(0);
    await shots(page, '2-runners-tab-no-runner');
  });
});

test.describe('with a server runner', () => {
  let sandbox: Sandbox;
  // A server of this spec's own running one server runner against the platform sandbox.
  let server: OwnServer;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    sandbox = await startSandbox();
    server = new OwnServer(Number(process.env.E2E_PORT ?? 18080) + 8, 'own-demo-123', {
      RUNNERS: '1',
      RUNNER_CONNECTOR_BASE: sandbox.url,
    });
    await server.start();
  });
  test.afterAll(async () => {
    test.setTimeout(120_000);
    await server.stop();
    await sandbox.close();
  });

  test('重新授权 in a plain browser shows the QR the server runner relays, and the 发布器 tab lists it', async ({
    page,
    request,
  }) => {
    // Chromium for the page and Chromium for the runner on a loaded two-core machine: slow is not broken.
    test.setTimeout(300_000);
    const api = async <T>(path: string, token: string | null, data: object = {}): Promise<T> => {
      const res = await request.post(`${server.baseURL}${path}`, {
        headers: token ? { memberToken: token } : {},
        data,
      });
      const body = (await res.json()) as Envelope<T>;
      expect(body.code, body.msg).toBe(200);
      return body.data;
    };
    const { ApiToken: token } = await api<LoginResult>('/api/member.Login/login', null, {
      account: 'demo',
      password: server.demoPassword,
    });
    const nickname = '服务器扫码号';
    await api(AccountApi.add, token, { nickname, platform_id: DOUYIN });
    await expect
      .poll(
        async () =>
          (await api<RunnerListResult>('/api/runner.Runner/list', token)).list.some(
            (r) => r.kind === 'server' && r.online,
          ),
        { timeout: 120_000 },
      )
      .toBe(true);

    await agreeWithToken(server.baseURL, token);
    await page.goto(`${server.baseURL}/home`);
    await page.evaluate((t) => {
      localStorage.setItem('memberToken', t);
      localStorage.setItem('username', 'demo');
    }, token);
    await page.goto(`${server.baseURL}/account/index`);
    const accounts = new AccountsPage(page);
    await accounts.root.waitFor();
    await expect(accounts.row(nickname)).toContainText('未授权');
    await expect(accounts.guidance).toHaveCount(0);

    await accounts.rowAction(nickname, '重新授权');
    const dialog = page.getByTestId('runner-auth-dialog');
    const qr = page.getByTestId('runner-auth-qr');
    await expect(qr).toBeVisible({ timeout: 120_000 });
    await expect(dialog).toContainText('请使用抖音App扫码登录');
    await shots(page, '3-qr-from-server-runner');

    // The phone scans the QR shown in the console (the sandbox reads the ticket from the image).
    const image = await qr.getAttribute('src');
    expect(image).toMatch(/^data:image\//);
    await sandboxControl(sandbox.url).scan(image ?? '', 'e2e-server-runner');
    await expect(dialog).toHaveAttribute('data-state', 'done', { timeout: 120_000 });
    await expect(dialog).toContainText(Msg.authSuccess);
    await page.getByTestId('runner-auth-close').click();
    await expect(accounts.row(nickname)).toContainText('已授权');

    await page.goto(`${server.baseURL}/publish/batch?tab=runners`);
    const publish = new PublishPage(page);
    await expect(publish.serverRunners).toContainText('服务器发布器 1');
    await expect(publish.serverRunners).toContainText('在线');
    await expect(publish.serverRunners).toContainText('未检查');
    await expect(publish.guidance).toHaveCount(0);
    await shots(page, '4-runners-tab-server-runner');
  });
});
