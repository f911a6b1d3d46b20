import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { WS_PATH } from '@vidmatrix/contract/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createTestApp, DEMO_PASSWORD, login, type TestContext } from './helpers.ts';
import {
  TestSocket,
  addEnterpriseAccount,
  postCustomerMessage,
  socketUrl,
  webhookSecretOf,
} from './realtime-helpers.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const redisUrl = process.env.REDIS_URL;

let ctx: TestContext;
let server: ChildProcess | undefined;
/** ws:// address of the chat socket of the second server process. */
let remoteSocketUrl: string;
let demo: { memberId: number; secret: string; token: string; account: number };
let other: { memberId: number; secret: string; token: string; account: number };

/**
 * Starts `apps/server/src/main.ts` as a separate process on the test's database and Redis, on a
 * free port; resolves with the address it logged once listening.
 */
function startServerProcess(redisPrefix: string): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(path.join(repoRoot, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: ctx.config.dataDir,
      DATABASE_URL: ctx.processDatabaseUrl ?? '',
      REDIS_URL: redisUrl,
      // Its own Redis names: it must neither hear other test files' frames nor take their jobs.
      REDIS_PREFIX: redisPrefix,
      DEMO_PASSWORD,
      WEB_DIST: ctx.config.webDist,
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server process exited with ${code}`)));
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
      if (listening?.[1]) {
        resolve({ child, base: listening[1] });
      }
    });
  });
}

describe.skipIf(!redisUrl)('two server processes sharing the database and Redis', () => {
  beforeAll(async () => {
    const redisPrefix = `test-cluster-${Date.now().toString(36)}${process.pid}`;
    // Instance A: the test app, on the second process's Redis channel, listening for real.
    ctx = await createTestApp({}, { realtime: { channel: `${redisPrefix}:ws` } });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    await addMember(ctx, 'other_member');
    const started = await startServerProcess(redisPrefix);
    server = started.child;
    remoteSocketUrl = `${started.base.replace(/^http/, 'ws')}${WS_PATH}`;

    const demoToken = (await login(ctx.app)).ApiToken;
    const otherToken = (await login(ctx.app, 'other_member', 'secret-123')).ApiToken;
    demo = {
      ...(await webhookSecretOf(ctx.app, demoToken)),
      token: demoToken,
      account: await addEnterpriseAccount(ctx.app, demoToken, '集群号'),
    };
    other = {
      ...(await webhookSecretOf(ctx.app, otherToken)),
      token: otherToken,
      account: await addEnterpriseAccount(ctx.app, otherToken, '旁观号'),
    };
  }, 60_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server?.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await ctx.close();
  });

  it('delivers a webhook posted to instance A to the socket bound on instance B, and only there', async () => {
    // Bound on B with a token issued by A: both read the same sessions.
    const onB = await TestSocket.bound(remoteSocketUrl, demo.memberId, demo.token);
    const otherOnB = await TestSocket.bound(remoteSocketUrl, other.memberId, other.token);
    const onA = await TestSocket.bound(socketUrl(ctx.app), demo.memberId, demo.token);

    const res = await postCustomerMessage(
      ctx.app,
      demo,
      { enterprise_account_id: demo.account, customer_id: 'cust-cluster-1', content: '跨进程' },
      ctx.clock.now,
    );
    expect(res.json()).toMatchObject({ code: 200 });
    for (const socket of [onB, onA]) {
      expect((await socket.next('send_msg', (f) => f.data.customer_id === 'cust-cluster-1')).data).toMatchObject({
        content: '跨进程',
        enterprise_account_id: demo.account,
      });
    }

    // A later message to the other member reaches B after the first one would have: it never came.
    await postCustomerMessage(
      ctx.app,
      other,
      { enterprise_account_id: other.account, customer_id: 'cust-cluster-2', content: '哨兵' },
      ctx.clock.now,
    );
    await otherOnB.next('send_msg', (f) => f.data.customer_id === 'cust-cluster-2');
    expect(otherOnB.frames.some((f) => f.type === 'send_msg' && f.data.customer_id === 'cust-cluster-1')).toBe(false);
    for (const socket of [onA, onB, otherOnB]) {
      socket.close();
    }
  });
});
