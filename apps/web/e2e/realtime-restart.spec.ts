import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { AuthApi } from '@vidmatrix/contract/api/auth-paths';
import { CustomerApi } from '@vidmatrix/contract/api/customer';
import { AccountApi } from '@vidmatrix/contract/api/enterprise-account';
import type { LoginResult } from '@vidmatrix/contract/api/auth';
import type { Envelope } from '@vidmatrix/contract/envelope';
import { ConsolePage } from './pages/console-page.ts';
import { expect, test } from './support/fixtures.ts';
import { OwnServer } from './support/own-server.ts';
import { postSigned } from './support/webhook.ts';

// A port of this spec's own, next to the shared e2e server's.
const server = new OwnServer(Number(process.env.E2E_PORT ?? 18080) + 7);
// Both tests stop and start that one server: one worker runs them, one after the other.
test.describe.configure({ mode: 'serial' });

let api: APIRequestContext;

test.beforeAll(async () => {
  test.setTimeout(200_000);
  await server.start();
  api = await playwrightRequest.newContext({ baseURL: server.baseURL });
});

test.afterAll(async () => {
  await api?.dispose();
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

/** The demo member signed in, with a new account of that nickname to receive messages. */
async function demoWithAccount(nickname: string): Promise<{ token: string; accountId: number }> {
  const { ApiToken: token } = await call<LoginResult>(AuthApi.login, null, {
    account: 'demo',
    password: server.demoPassword,
  });
  const { enterprise_account_id: accountId } = await call<{ enterprise_account_id: number }>(AccountApi.add, token, {
    nickname,
    platform_id: 1,
  });
  return { token, accountId };
}

/** Opens the console's dashboard signed in with `token`. */
async function openDashboard(page: Page, token: string): Promise<void> {
  await page.goto(`${server.baseURL}/home`);
  await page.evaluate((t) => localStorage.setItem('memberToken', t), token);
  await page.goto(`${server.baseURL}/dashboard`);
}

/** The operator restarts the server: same port, same data. */
async function restart(): Promise<void> {
  await server.stop();
  await server.start();
}

test('the chat socket survives a server restart by reconnecting, and stays live', async ({ page }) => {
  test.setTimeout(120_000);
  const { token, accountId } = await demoWithAccount('重启测试号');

  let binds = 0;
  page.on('websocket', (ws) =>
    ws.on('framereceived', (frame) => {
      if (String(frame.payload).includes('"type":"bind"')) {
        binds += 1;
      }
    }),
  );
  await openDashboard(page, token);
  await expect.poll(() => binds).toBe(1);

  await restart();
  await expect.poll(() => binds, { timeout: 30_000 }).toBe(2);

  // A message after the restart still reaches the page live.
  await postSigned(api, token, {
    enterprise_account_id: accountId,
    customer_id: 'after-restart',
    content: '重启后还在吗',
  });
  await expect(new ConsolePage(page).unreadBadge.locator('sup[title]')).toHaveAttribute('title', '1');
});

test('a message stored while the socket was down reaches the badge once it binds again', async ({ page }) => {
  test.setTimeout(120_000);
  const { token, accountId } = await demoWithAccount('断线测试号');
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
  await openDashboard(page, token);
  await expect.poll(() => binds).toBe(1);

  await restart();
  await expect.poll(() => connections, { timeout: 30_000 }).toBeGreaterThan(1);
  await postSigned(api, token, { enterprise_account_id: accountId, customer_id: 'while-down', content: '断线时发的' });
  released = true;
  await expect.poll(() => binds, { timeout: 30_000 }).toBe(2);
  // Its send_msg went to no one: the bind reads the list again, and the badge shows what the server holds.
  const list = await call<{ list: { read_num: number }[] }>(CustomerApi.privateList, token, {});
  const unread = list.list.reduce((sum, c) => sum + c.read_num, 0);
  expect(unread).toBeGreaterThan(0);
  await expect(new ConsolePage(page).unreadBadge.locator('sup[title]')).toHaveAttribute('title', String(unread));
});
