import { join } from 'node:path';
import { LOGIN_CAPTCHA_AFTER_FAILURES } from '@vidmatrix/contract/constants';
import { AuthMsg as Msg } from '@vidmatrix/contract/messages-auth';
import { ConsolePage } from './pages/console-page.ts';
import { DashboardPage } from './pages/dashboard-page.ts';
import { LoginPage } from './pages/login-page.ts';
import { demo, expect, test } from './support/fixtures.ts';

const repoRoot = join(import.meta.dirname, '..', '..', '..');

test('signing in lands on the dashboard with level and quota', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto('/login');
  await login.signIn(demo.account, demo.password);

  await expect(page).toHaveURL(/\/dashboard$/);
  const dashboard = new DashboardPage(page);
  await expect(dashboard.level).toHaveText(/\S+/);
  await expect(dashboard.remainingAccounts).toContainText(/\d+/);
  await expect(dashboard.remainingSpace).toContainText(/\d+(\.\d)? (B|KB|MB|GB|TB)/);
  await expect(dashboard.nickname).toBeVisible();
  await expect(new ConsolePage(page).statusBar).toContainText('会员到期时间');
});

test('signing in honours the redirect parameter', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto('/homeLogin?redirect=/setting');
  await login.signIn(demo.account, demo.password);
  await expect(page).toHaveURL(/\/setting$/);
  await expect(page.getByText('确认新密码')).toBeVisible();
});

test('the sign-in and sign-up forms word each rule and the server’s refusal in Chinese', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto('/homeLogin');
  await login.submit.click();
  await expect(page.getByText(Msg.accountRequired)).toBeVisible();
  await expect(page.getByText(Msg.passwordRequired)).toBeVisible();
  // A field is checked again as it is typed in.
  // An account nobody has: demo's failure count stays clear of the captcha for the other tests.
  await login.account.fill(`ghost_${Date.now()}`);
  await expect(page.getByText(Msg.accountRequired)).toHaveCount(0);
  await login.password.fill('wrong-password');
  await login.submit.click();
  await expect(page.locator('form').getByRole('alert')).toHaveText(Msg.loginFailed);
  await expect(page).toHaveURL(/\/homeLogin$/);

  await page.getByRole('link', { name: '免费注册' }).click();
  await expect(page).toHaveURL(/\/register$/);
  const register = page.getByRole('button', { name: /注\s*册/ });
  await register.click();
  await expect(page.getByText(Msg.accountRequired)).toBeVisible();
  await expect(page.getByText(Msg.passwordRequired)).toHaveCount(2);
  await expect(page.getByText(Msg.captchaRequired)).toBeVisible();
  // The agreement is ticked before 注册, its documents a click away.
  const agreement = page.getByRole('checkbox', { name: /我已阅读并同意《用户协议》和《隐私政策》/ });
  await expect(page.getByText(Msg.agreementRequired)).toBeVisible();
  await expect(page.getByRole('link', { name: '《隐私政策》' })).toHaveAttribute('href', '/protocol?tab=privacy');
  await page.screenshot({ path: join(repoRoot, 'test-results', 'auth-shots', 'register-refused.png') });
  await agreement.check();
  await expect(page.getByText(Msg.agreementRequired)).toHaveCount(0);
  await page.getByPlaceholder('账号：4-32位字母、数字或下划线').fill('ab');
  await page.getByPlaceholder('密码：6-64位').fill('12345');
  await page.getByPlaceholder('确认密码').fill('123456');
  await expect(page.getByText(Msg.accountFormat)).toBeVisible();
  await expect(page.getByText(Msg.passwordFormat)).toBeVisible();
  await expect(page.getByText(Msg.passwordMismatch)).toBeVisible();
  // Fixing the password checks its confirmation again.
  await page.getByPlaceholder('密码：6-64位').fill('123456');
  await expect(page.getByText(Msg.passwordMismatch)).toHaveCount(0);
  await expect(page.getByTestId('captcha-image')).toBeVisible();
});

test(`a captcha appears after ${LOGIN_CAPTCHA_AFTER_FAILURES} wrong passwords`, async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto('/login');
  const account = `ghost_${Date.now()}`;
  for (let i = 0; i < LOGIN_CAPTCHA_AFTER_FAILURES; i += 1) {
    await expect(login.captchaImage).toHaveCount(0);
    const answer = page.waitForResponse((r) => r.url().includes('/api/member.Login/login'));
    await login.signIn(account, 'wrong-password');
    await answer;
  }
  await expect(login.captchaImage).toBeVisible();
  await expect(login.captchaInput).toBeVisible();

  // Clicking the image draws a new captcha.
  const before = await login.captchaImage.getAttribute('src');
  const redraw = page.waitForResponse((r) => r.url().includes('/api/member.Login/captcha'));
  await login.captchaImage.click();
  await redraw;
  await expect(login.captchaImage).not.toHaveAttribute('src', before ?? '');
});

test('logout clears the session and goes to /login?redirect=', async ({ page, signedIn }) => {
  expect(signedIn.ApiToken).toBeTruthy();
  await page.goto('/setting');
  const console = new ConsolePage(page);
  await console.logoutButton.click();

  await expect(page).toHaveURL(/\/login\?redirect=\/setting$/);
  const stored = await page.evaluate(() => [localStorage.getItem('memberToken'), localStorage.getItem('username')]);
  expect(stored).toEqual([null, null]);
  // The session is gone: console pages send the visitor to sign in again.
  await page.goto('/setting');
  await expect(page).toHaveURL(/\/homeLogin\?redirect=\/setting$/);
});

test('the user menu logs out too', async ({ page, signedIn }) => {
  expect(signedIn.ApiToken).toBeTruthy();
  await page.goto('/dashboard');
  await new ConsolePage(page).pickUserMenu('退出登录');
  await expect(page).toHaveURL(/\/login\?redirect=\/dashboard$/);
});
