import { spawn, type ChildProcess } from 'node:child_process';
import { openSync } from 'node:fs';
import { join } from 'node:path';
import type { PublishPlatform } from '@vidmatrix/contract/rules/publish-rules';
import { openAccount } from '@vidmatrix/publisher/run-job';
import { profileDirOf } from '@vidmatrix/publisher/runner/auth-loop';
import { sandboxOptions } from '@vidmatrix/publisher/test-support';

const repoRoot = join(import.meta.dirname, '..', '..', '..', '..');

/**
 * Signs `user` in on `platform` in the runner's profile of the account, as a login on the runner's
 * machine leaves it (the QR step itself is runner-hosting.spec's and publish.spec's).
 */
export async function signInProfile(
  sandboxUrl: string,
  workDir: string,
  platform: PublishPlatform,
  accountId: number,
  user: string,
): Promise<void> {
  const session = await openAccount(
    { id: String(accountId), profileDir: profileDirOf(workDir, platform, accountId) },
    sandboxOptions(sandboxUrl, join(workDir, 'artefacts')),
  );
  try {
    const res = await session.page
      .context()
      .request.post(`${sandboxUrl}/${platform}/__sandbox/login`, { data: { account: user } });
    if (!res.ok()) {
      throw new Error(`sandbox login ${platform}/${user}: ${res.status()}`);
    }
  } finally {
    await session.close();
  }
}

/** `npm run runner` against `serverUrl` with the member's runner token, every site at the sandbox. */
export function startRunnerProcess(
  serverUrl: string,
  token: string,
  workDir: string,
  sandboxUrl: string,
): ChildProcess {
  const log = openSync(join(workDir, 'runner.log'), 'a');
  return spawn(process.execPath, ['--import', 'tsx', 'packages/publisher/src/runner/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      RUNNER_SERVER_URL: serverUrl,
      RUNNER_TOKEN: token,
      RUNNER_DIR: workDir,
      RUNNER_CONNECTOR_BASE: sandboxUrl,
    },
    stdio: ['ignore', log, log],
  });
}

/** Stops a child process and waits for it to end. */
export async function stopProcess(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) {
    return;
  }
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
