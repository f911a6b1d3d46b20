import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { ConsolePage } from './pages/console-page.ts';
import { LoginPage } from './pages/login-page.ts';
import { runAdmin } from './support/admin.ts';
import { expect, test } from './support/fixtures.ts';

const repoRoot = join(import.meta.dirname, '..', '..', '..');
const shot = (name: string) => join(repoRoot, 'test-results', 'content-shots', `${name}.png`);

/** A member the operator just made, who has never agreed to anything. */
function newMember(prefix: string): { account: string; password: string } {
  const account = `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.slice(0, 32);
  const password = 'member123456';
  runAdmin(['create-member', account, password]);
  return { account, password };
}

const flags = (page: Page) =>
  page.evaluate(() => [localStorage.getItem('isShowPolicyPanel'), localStorage.getItem('isAgree')]);

for (const width of [1440, 390]) {
  test(`first sign-in shows the policy panel until the member agrees; logout clears the flags (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    const { account, password } = newMember('pol');
    const login = new LoginPage(page);
    await login.goto('/homeLogin');
    await login.signIn(account, password);
    const panel = page.getByTestId('policy-panel');
    await expect(panel).toBeVisible();
    await expect(panel).toContainText('当前版本 1.0');
    await expect.poll(() => flags(page)).toEqual(['1', null]);
    await page.screenshot({ path: shot(`policy-panel-${width}`) });

    await panel.getByRole('button', { name: '同意并继续' }).click();
    await expect(panel).toHaveCount(0);
    await expect.poll(() => flags(page)).toEqual(['0', '1.0']);
    await page.reload();
    await expect(new ConsolePage(page).sidebar.first()).toBeAttached();
    await expect(panel).toHaveCount(0);

    if (width > 800) {
      // Logout clears both flags (SPEC §4); the server remembers the agreement, so no panel next time.
      await new ConsolePage(page).logoutButton.click();
      await expect(page).toHaveURL(/\/login\?redirect=/);
      await expect.poll(() => flags(page)).toEqual([null, null]);
      await login.signIn(account, password);
      await expect(page).toHaveURL(/\/dashboard/);
      await expect.poll(() => flags(page)).toEqual(['0', '1.0']);
      await expect(panel).toHaveCount(0);
    }
  });
}

test('declining the agreement signs the member out', async ({ page }) => {
  const { account, password } = newMember('dec');
  const login = new LoginPage(page);
  await login.goto('/homeLogin');
  await login.signIn(account, password);
  await page.getByTestId('policy-panel').getByRole('button', { name: '不同意并退出' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('memberToken'))).toBeNull();
});
