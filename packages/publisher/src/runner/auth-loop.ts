import { readdir } from 'node:fs/promises';
import { setTimeout as delay } from 'node:timers/promises';
import { join } from 'node:path';
import type { AuthTask } from '@vidmatrix/contract/api/runner-auth';
import type { PublishPlatform } from '@vidmatrix/contract/rules/publish-rules';
import { DeadlineError } from '../deadline.ts';
import { openAccount, type PublisherOptions } from '../run-job.ts';
import type { ProxySettings } from '../types.ts';
import type { RunnerClient } from './runner-client.ts';

/** One account's persistent profile under a runner's work dir (jobs and logins share it). */
export function profileDirOf(workDir: string, platform: PublishPlatform, accountId: number): string {
  return join(workDir, 'profiles', `${platform}-${accountId}`);
}

/** The accounts whose profiles are under a runner's work dir (a login or a job made each), by platform. */
export async function heldProfiles(workDir: string): Promise<{ platform: string; accountId: number }[]> {
  const names = await readdir(join(workDir, 'profiles')).catch(() => [] as string[]);
  return names.flatMap((name) => {
    const m = /^([a-z]+)-(\d+)$/.exec(name);
    return m?.[1] && m[2] ? [{ platform: m[1], accountId: Number(m[2]) }] : [];
  });
}

/** The accounts whose profiles are under a runner's work dir. */
export async function heldAccounts(workDir: string): Promise<number[]> {
  return (await heldProfiles(workDir)).map((p) => p.accountId);
}

/** The member cancelled the login, or it ran out on the server. */
class AuthCancelled extends Error {}

/** How often a login waiting for the member's SMS code asks the server again, ms. */
const SMS_POLL_MS = 1_500;

/**
 * The SMS code a platform asks for after the scan, typed by the member in the console: the first call
 * has the console ask (saying the previous code was refused, when it was), then the server is asked
 * again until the code is there (the connector's hand-off deadline bounds the wait).
 */
async function smsCodeFromMember(
  client: RunnerClient,
  requestId: number,
  refused: boolean,
  signal?: AbortSignal,
): Promise<string> {
  for (;;) {
    const { cancel, code } = await client.authSms(requestId, refused);
    if (cancel) {
      throw new AuthCancelled('the authorization ended on the server');
    }
    if (code) {
      return code;
    }
    await delay(SMS_POLL_MS, undefined, { signal });
  }
}

/**
 * Runs one authorization task in the account's own profile: a QR login relays every QR the page
 * shows (headed on a desktop the person may also scan in the window), a check opens the upload page
 * and says whether the stored login holds. The result goes to the server, which sets cookie_auth_status.
 */
export async function runAuthTask(
  client: RunnerClient,
  task: AuthTask,
  options: { workDir: string; publisher: PublisherOptions; proxy?: ProxySettings },
  log: (message: string, data?: Record<string, unknown>) => void,
  /** The runner stops: the browser closes and the login ends as failed. */
  signal?: AbortSignal,
): Promise<void> {
  let result: 'valid' | 'invalid' | 'unknown' | 'failed';
  let message = '';
  try {
    const session = await openAccount(
      {
        id: String(task.enterprise_account_id),
        profileDir: profileDirOf(options.workDir, task.platform, task.enterprise_account_id),
        proxy: options.proxy,
      },
      options.publisher,
    );
    const stop = () => void session.close().catch(() => undefined);
    signal?.addEventListener('abort', stop, { once: true });
    try {
      if (task.kind === 'check') {
        result = await session.checkLogin(task.platform);
      } else {
        await session.loginByQr(
          task.platform,
          async (image) => {
            if (await client.authQr(task.request_id, image)) {
              throw new AuthCancelled('the authorization ended on the server');
            }
          },
          (refused) => smsCodeFromMember(client, task.request_id, refused, signal),
        );
        result = 'valid';
      }
    } finally {
      signal?.removeEventListener('abort', stop);
      await session.close().catch(() => undefined);
    }
  } catch (err) {
    result = 'failed';
    message = err instanceof DeadlineError ? 'timeout' : err instanceof Error ? err.message.slice(0, 500) : String(err);
    if (task.kind === 'check') {
      result = 'unknown';
    }
  }
  try {
    const state = await client.authResult({ request_id: task.request_id, result, message });
    log('authorization finished', { request: task.request_id, kind: task.kind, result, state });
  } catch (err) {
    log('authorization result refused', { request: task.request_id, err: String(err) });
  }
}
