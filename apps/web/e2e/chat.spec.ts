import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { AccountApi } from '@vidmatrix/contract/api/enterprise-account';
import type { Envelope } from '@vidmatrix/contract/envelope';
import { Msg } from '@vidmatrix/contract/messages';
import { ChatPage } from './pages/chat-page.ts';
import { ConsolePage } from './pages/console-page.ts';
import { runAdmin } from './support/admin.ts';
import { alerts, badgeValue, spyOnAlerts } from './support/alerts.ts';
import { expect, test, useToken } from './support/fixtures.ts';
import { signInNewMember } from './support/members.ts';
import { postSigned } from './support/webhook.ts';

const repoRoot = join(import.meta.dirname, '..', '..', '..');
const shots = join(repoRoot, 'test-results/web-e2e/chat-shots');

/** Adds an enterprise account of the member through the accounts API; messages must name one. */
async function addAccount(request: APIRequestContext, token: string, nickname: string): Promise<number> {
  const res = await request.post(AccountApi.add, {
    headers: { memberToken: token },
    data: { nickname, platform_id: 1 },
  });
  const body = (await res.json()) as Envelope<{ enterprise_account_id: number }>;
  expect(body.code, body.msg).toBe(200);
  return body.data.enterprise_account_id;
}

test('a customer message reaches the signed-in member live, becomes a lead, and gets a reply', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  // A member of its own: it starts with no unread messages, whatever else the shared server has seen.
  await signInNewMember(page, request, 'chat');
  const token = await page.evaluate(() => localStorage.getItem('memberToken') ?? '');
  const customerId = `dy-${randomBytes(4).toString('hex')}`;
  const content = `你好，我想了解价格，电话 13912345678 <b>不是HTML</b>`;
  const accountId = await addAccount(request, token, `客服号-${customerId}`);

  // Another member, signed in in its own browser context, watching its socket frames.
  const otherAccount = `e2e_${randomBytes(3).toString('hex')}`;
  runAdmin(['create-member', otherAccount, 'secret-123']);
  const login = await request.post('/api/member.Login/login', {
    data: { account: otherAccount, password: 'secret-123' },
  });
  const otherToken = ((await login.json()) as Envelope<{ ApiToken: string }>).data.ApiToken;
  const otherContext = await browser.newContext();
  const otherPage = await otherContext.newPage();
  const otherFrames: string[] = [];
  otherPage.on('websocket', (ws) => ws.on('framereceived', (f) => otherFrames.push(String(f.payload))));
  await useToken(otherPage, otherToken, otherAccount);
  await otherPage.goto('/dashboard');
  await expect.poll(() => otherFrames.some((f) => f.includes('"type":"bind"'))).toBe(true);

  // The member sits on the dashboard, outside the chat page, with its socket bound.
  await spyOnAlerts(page);
  const frames: string[] = [];
  page.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))));
  await page.goto('/dashboard');
  const console = new ConsolePage(page);
  await expect.poll(() => frames.some((f) => f.includes('"type":"bind"'))).toBe(true);

  await postSigned(request, token, {
    enterprise_account_id: accountId,
    customer_id: customerId,
    customer_name: '测试客户',
    content,
  });

  await expect.poll(() => badgeValue(console)).toBe(1);
  await expect.poll(async () => (await alerts(page)).notes).toEqual([Msg.newMessage]);
  expect((await alerts(page)).sounds).toBe(1);
  await page.screenshot({ path: join(shots, '1-dashboard-badge.png') });

  // The chat page: the thread shows it as text, the phone number is a lead, and reading clears the count.
  await console.unreadBadge.click();
  const chat = new ChatPage(page);
  await expect(page).toHaveURL(/\/customer\/chat/);
  await chat.search.fill(customerId);
  await expect(chat.conversation(customerId)).toContainText(`客服号-${customerId}`);
  await chat.conversation(customerId).click();
  // The thread names the member's account by its nickname, not its id.
  await expect(page.getByTestId('thread-account')).toContainText(`客服号-${customerId}`);
  await expect(chat.messages.filter({ hasText: '不是HTML' })).toContainText('<b>不是HTML</b>');
  await expect(chat.leads.filter({ hasText: '13912345678' })).toBeVisible();
  await expect.poll(() => badgeValue(console)).toBe(0);

  // A reply shows its delivery state, pending then sent.
  await chat.reply('您好，稍后联系您');
  const reply = chat.messages.filter({ hasText: '您好，稍后联系您' });
  await expect(reply.getByTestId('delivery-state')).toHaveAttribute('data-state', /pending|sent/);
  await expect(reply.getByTestId('delivery-state')).toHaveAttribute('data-state', 'sent');
  await page.screenshot({ path: join(shots, '2-chat-thread.png'), fullPage: true });

  // On the chat page a new message refreshes the thread without a desktop notification.
  await postSigned(request, token, {
    enterprise_account_id: accountId,
    customer_id: customerId,
    content: '微信 lily_2024',
  });
  await expect(chat.messages.filter({ hasText: '微信 lily_2024' })).toBeVisible();
  await expect(chat.leads.filter({ hasText: 'lily_2024' })).toBeVisible();
  expect((await alerts(page)).notes).toEqual([Msg.newMessage]);

  // The other member's socket never saw any of it.
  expect(otherFrames.some((f) => f.includes(customerId))).toBe(false);
  await otherContext.close();

  // The leads page lists it with an editable status.
  await page.goto('/customer/leads');
  const row = page.getByTestId('lead-table').locator('tr', { hasText: '13912345678' });
  await expect(row).toBeVisible();
  await row.getByTestId('lead-status').click();
  await page.locator('.ant-select-item-option[title="已联系"]').click();
  await expect(row.getByTestId('lead-status')).toContainText('已联系');
  await page.screenshot({ path: join(shots, '3-leads.png'), fullPage: true });
});

test('copying the webhook secret says 复制成功, and 复制失败 when the browser refuses', async ({
  page,
  context,
  signedIn,
}) => {
  expect(signedIn.ApiToken).not.toBe('');
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/customer/chat');
  await page.getByTestId('webhook-secret-open').click();
  await expect(page.getByTestId('webhook-secret')).not.toBeEmpty();
  const secret = (await page.getByTestId('webhook-secret').textContent()) ?? '';
  await page.getByTestId('webhook-secret-copy').click();
  await expect(page.locator('.ant-message').getByText(Msg.copied)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await page.screenshot({ path: join(shots, '4-secret-copied.png') });
  // What the member reads is Chinese; the request's address and headers wait folded for their technician.
  const dialog = page.getByRole('dialog', { name: '消息接入' });
  await expect(dialog.getByTestId('webhook-intro')).toBeVisible();
  await expect(dialog.getByText(/X-Signature|\/api\//)).toHaveCount(0);
  await dialog.getByRole('button', { name: '技术对接说明' }).click();
  await expect(dialog.getByText(`POST ${new URL(page.url()).origin}/api/`)).toBeVisible();
  await page.screenshot({ path: join(shots, '4-secret-details.png') });

  // A browser that refuses the clipboard gets the failure message instead.
  await page.evaluate(() => {
    navigator.clipboard.writeText = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));
  });
  await page.getByTestId('webhook-secret-copy').click();
  await expect(page.locator('.ant-message').getByText(Msg.copyFailed)).toBeVisible();
});
