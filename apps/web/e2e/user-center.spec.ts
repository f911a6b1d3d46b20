import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { Envelope } from '@vidmatrix/contract/envelope';
import type { LoginResult } from '@vidmatrix/contract/api/auth';
import { TOKEN_HEADER } from '@vidmatrix/contract/constants';
import { fixtureDir, makeImage } from '@vidmatrix/fixtures';
import { UserCenterPage } from './pages/user-center-page.ts';
import { runAdmin } from './support/admin.ts';
import { expect, test } from './support/fixtures.ts';
import { signInNewMember } from './support/members.ts';

const repoRoot = join(import.meta.dirname, '..', '..', '..');
const shotDir = join(repoRoot, 'test-results', 'site-shots');
const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

async function shots(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: join(shotDir, `${name}-1440.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: join(shotDir, `${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('a member edits the profile and avatar, sees level and quotas, and ends an old session', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const account = await signInNewMember(page, request, 'uc');
  // A second login of the same member, from a phone.
  const phoneLogin = await request.post('/api/member.Login/login', {
    data: { account, password: 'member123456' },
    headers: { 'user-agent': IPHONE_UA },
  });
  const phoneToken = ((await phoneLogin.json()) as Envelope<LoginResult>).data.ApiToken;

  const center = new UserCenterPage(page);
  await center.open();
  // The first visit loads antd and the page's data on a busy machine.
  await expect(center.nickname).toHaveValue(account, { timeout: 60_000 });
  await expect(page.getByTestId('level-name')).not.toBeEmpty();
  await expect(center.levelExpiry).toContainText('永久有效');
  await expect(center.quota('账号数量')).toContainText('0 /');
  await expect(center.quota('云空间')).toContainText('/ 1');
  await expect(center.sessions).toHaveCount(2);
  await expect(center.sessions.filter({ hasText: '当前设备' })).toHaveCount(1);
  const phoneRow = center.sessions.filter({ hasText: 'Safari · iOS' });
  await expect(phoneRow).toContainText(/登录时间：\d{4}-\d{2}-\d{2}/);
  await shots(page, 'user-center');

  // Nickname and phone: a bad phone is refused by the shared rule, a good one saved.
  await center.nickname.fill('矩阵运营小王');
  await center.phone.fill('12345');
  await page.getByRole('button', { name: '保存资料' }).click();
  await expect(page.getByText('请输入正确的手机号')).toBeVisible();
  await center.phone.fill('13800138000');
  await page.getByRole('button', { name: '保存资料' }).click();
  await expect(center.toast('修改成功')).toBeVisible();
  await expect(page.getByTestId('site-user')).toContainText('矩阵运营小王');

  // The avatar goes through the cropper and comes back from storage.
  const image = makeImage(join(fixtureDir('uc-'), 'avatar.png'), { width: 400, height: 300, color: 'orange' });
  await center.changeAvatar(image);
  await expect(center.avatar.locator('img')).toHaveAttribute('src', /\/avatar\/\d+\/[0-9a-f]+\.png$/);

  // Ending the phone's session signs that token out.
  await phoneRow.getByRole('button', { name: '退出登录' }).click();
  await page.getByRole('button', { name: /^退\s*出$/ }).click();
  await expect(center.toast('已退出该设备')).toBeVisible();
  await expect(center.sessions).toHaveCount(1);
  const after = await request.get('/api/member.Member/info', { headers: { [TOKEN_HEADER]: phoneToken } });
  expect(after.status()).toBe(401);

  // An expired membership carries the marker.
  runAdmin(['set-expiry', account, '2020-01-01']);
  await expect(async () => {
    await page.reload();
    await expect(center.levelExpiry).toContainText('已过期', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(center.levelExpiry).toContainText('2020-01-01 23:59:59');
});
