import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUNNER_TOKEN_HEADER } from '@vidmatrix/contract/api/publish';
import { RunnerAuthApi, RunnerTokenApi } from '@vidmatrix/contract/api/runner-auth';
import { AccountApi } from '@vidmatrix/contract/api/enterprise-account';
import { TOKEN_HEADER } from '@vidmatrix/contract/constants';
import { Msg } from '@vidmatrix/contract/messages';
import { sandboxControl } from '@vidmatrix/platform-sandbox/client';
import { startSandbox, type Sandbox } from '@vidmatrix/platform-sandbox/server';
import { startRunner } from '@vidmatrix/publisher/runner/runner-loop';
import { sandboxOptions, tempDir, until as waitFor } from '@vidmatrix/publisher/test-support';
import { createMemoryLogger } from './log.ts';
import { startRealServer, type RealServer } from './real-server.ts';
import { httpTokenIssuer } from './runner-tokens.ts';
import { fileTokenStore, TaskSync, type Sealer } from './task-sync.ts';

/** Generous: the server, Chromium and the sandbox share a loaded two-core machine. */
const DEADLINE_MS = 240_000;

const sealer: Sealer = {
  seal: (text) => Buffer.from(text).reverse().toString('base64'),
  open: (sealed) => Buffer.from(sealed, 'base64').reverse().toString(),
};

let server: RealServer;
let sandbox: Sandbox;

beforeAll(async () => {
  [server, sandbox] = await Promise.all([startRealServer(), startSandbox()]);
}, DEADLINE_MS);

afterAll(async () => {
  await sandbox?.close();
  await server?.stop();
}, DEADLINE_MS);

interface Answer<T> {
  code: number;
  msg: string;
  data: T;
}

async function call<T>(path: string, body: object, headers: Record<string, string>): Promise<Answer<T>> {
  const res = await fetch(new URL(path, server.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Answer<T>;
}

/** Polls until `check` holds, up to this file's deadline. */
function until<T>(what: string, read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  return waitFor(what, read, check, DEADLINE_MS);
}

describe('task sync against the real server', { timeout: DEADLINE_MS * 2 }, () => {
  it('creates and stores the runner token at sign-in, runs the member’s work, and at sign-out stops and revokes it', async () => {
    const login = await call<{ ApiToken: string }>(
      '/api/member.Login/login',
      { account: 'demo', password: server.demoPassword },
      {},
    );
    expect(login.code).toBe(200);
    const member = { [TOKEN_HEADER]: login.data.ApiToken };
    const info = await fetch(new URL('/api/member.Member/info', server.url), { headers: member });
    const memberId = ((await info.json()) as Answer<{ member_id: number }>).data.member_id;

    const dir = await tempDir('desktop-task-sync');
    const tokens = fileTokenStore(dir, sealer);
    const sync = new TaskSync({
      tokens,
      issuer: httpTokenIssuer(server.url, 'desktop-linux'),
      startLoop: (credential) =>
        startRunner({
          serverUrl: server.url,
          token: credential.token,
          workDir: dir,
          claimWaitMs: 1_000,
          publisher: sandboxOptions(sandbox.url, join(dir, 'artefacts')),
        }),
      log: createMemoryLogger(),
    });

    await sync.signedIn({ memberId, memberToken: login.data.ApiToken });
    const stored = await tokens.get(memberId);
    expect(stored?.token).toMatch(/^vmr_/);
    const runners = () =>
      call<{ list: { runner_id: number; name: string; online: boolean; revoked: boolean }[] }>(
        RunnerTokenApi.list,
        {},
        member,
      );
    await until('the shell’s runner online', runners, (r) =>
      r.data.list.some((x) => x.runner_id === stored?.runnerId && x.online),
    );

    // The embedded runner does the member's work: a QR login of one of their accounts.
    const added = await call<{ enterprise_account_id: number }>(
      AccountApi.add,
      { nickname: '桌面号', platform_id: 1 },
      member,
    );
    expect(added.code).toBe(200);
    const started = await call<{ request_id: number }>(
      RunnerAuthApi.start,
      { enterprise_account_id: added.data.enterprise_account_id },
      member,
    );
    expect(started.code).toBe(200);
    const qr = await until(
      'QR relayed',
      () =>
        call<{ state: string; qr_image: string }>(RunnerAuthApi.info, { request_id: started.data.request_id }, member),
      (r) => r.data.state === 'qr',
    );
    await sandboxControl(sandbox.url).scan(qr.data.qr_image, 'desktop-user');
    const done = await until(
      'authorized',
      () =>
        call<{ state: string; msg: string; cookie_auth_status: number }>(
          RunnerAuthApi.info,
          { request_id: started.data.request_id },
          member,
        ),
      (r) => r.data.state === 'done',
    );
    expect(done.data).toMatchObject({ msg: Msg.authSuccess, cookie_auth_status: 1 });

    // Sign-out: the loop stops, the token is forgotten here and revoked on the server.
    await sync.signedOut();
    expect(await tokens.get(memberId)).toBeUndefined();
    expect((await runners()).data.list.find((x) => x.runner_id === stored?.runnerId)?.revoked).toBe(true);
    const claim = await call('/api/runner.Runner/claim', {}, { [RUNNER_TOKEN_HEADER]: stored?.token ?? '' });
    expect(claim.msg).toBe(Msg.runnerTokenInvalid);
  });
});
