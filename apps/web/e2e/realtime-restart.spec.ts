import { createHmac } from 'node:crypto';
import { AccountApi } from '@vidmatrix/contract/api/enterprise-account';
import type { LoginResult } from '@vidmatrix/contract/api/auth';
import type { Envelope } from '@vidmatrix/contract/envelope';
import { ConsolePage } from './pages/console-page.ts';
import { expect, test } from './support/fixtures.ts';
import { OwnServer } from './support/own-server.ts';

// A port of this spec's own, next to the shared e2e server's.
const server = new OwnServer(Number(process.env.E2E_PORT ?? 18080) + 7);
// Both tests stop and start that one server: one worker runs them, one after the other.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(200_000);
  await server.start();
});

test.afterAll(async () => {
  await server.stop();
});

async function call<T>(path: string, token: string | null, body?: unknown): Promise<T> {
  const res = await fetch(`${server.baseURL}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { memberToken: token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await res.json()) as Envelope<T>;
  expect(envelope.code, envelope.msg).toBe(200);
  return envelope.data;
}

test('the chat socket survives a server restart by reconnecting, and stays live', async ({ page }) => {
  test.setTimeout(120_000);
  const { ApiToken: token } = await call<LoginResult>('/api/member.Login/login', null, {
    account: 'demo',
    password: server.demoPassword,
  });
  const { enterprise_account_id: accountId } = await call<{ enterprise_account_id: number }>(AccountApi.add, token, {
    nickname: '重启测试号',
    platform_id: 1,
  });

  let binds = 0;
  page.on('websocket', (ws) =>
    ws.on('framereceived', (frame) => {
      if (String(frame.payload).includes('"type":"bind"')) {
        binds += 1;
      }
    }),
  );
  await page.goto(`${server.baseURL}/home`);
  await page.evaluate((t) => localStorage.setItem('memberToken', t), token);
  await page.goto(`${server.baseURL}/dashboard`);
  await expect.poll(() => binds).toBe(1);

  // The operator restarts the server: same port, same data.
  await server.stop();
  await server.start();
  await expect.poll(() => binds, { timeout: 30_000 }).toBe(2);

  // A message after the restart still reaches the page live.
  const { secret, member_id } = await call<{ secret: string; member_id: number }>(
    '/api/customer.Webhook/secret',
    token,
  );
  const body = JSON.stringify({
    enterprise_account_id: accountId,
    customer_id: 'after-restart',
    content: '重启后还在吗',
  });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const res = await fetch(`${server.baseURL}/api/customer.Webhook/message`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'X-Member-Id': String(member_id),
      'X-Signature-Timestamp': timestamp,
      'X-Signature': `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`,
    },
    body,
  });
  expect(res.status).toBe(200);
  await expect(new ConsolePage(page).unreadBadge.locator('sup[title]')).toHaveAttribute('title', '1');
});

test('a message stored while the socket was down reaches the badge once it binds again', async ({ page }) => {
  test.setTimeout(120_000);
  const { ApiToken: token } = await call<LoginResult>('/api/member.Login/login', null, {
    account: 'demo',
    password: server.demoPassword,
  });
  const { enterprise_account_id: accountId } = await call<{ enterprise_account_id: number }>(AccountApi.add, token, {
    nickname: '断线测试号',
    platform_id: 1,
  });
  // The first connection goes through; later ones are refused until released (the page retries meanwhile),
  // so the message below is stored while no socket of the page is bound, whatever the timing.
  let connections = 0;
  let released = false;
  let binds = 0;
  await page.routeWebSocket(/\/websocket$/, (ws) => {
    connections += 1;
    if (connections === 1 || released) {
      const upstream = ws.connectToServer();
      upstream.onMessage((frame) => {
        if (String(frame).includes('"type":"bind"')) {
          binds += 1;
        }
        ws.send(frame);
      });
    } else {
      void ws.close({ code: 1011, reason: 'held by the test' });
    }
  });
  await page.goto(`${server.baseURL}/home`);
  await page.evaluate((t) => localStorage.setItem('memberToken', t), token);
  await page.goto(`${server.baseURL}/dashboard`);
  await expect.poll(() => binds).toBe(1);

  await server.stop();
  await server.start();
  await expect.poll(() => connections, { timeout: 30_000 }).toBeGreaterThan(1);
  const { secret, member_id } = await call<{ secret: string; member_id: number }>(
    '/api/customer.Webhook/secret',
    token,
  );
  const body = JSON.stringify({ enterprise_account_id: accountId, customer_id: 'while-down', content: '断线时发的' });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const res = await fetch(`${server.baseURL}/api/customer.Webhook/message`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'X-Member-Id': String(member_id),
      'X-Signature-Timestamp': timestamp,
      'X-Signature': `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`,
    },
    body,
  });
  expect(res.status).toBe(200);
  released = true;
  await expect.poll(() => binds, { timeout: 30_000 }).toBe(2);
  // Its send_msg went to no one: the bind reads the list again, and the badge shows what the server holds.
  const list = await call<{ list: { read_num: number }[] }>('/api/customer.DouyinCustomer/privateList', token, {});
  const unread = list.list.reduce((sum, c) => sum + c.read_num, 0);
  expect(unread).toBeGreaterThan(0);
  await expect(new ConsolePage(page).unreadBadge.locator('sup[title]')).toHaveAttribute('title', String(unread));
});
