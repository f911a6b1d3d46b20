import { join } from 'node:path';
import { AccountApi } from '@vidmatrix/contract/api/enterprise-account';
import { Msg } from '@vidmatrix/contract/messages';
import { AccountsPage } from './pages/accounts-page.ts';
import { expect, test } from './support/fixtures.ts';
import { memberApi as api, memberToken, sandboxRunnerStage } from './support/member-runner.ts';
import { signInNewMember } from './support/members.ts';

const repoRoot = join(import.meta.dirname, '..', '..', '..');
const shot = (name: string) => join(repoRoot, 'test-results', 'runner-auth-shots', `${name}.png`);
const DOUYIN = 1;
const XIAOHONGSHU = 3;

const stage = sandboxRunnerStage();

test('a member authorizes an account in the browser by scanning the QR their runner relays', async ({
  page,
  request,
  baseURL,
}) => {
  // Chromium for the page and Chromium for the runner on a loaded two-core machine: slow is not broken.
  test.setTimeout(300_000);
  const member = await signInNewMember(page, request, 'e2e_ra_');
  const token = await memberToken(request, member);
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
  const control = await stage.start(request, token, baseURL ?? '');

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
