import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import type { LoginResult } from '@vidmatrix/contract/api/auth';
import { AccountApi } from '@vidmatrix/contract/api/enterprise-account';
import { TOKEN_HEADER } from '@vidmatrix/contract/constants';
import type { Envelope } from '@vidmatrix/contract/envelope';
import { Msg } from '@vidmatrix/contract/messages';
import { sandboxControl } from '@vidmatrix/platform-sandbox/client';
import { startSandbox, type Sandbox } from '@vidmatrix/platform-sandbox/server';
import { startRunner, type RunnerHandle } from '@vidmatrix/publisher/runner/runner-loop';
import { sandboxOptions, tempDir } from '@vidmatrix/publisher/test-support';
import { AccountsPage } from './pages/accounts-page.ts';
import { expect, test } from './support/fixtures.ts';
import { signInNewMember } from './support/members.ts';

const repoRoot = join(import.meta.dirname, '..', '..', '..');
const shot = (name: string) => join(repoRoot, 'test-results', 'runner-auth-shots', `${name}.png`);
const DOUYIN = 1;
const XIAOHONGSHU = 3;

async function api<T>(request: APIRequestContext, token: string, url: string, data: object = {}): Promise<T> {
  const response = await request.post(url, { headers: { [TOKEN_HEADER]: token }, data });
  const body = (await response.json()) as Envelope<T>;
  expect(body.code, body.msg).toBe(200);
  return body.data;
}

let sandbox: Sandbox | undefined;
let runner: RunnerHandle | undefined;

test.afterAll(async () => {
  // Stopping closes the browser of a login still waiting for its scan.
  test.setTimeout(120_000);
  await runner?.stop();
  await sandbox?.close();
});

test('a member authorizes an account in the browser by scanning the QR their runner relays', async ({
  page,
  request,
  baseURL,
}) => {
  // Chromium for the page and Chromium for the runner on a loaded two-core machine: slow is not broken.
  test.setTimeout(300_000);
  const member = await signInNewMember(page, request, 'e2e_ra_');
  const login = await request.post('/api/member.Login/login', { data: { account: member, password: 'member123456' } });
  const token = ((await login.json()) as Envelope<LoginResult>).data.ApiToken;
  const nickname = '扫码授权号';
  const { enterprise_account_id: accountId } = await api<{ enterprise_account_id: number }>(
    request,
    token,
    AccountApi.add,
    { nickname, platform_id: DOUYIN },
  );

  // A Xiaohongshu account posts on its own login too: §5.4 lists no authorization for it, the console offers one.
  await api(request, token, AccountApi.add, { nickname: '小红书授权号', platform_id: XIAOHONGSHU });

  const accounts = new AccountsPage(page);
  await accounts.open();
  await expect(accounts.row(nickname)).toContainText('未授权');
  // No runner online yet: the browser cannot authorize by itself.
  await accounts.rowAction(nickname, '重新授权');
  await expect(accounts.toast(Msg.clientOnly)).toBeVisible();
  await accounts.row('小红书授权号').getByRole('button', { name: '更多' }).click();
  await expect(page.locator('.ant-dropdown:visible').getByRole('menuitem', { name: '重新授权' })).toBeVisible();
  await page.keyboard.press('Escape');

  // The member's runner (a headless one on a server) against the platform sandbox.
  sandbox = await startSandbox();
  const control = sandboxControl(sandbox.url);
  const { token: runnerToken } = await api<{ token: string }>(request, token, '/api/runner.Runner/create', {
    name: '服务器发布器',
  });
  const workDir = await tempDir('e2e-runner-auth');
  runner = startRunner({
    serverUrl: baseURL ?? '',
    token: runnerToken,
    workDir,
    claimWaitMs: 2_000,
    publisher: sandboxOptions(sandbox.url, join(workDir, 'artefacts')),
  });
  await expect
    .poll(
      async () =>
        (await api<{ list: { online: boolean }[] }>(request, token, '/api/runner.Runner/list')).list.some(
          (r) => r.online,
        ),
      { timeout: 120_000 },
    )
    .toBe(true);

  await accounts.rowAction(nickname, '重新授权');
  const dialog = page.getByTestId('runner-auth-dialog');
  const qr = page.getByTestId('runner-auth-qr');
  await expect(qr).toBeVisible({ timeout: 120_000 });
  await expect(dialog).toContainText('请使用抖音App扫码登录');
  await page.screenshot({ path: shot('1-qr-relayed') });

  // The phone scans the QR shown in the console (the sandbox reads the ticket from the image).
  const image = await qr.getAttribute('src');
  expect(image).toMatch(/^data:image\//);
  await control.scan(image ?? '', `e2e-${member}`);
  await expect(dialog).toHaveAttribute('data-state', 'done', { timeout: 120_000 });
  await expect(dialog).toContainText(Msg.authSuccess);
  await page.screenshot({ path: shot('2-authorized') });
  await page.getByTestId('runner-auth-close').click();
  await expect(accounts.row(nickname)).toContainText('已授权');

  // Later a login check finds the stored login gone (status 2): the page names the account to authorize again.
  await api(request, token, AccountApi.authCkAllStatus, { enterprise_account_id: [accountId], cookie_auth_status: 2 });
  await page.reload();
  const alert = page.getByTestId('reauth-alert');
  await expect(alert).toContainText(nickname);
  await page.screenshot({ path: shot('3-needs-reauthorization') });
  await alert.getByText(`重新授权「${nickname}」`).click();
  // The profile may still hold a login on the platform (then it lands at once) or show a new QR.
  await expect.poll(() => dialog.getAttribute('data-state'), { timeout: 120_000 }).toMatch(/^(qr|done)$/);
  await page.getByTestId('runner-auth-close').click();
});
