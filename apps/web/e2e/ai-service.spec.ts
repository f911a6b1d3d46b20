import { randomBytes } from 'node:crypto';
import type { LoginResult } from '@vidmatrix/contract/api/auth';
import { AI_CHAT_WINDOW } from '@vidmatrix/contract/constants';
import type { Envelope } from '@vidmatrix/contract/envelope';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, useToken } from './support/fixtures.ts';
import { runAdmin } from './support/admin.ts';

/** A fresh member made with the operator CLI (configured before its first sign-in), signed in on `page`. */
async function signInFreshMember(page: Page, request: APIRequestContext, configure: (account: string) => void) {
  const account = `ai_${randomBytes(4).toString('hex')}`;
  runAdmin(['create-member', account, 'member123456']);
  configure(account);
  const response = await request.post('/api/member.Login/login', { data: { account, password: 'member123456' } });
  const body = (await response.json()) as Envelope<LoginResult>;
  expect(body.code, body.msg).toBe(200);
  await useToken(page, body.data.ApiToken, account);
}

test('the floating AI customer-service window opens its page when the member has the service', async ({
  page,
  request,
}) => {
  // The embedded page is answered by the test itself: nothing leaves the machine.
  await page.route('https://ai.example.test/**', (route) =>
    route.fulfill({ contentType: 'text/html; charset=utf-8', body: '<p>您好，我是智能客服</p>' }),
  );
  await signInFreshMember(page, request, (account) =>
    runAdmin(['set-ai-service', account, '--link', 'https://ai.example.test/chat', '--name', '智能客服小美']),
  );

  await page.goto('/dashboard');
  const toggle = page.getByTestId('ai-service-toggle');
  await expect(toggle).toHaveAttribute('title', '智能客服小美');
  await toggle.click();
  const window = page.getByTestId('ai-service-window');
  await expect(window).toContainText('智能客服小美');
  const frame = window.locator('iframe');
  await expect(frame).toHaveAttribute('width', String(AI_CHAT_WINDOW.width));
  await expect(frame).toHaveAttribute('height', String(AI_CHAT_WINDOW.height));
  await expect(
    page.frameLocator('[data-testid="ai-service-window"] iframe').getByText('您好，我是智能客服'),
  ).toBeVisible();
  await page.screenshot({ path: 'test-results/web-e2e/ai-service-window.png' });

  await toggle.click();
  await expect(window).toBeHidden();
});

test('no AI window without the service', async ({ page, request }) => {
  await signInFreshMember(page, request, () => undefined);
  await page.goto('/dashboard');
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await expect(page.getByTestId('ai-service-toggle')).toHaveCount(0);
});
