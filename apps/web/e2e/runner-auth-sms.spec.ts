import { join } from 'node:path';
import { AccountApi } from '@vidmatrix/contract/api/enterprise-account';
import { Msg } from '@vidmatrix/contract/messages';
import { AccountsPage } from './pages/accounts-page.ts';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { memberApi, memberToken, sandboxRunnerStage } from './support/member-runner.ts';
import { signInNewMember } from './support/members.ts';

const repoRoot = join(import.meta.dirname, '..', '..', '..');
const shot = (name: string) => join(repoRoot, 'test-results', 'runner-auth-shots', `${name}.png`);
const DOUYIN = 1;

/** The SMS step's dialog ends with the code field: no room kept below it for the QR step's image. */
async function expectFitsItsStep(page: Page): Promise<void> {
  const body = await page.getByTestId('runner-auth-dialog').boundingBox();
  const step = await page.getByTestId('runner-auth-sms').boundingBox();
  expect(body && step).toBeTruthy();
  if (body && step) {
    expect(body.y + body.height - (step.y + step.height)).toBeLessThan(4);
  }
}

const stage = sandboxRunnerStage();

test('Douyin asks for an SMS code after the scan: the member types it in the dialog and the login lands', async ({
  page,
  request,
  baseURL,
}) => {
  // Chromium for the page and Chromium for the runner on a loaded two-core machine: slow is not broken.
  test.setTimeout(300_000);
  const member = await signInNewMember(page, request, 'e2e_sms_');
  const token = await memberToken(request, member);
  const nickname = '短信验证号';
  await memberApi(request, token, AccountApi.add, { nickname, platform_id: DOUYIN });

  const control = await stage.start(request, token, baseURL ?? '');
  // The platform follows this login's scan with an SMS check (research: Douyin's risk check).
  await control.setSwitches('douyin', { douyinLoginSms: true });

  const accounts = new AccountsPage(page);
  await accounts.open();
  await accounts.rowAction(nickname, '重新授权');
  const dialog = page.getByTestId('runner-auth-dialog');
  const qr = page.getByTestId('runner-auth-qr');
  await expect(qr).toBeVisible({ timeout: 120_000 });
  const phoneUser = `e2e-sms-${member}`;
  await control.scan((await qr.getAttribute('src')) ?? '', phoneUser);

  // After the scan the dialog turns from the QR to the code field.
  await expect(dialog).toHaveAttribute('data-state', 'sms', { timeout: 120_000 });
  await expect(page.getByRole('dialog', { name: /^短信验证：/ })).toBeVisible();
  await expect(qr).toBeHidden();
  const field = page.getByTestId('runner-auth-code');
  await expect(field).toBeVisible();
  await expect(page.getByTestId('runner-auth-msg')).toContainText('短信验证码');
  await expectFitsItsStep(page);
  await page.screenshot({ path: shot('4-sms-code-field') });

  // Three digits: the server refuses them in the member's words and the dialog keeps asking.
  await field.fill('123');
  await page.getByTestId('runner-auth-code-submit').click();
  await expect(accounts.toast(Msg.authSmsCodeFormat)).toBeVisible();
  await expect(dialog).toHaveAttribute('data-state', 'sms');
  await page.screenshot({ path: shot('5-sms-code-refused') });

  // A well-formed code that is not the one sent: the runner types it, the platform refuses it, and
  // the member reads why in the same dialog, with an empty field to type again.
  const { kind, code } = await control.code('douyin', phoneUser);
  expect(kind).toBe('sms');
  const wrong = code === '000000' ? '111111' : '000000';
  await field.fill(wrong);
  await page.getByTestId('runner-auth-code-submit').click();
  await expect(page.getByTestId('runner-auth-msg')).toHaveText(Msg.authSmsCodeRefused, { timeout: 120_000 });
  await expect(dialog).toHaveAttribute('data-state', 'sms');
  await expect(field).toHaveValue('');
  await expectFitsItsStep(page);
  await page.screenshot({ path: shot('6-sms-code-wrong') });

  // The code the platform "sent to the phone" (the sandbox's record) reaches the runner, which types
  // it into the login page; the platform lets the login through only with that code.
  await field.fill(code);
  await field.press('Enter');
  await expect(dialog).toHaveAttribute('data-state', 'done', { timeout: 120_000 });
  await expect(dialog).toContainText(Msg.authSuccess);
  await page.getByTestId('runner-auth-close').click();
  await expect(accounts.row(nickname)).toContainText('已授权');
});
