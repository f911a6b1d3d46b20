import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import type { LoginResult } from '@vidmatrix/contract/api/auth';
import { RunnerTokenApi } from '@vidmatrix/contract/api/runner-auth';
import { TOKEN_HEADER } from '@vidmatrix/contract/constants';
import type { Envelope } from '@vidmatrix/contract/envelope';
import { sandboxControl, type SandboxControl } from '@vidmatrix/platform-sandbox/client';
import { startSandbox, type Sandbox } from '@vidmatrix/platform-sandbox/server';
import { startRunner, type RunnerHandle } from '@vidmatrix/publisher/runner/runner-loop';
import { sandboxOptions, tempDir } from '@vidmatrix/publisher/test-support';
import { expect, test } from './fixtures.ts';

/** One member call with the member's token; its data (the call must succeed). */
export async function memberApi<T>(
  request: APIRequestContext,
  token: string,
  url: string,
  data: object = {},
): Promise<T> {
  const response = await request.post(url, { headers: { [TOKEN_HEADER]: token }, data });
  const body = (await response.json()) as Envelope<T>;
  expect(body.code, body.msg).toBe(200);
  return body.data;
}

/** The API token of a member made by `signInNewMember`. */
export async function memberToken(request: APIRequestContext, account: string): Promise<string> {
  const login = await request.post('/api/member.Login/login', { data: { account, password: 'member123456' } });
  return ((await login.json()) as Envelope<LoginResult>).data.ApiToken;
}

/** The member's own runner (a headless one, as on a server) against the platform sandbox. */
async function startMemberRunner(
  request: APIRequestContext,
  token: string,
  serverUrl: string,
  sandboxUrl: string,
): Promise<RunnerHandle> {
  const { token: runnerToken } = await memberApi<{ token: string }>(request, token, RunnerTokenApi.create, {
    name: '服务器发布器',
  });
  const workDir = await tempDir('e2e-runner-auth');
  return startRunner({
    serverUrl,
    token: runnerToken,
    workDir,
    claimWaitMs: 2_000,
    publisher: sandboxOptions(sandboxUrl, join(workDir, 'artefacts')),
  });
}

/** Waits until the server lists one of the member's runners online. */
async function runnerOnline(request: APIRequestContext, token: string): Promise<void> {
  await expect
    .poll(
      async () =>
        (await memberApi<{ list: { online: boolean }[] }>(request, token, RunnerTokenApi.list)).list.some(
          (r) => r.online,
        ),
      { timeout: 120_000 },
    )
    .toBe(true);
}

/**
 * The platform sandbox and the member's own runner against it, for one spec file: `start` brings both
 * up and waits until the server lists the runner online; both stop after the file's tests (stopping
 * closes the browser of a login still waiting for its scan or code).
 */
export function sandboxRunnerStage(): {
  start(request: APIRequestContext, token: string, serverUrl: string): Promise<SandboxControl>;
} {
  let sandbox: Sandbox | undefined;
  let runner: RunnerHandle | undefined;
  test.afterAll(async () => {
    test.setTimeout(120_000);
    await runner?.stop();
    await sandbox?.close();
  });
  return {
    async start(request, token, serverUrl) {
      sandbox = await startSandbox();
      runner = await startMemberRunner(request, token, serverUrl, sandbox.url);
      await runnerOnline(request, token);
      return sandboxControl(sandbox.url);
    },
  };
}
