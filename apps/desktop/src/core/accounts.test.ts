import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DeadlineError } from '@vidmatrix/publisher/deadline';
import { Msg } from '@vidmatrix/contract/messages';
import {
  accountStore,
  authorizeAccount,
  checkAuthorizations,
  pushAuthorizationAtStart,
  type LocalAccount,
} from './accounts.ts';
import { createApiClient } from './api-client.ts';
import { createMemoryLogger } from './log.ts';
import { envelope, startTestServer } from './test-server.ts';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
});

/** Douyin is platform 1, Kuaishou 2 in publish-rules; 7 has no connector. */
async function storeWith(entries: [number, number][]) {
  const store = accountStore(await mkdtemp(join(tmpdir(), 'accounts-')));
  for (const [id, platformId] of entries) {
    await store.remember(id, platformId);
  }
  return store;
}

/** A fake checker that answers from a table and records what it was asked, in order. */
function fakeChecker(answers: Record<number, 'valid' | 'invalid' | 'unknown' | 'throw'>) {
  const asked: LocalAccount[] = [];
  const check = (account: LocalAccount) => {
    asked.push(account);
    const answer = answers[account.enterpriseAccountId] ?? 'unknown';
    return answer === 'throw' ? Promise.reject(new Error('browser crashed')) : Promise.resolve(answer);
  };
  return { asked, check };
}

/** The member's accounts as getEnterpriseAccountList answers them (ids and statuses are read; 1 unless given). */
const listOf = (ids: number[], statuses: Record<number, number> = {}) =>
  envelope({
    list: ids.map((id) => ({ enterprise_account_id: id, nickname: `号${id}`, cookie_auth_status: statuses[id] ?? 1 })),
    count: ids.length,
  });
const ACCOUNT_LIST = 'GET /api/member.EnterpriseAccount/getEnterpriseAccountList';

