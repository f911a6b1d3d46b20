import { WS_CLOSE_BIND_REFUSED, WS_CLOSE_BIND_TIMEOUT, WS_CLOSE_IDLE } from '@vidmatrix/contract/events';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import type { RealtimeOptions } from '../src/realtime/hub.ts';
import { addMember, createTestApp, login, testCaptcha, type TestContext } from './helpers.ts';
import {
  TestSocket,
  addEnterpriseAccount,
  postCustomerMessage,
  socketUrl,
  testChannel,
  webhookSecretOf,
} from './realtime-helpers.ts';

// Deadlines of the clocked instance, in the fake time the test advances; real time never closes a socket.
const BIND_TIMEOUT_MS = 300;
const IDLE_TIMEOUT_MS = 400;
const SWEEP_MS = 20;

let ctx: TestContext;
const channel = testChannel();
let instanceA: App;
let demo: { memberId: number; secret: string; token: string; account: number };
let other: { memberId: number; secret: string; token: string; account: number };

/**
 * A listening server instance on the test database (its job workers stay off: only ctx.app runs jobs).
 * Without options it keeps the production deadlines, so a bind slow on a busy machine is never cut off.
 */
async function startInstance(realtime: Partial<RealtimeOptions> = {}): Promise<App> {
  const app = await buildApp({
    config: ctx.config,
    db: ctx.db,
    now: ctx.deps.now,
    captcha: testCaptcha,
    realtime: { channel, ...realtime },
    rateLimitNamespace: `${channel}-rl:`,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

/**
 * Runs `body` against an instance whose sweep runs on fake time (Date and setInterval): sockets are
 * closed exactly when the test advances the clock past their deadline, however busy the machine.
 */
async function withClockedInstance(body: (app: App) => Promise<void>): Promise<void> {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  let app: App | undefined;
  try {
    app = await startInstance({ bindTimeoutMs: BIND_TIMEOUT_MS, idleTimeoutMs: IDLE_TIMEOUT_MS, sweepMs: SWEEP_MS });
    await body(app);
  } finally {
    await app?.close();
    vi.useRealTimers();
  }
}

beforeAll(async () => {
  ctx = await createTestApp();
  await addMember(ctx, 'other_member');
  instanceA = await startInstance();
  const demoToken = (await login(ctx.app)).ApiToken;
  const otherToken = (await login(ctx.app, 'other_member', 'secret-123')).ApiToken;
  demo = {
    ...(await webhookSecretOf(instanceA, demoToken)),
    token: demoToken,
    account: await addEnterpriseAccount(instanceA, demoToken, '演示号'),
  };
  other = {
    ...(await webhookSecretOf(instanceA, otherToken)),
    token: otherToken,
    account: await addEnterpriseAccount(instanceA, otherToken, '其他号'),
  };
}, 30_000);

afterAll(async () => {
  await instanceA.close();
  await ctx.close();
});

describe('/websocket', () => {
  it('greets with init and answers pings', async () => {
    const { socket, clientId } = await TestSocket.open(socketUrl(instanceA));
    expect(clientId).toMatch(/^\w{8,}$/);
    socket.send({ type: 'ping', data: {} });
    await socket.next('pong');
    socket.close();
  });

  it('binds to the member the token belongs to', async () => {
    const socket = await TestSocket.bound(socketUrl(instanceA), demo.memberId, demo.token);
    expect(await socket.next('bind')).toMatchObject({ data: { member_id: demo.memberId } });
    socket.close();
  });

  it('refuses a bind naming another member, and the socket never sees that member', async () => {
    const { socket, clientId } = await TestSocket.open(socketUrl(instanceA));
    socket.send({ type: 'bind', data: { client_id: clientId, member_id: demo.memberId, token: other.token } });
    expect((await socket.closed).code).toBe(WS_CLOSE_BIND_REFUSED);
    expect(socket.frames.map((f) => f.type)).toEqual(['init']);
  });

  it('refuses a bad token and a foreign client id', async () => {
    const first = await TestSocket.open(socketUrl(instanceA));
    first.socket.send({ type: 'bind', data: { client_id: first.clientId, member_id: demo.memberId, token: 'nope' } });
    expect((await first.socket.closed).code).toBe(WS_CLOSE_BIND_REFUSED);

    const second = await TestSocket.open(socketUrl(instanceA));
    second.socket.send({
      type: 'bind',
      data: { client_id: 'someone-else', member_id: demo.memberId, token: demo.token },
    });
    expect((await second.socket.closed).code).toBe(WS_CLOSE_BIND_REFUSED);
  });

  it('closes a socket that does not bind in time', async () => {
    await withClockedInstance(async (app) => {
      const { socket } = await TestSocket.open(socketUrl(app));
      vi.advanceTimersByTime(BIND_TIMEOUT_MS - SWEEP_MS);
      expect(socket.ws.readyState).toBe(WebSocket.OPEN);
      vi.advanceTimersByTime(2 * SWEEP_MS);
      expect((await socket.closed).code).toBe(WS_CLOSE_BIND_TIMEOUT);
    });
  });

  it('pushes send_msg only to the owner of the message', async () => {
    const mine = await TestSocket.bound(socketUrl(instanceA), demo.memberId, demo.token);
    const mineToo = await TestSocket.bound(socketUrl(instanceA), demo.memberId, demo.token);
    const theirs = await TestSocket.bound(socketUrl(instanceA), other.memberId, other.token);

    const res = await postCustomerMessage(
      instanceA,
      demo,
      { enterprise_account_id: demo.account, customer_id: 'cust-ws-1', customer_name: '小王', content: '在吗？' },
      ctx.clock.now,
    );
    expect(res.json()).toMatchObject({ code: 200 });
    for (const socket of [mine, mineToo]) {
      expect(await socket.next('send_msg')).toMatchObject({
        data: {
          customer_id: 'cust-ws-1',
          customer_name: '小王',
          content: '在吗？',
          enterprise_account_id: demo.account,
        },
      });
    }
    // A message of their own arrives after anything pushed earlier: the first send_msg must be it.
    await postCustomerMessage(
      instanceA,
      other,
      { enterprise_account_id: other.account, customer_id: 'cust-ws-2', content: '你好' },
      ctx.clock.now,
    );
    const first = await theirs.next('send_msg');
    expect(first.data.customer_id).toBe('cust-ws-2');
    expect(theirs.frames.filter((f) => f.type === 'send_msg')).toHaveLength(1);
    for (const socket of [mine, mineToo, theirs]) {
      socket.close();
    }
  });

  it('closes a bound socket that stopped pinging, and keeps one that pings', async () => {
    await withClockedInstance(async (app) => {
      const silent = await TestSocket.bound(socketUrl(app), demo.memberId, demo.token);
      const pinging = await TestSocket.bound(socketUrl(app), demo.memberId, demo.token);
      // Halfway to the deadline one of them pings; the sweep stamps it with the time of that sweep.
      vi.advanceTimersByTime(IDLE_TIMEOUT_MS / 2);
      pinging.send({ type: 'ping', data: {} });
      await pinging.next('pong');
      vi.advanceTimersByTime(IDLE_TIMEOUT_MS / 2 + 2 * SWEEP_MS);
      expect((await silent.closed).code).toBe(WS_CLOSE_IDLE);
      expect(pinging.ws.readyState).toBe(WebSocket.OPEN);
      // Silent from then on, it goes too.
      vi.advanceTimersByTime(IDLE_TIMEOUT_MS);
      expect((await pinging.closed).code).toBe(WS_CLOSE_IDLE);
    });
  });
});