describe('authorization at start', () => {
  it('pushes the valid accounts with status 1 and the expired ones with 2, in two calls', async () => {
    const server = await startTestServer({
      [ACCOUNT_LIST]: listOf([11, 12, 13, 14, 15]),
      'POST /api/customer.AuthPlatform/authCkAllStatus': envelope({ changed: 2 }),
    });
    close = server.close;
    const accounts = await storeWith([
      [11, 1],
      [12, 2],
      [13, 1],
      [14, 2],
      [15, 1],
      // Another member's login on this computer (or an account deleted since): never checked nor pushed.
      [16, 1],
    ]);
    const { asked, check } = fakeChecker({ 11: 'valid', 12: 'invalid', 13: 'valid', 14: 'throw', 15: 'invalid' });
    const api = createApiClient({ serverUrl: server.url, memberToken: () => 'member-token' });

    const outcome = await pushAuthorizationAtStart({ accounts, check, api, log: createMemoryLogger() });

    expect(asked.map((a) => [a.enterpriseAccountId, a.platform])).toEqual([
      [11, 'douyin'],
      [12, 'kuaishou'],
      [13, 'douyin'],
      [14, 'kuaishou'],
      [15, 'douyin'],
    ]);
    expect(asked[0]?.profileDir).toMatch(/profiles[/\\]douyin-11$/);
    expect(outcome.unknown).toEqual([14]);
    expect(server.requests.map((r) => [r.body, r.headers.membertoken])).toEqual([
      [undefined, 'member-token'],
      [{ enterprise_account_id: '11,13', cookie_auth_status: 1, reason: Msg.authReasonCheckValid }, 'member-token'],
      [{ enterprise_account_id: '12,15', cookie_auth_status: 2, reason: Msg.authReasonCheckExpired }, 'member-token'],
    ]);
  });

  it('checks the profiles the runner logged in, once the server has seen them authorized', async () => {
    const server = await startTestServer({
      [ACCOUNT_LIST]: listOf([31, 32, 33], { 31: 2, 32: 0, 33: 1 }),
      'POST /api/customer.AuthPlatform/authCkAllStatus': envelope({ changed: 1 }),
    });
    close = server.close;
    const accounts = await storeWith([]);
    // 31 expired and 33 authorized on the server; 32's first login failed (未授权 stays); 34 is not the member's.
    for (const [platform, id] of [
      ['douyin', 31],
      ['douyin', 32],
      ['kuaishou', 33],
      ['douyin', 34],
    ] as const) {
      await mkdir(accounts.profileDir(id, platform), { recursive: true });
    }
    const { asked, check } = fakeChecker({ 31: 'valid', 32: 'invalid', 33: 'invalid', 34: 'invalid' });
    const api = createApiClient({ serverUrl: server.url });
    await pushAuthorizationAtStart({ accounts, check, api, log: createMemoryLogger() });
    expect(asked.map((a) => [a.enterpriseAccountId, a.platform]).sort()).toEqual([
      [31, 'douyin'],
      [33, 'kuaishou'],
    ]);
    expect(server.requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { enterprise_account_id: '31', cookie_auth_status: 1, reason: Msg.authReasonCheckValid },
      { enterprise_account_id: '33', cookie_auth_status: 2, reason: Msg.authReasonCheckExpired },
    ]);
  });

  it('makes only the call that has accounts', async () => {
    const server = await startTestServer({
      [ACCOUNT_LIST]: listOf([21]),
      'POST /api/customer.AuthPlatform/authCkAllStatus': envelope({ changed: 1 }),
    });
    close = server.close;
    const accounts = await storeWith([[21, 1]]);
    const api = createApiClient({ serverUrl: server.url });
    await pushAuthorizationAtStart({
      accounts,
      check: fakeChecker({ 21: 'invalid' }).check,
      api,
      log: createMemoryLogger(),
    });
    expect(server.requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { enterprise_account_id: '21', cookie_auth_status: 2, reason: Msg.authReasonCheckExpired },
    ]);
  });

  it('answers the page’s check: accounts with no profile here are not valid here', async () => {
    const accounts = await storeWith([
      [31, 1],
      [32, 1],
    ]);
    const result = await checkAuthorizations([31, 32, 33], {
      accounts,
      check: fakeChecker({ 31: 'valid', 32: 'invalid' }).check,
      log: createMemoryLogger(),
    });
    expect(result).toEqual({ 31: true, 32: false, 33: false });
  });
});

describe('authorize one account', () => {
  it('opens the login in the account’s own profile and remembers it', async () => {
    const accounts = await storeWith([]);
    const opened: LocalAccount[] = [];
    const result = await authorizeAccount(41, 2, {
      accounts,
      open: (account) => {
        opened.push(account);
        return Promise.resolve();
      },
      log: createMemoryLogger(),
    });
    expect(result).toEqual({ ok: true, msg: Msg.authSuccess });
    expect(opened.map((a) => [a.platform, a.profileDir])).toEqual([['kuaishou', accounts.profileDir(41, 'kuaishou')]]);
    expect((await accounts.list()).map((a) => a.enterpriseAccountId)).toEqual([41]);
  });

  it('returns the message to show when it cannot', async () => {
    const accounts = await storeWith([]);
    const log = createMemoryLogger();
    const fail = (error: Error) => () => Promise.reject(error);
    expect(await authorizeAccount(42, 7, { accounts, open: fail(new Error('x')), log })).toEqual({
      ok: false,
      msg: Msg.desktopAuthUnsupported,
    });
    expect(await authorizeAccount(42, 1, { accounts, open: fail(new DeadlineError('qr login', 1000)), log })).toEqual({
      ok: false,
      msg: Msg.desktopAuthTimeout,
    });
    expect(
      await authorizeAccount(42, 1, { accounts, open: fail(new Error("Executable doesn't exist at C:\\x.exe")), log }),
    ).toEqual({ ok: false, msg: Msg.chromiumNotFound });
    expect(await accounts.list()).toEqual([]);
  });
});
