import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import {
  PUBLISH_PLATFORMS,
  PUBLISH_RULES,
  publishPlatformOf,
  type PublishPlatform,
} from '@vidmatrix/contract/rules/publish-rules';
import { Msg } from '@vidmatrix/contract/messages';
import { CookieAuth } from '@vidmatrix/contract/rules/account-selectability';
import { DeadlineError } from '@vidmatrix/publisher/deadline';
import { profileDirOf } from '@vidmatrix/publisher/runner/auth-loop';
import type { AuthorizeResult } from '@vidmatrix/contract/desktop-api';
import type { DesktopServerApi } from './api-client.ts';
import { readJson, writeJson } from './json-file.ts';
import type { Logger } from './log.ts';

/** An account this computer holds a browser profile for (its cookies are its login). */
export interface LocalAccount {
  enterpriseAccountId: number;
  platformId: number;
  platform: PublishPlatform;
  profileDir: string;
  /** Authorized in this shell (accounts.json); otherwise only its profile is here (the runner logged it in). */
  remembered: boolean;
}

const stored = z.record(z.string(), z.object({ platformId: z.number().int(), authorizedAt: z.string() }));

/**
 * The accounts authorized on this computer: `accounts.json` beside `profiles/<platform>-<id>/`, the
 * layout of the runner's work dir, so the runner the shell embeds publishes with these logins.
 */
export interface AccountStore {
  list(): Promise<LocalAccount[]>;
  profileDir(enterpriseAccountId: number, platform: PublishPlatform): string;
  remember(enterpriseAccountId: number, platformId: number): Promise<void>;
}

/** Opens the account store under the shell's user-data folder. */
export function accountStore(userDataDir: string): AccountStore {
  const file = join(userDataDir, 'accounts.json');
  const profileDir = (id: number, platform: PublishPlatform) => profileDirOf(userDataDir, platform, id);
  const load = async () => {
    const parsed = stored.safeParse(await readJson(file));
    return parsed.success ? parsed.data : {};
  };
  return {
    profileDir,
    async list() {
      const entries = Object.entries(await load());
      const remembered = entries.flatMap(([key, value]) => {
        const id = Number(key);
        const platform = publishPlatformOf(value.platformId);
        return Number.isInteger(id) && platform
          ? [
              {
                enterpriseAccountId: id,
                platformId: value.platformId,
                platform,
                profileDir: profileDir(id, platform),
                remembered: true,
              },
            ]
          : [];
      });
      // Profiles the embedded runner made (its QR logins, jobs) without the shell's own authorize.
      const dirs = await readdir(join(userDataDir, 'profiles')).catch(() => [] as string[]);
      const profiled = dirs.flatMap((dir) => {
        const [, name, digits] = /^([a-z]+)-(\d+)$/.exec(dir) ?? [];
        const platform = PUBLISH_PLATFORMS.find((p) => p === name);
        const id = Number(digits);
        return platform && !remembered.some((a) => a.enterpriseAccountId === id)
          ? [
              {
                enterpriseAccountId: id,
                platformId: PUBLISH_RULES[platform].platformIds[0] ?? 0,
                platform,
                profileDir: profileDir(id, platform),
                remembered: false,
              },
            ]
          : [];
      });
      return [...remembered, ...profiled];
    },
    async remember(id, platformId) {
      const all = await load();
      all[String(id)] = { platformId, authorizedAt: new Date().toISOString() };
      await writeJson(file, all);
    },
  };
}

/** Checks one account's stored login in its own profile (publisher's `checkLogin`, in the thin layer). */
export type LoginChecker = (account: LocalAccount) => Promise<'valid' | 'invalid' | 'unknown'>;

/** Opens the platform login in the account's profile and resolves once the person has signed in. */
export type LoginOpener = (account: LocalAccount) => Promise<void>;

/** Checks each account in turn (one browser at a time on the member's computer). */
export async function checkAccounts(accounts: LocalAccount[], check: LoginChecker, log: Logger) {
  const outcome = { valid: [] as number[], invalid: [] as number[], unknown: [] as number[] };
  for (const account of accounts) {
    const state = await check(account).catch((error: unknown) => {
      log.warn('login check failed', { account: account.enterpriseAccountId, error: String(error) });
      return 'unknown' as const;
    });
    outcome[state].push(account.enterpriseAccountId);
  }
  return outcome;
}

/**
 * SPEC §4 start-up check: every locally stored login of the signed-in member's accounts is checked,
 * then pushed in two calls of authCkAllStatus — the valid ones with 1, the expired ones with 2. A check
 * that could not decide (network down, page changed) is left out rather than marking a working login
 * expired. Logins here of accounts not the member's (another member on this computer, or deleted) are
 * left alone: the server refuses a whole batch that names one. A profile only the runner made counts
 * once the server has seen it authorized (status 1 or 2): a failed first login must stay 未授权.
 */
export async function pushAuthorizationAtStart(deps: {
  accounts: AccountStore;
  check: LoginChecker;
  api: Pick<DesktopServerApi, 'authCkAllStatus' | 'memberAccounts'>;
  log: Logger;
}) {
  const status = new Map((await deps.api.memberAccounts()).map((a) => [a.enterprise_account_id, a.cookie_auth_status]));
  const local = (await deps.accounts.list()).filter((a) => {
    const known = status.get(a.enterpriseAccountId);
    return known !== undefined && (a.remembered || known === CookieAuth.authorized || known === CookieAuth.expired);
  });
  const outcome = await checkAccounts(local, deps.check, deps.log);
  if (outcome.valid.length > 0) {
    await deps.api.authCkAllStatus(outcome.valid, 1, Msg.authReasonCheckValid);
  }
  if (outcome.invalid.length > 0) {
    await deps.api.authCkAllStatus(outcome.invalid, 2, Msg.authReasonCheckExpired);
  }
  deps.log.info('authorization pushed', {
    valid: outcome.valid.length,
    invalid: outcome.invalid.length,
    unknown: outcome.unknown.length,
  });
  return outcome;
}

/** The /accounts page's check of given accounts; an account with no profile here is not valid here. */
export async function checkAuthorizations(
  ids: number[],
  deps: { accounts: AccountStore; check: LoginChecker; log: Logger },
): Promise<Record<number, boolean>> {
  const local = (await deps.accounts.list()).filter((a) => ids.includes(a.enterpriseAccountId));
  const outcome = await checkAccounts(local, deps.check, deps.log);
  return Object.fromEntries(ids.map((id) => [id, outcome.valid.includes(id)]));
}

/**
 * Authorizes one account in its own profile: the person signs in in the local browser and the shell
 * remembers the account. The web page then calls authCkStatus and shows 授权成功, or shows `msg`.
 */
export async function authorizeAccount(
  enterpriseAccountId: number,
  platformId: number,
  deps: {
    accounts: AccountStore;
    open: LoginOpener;
    log: Logger;
  },
): Promise<AuthorizeResult> {
  const platform = publishPlatformOf(platformId);
  if (!platform) {
    return { ok: false, msg: Msg.desktopAuthUnsupported };
  }
  const account = {
    enterpriseAccountId,
    platformId,
    platform,
    profileDir: deps.accounts.profileDir(enterpriseAccountId, platform),
    remembered: false,
  };
  try {
    await deps.open(account);
  } catch (error) {
    deps.log.warn('authorization failed', { account: enterpriseAccountId, error: String(error) });
    return { ok: false, msg: messageOf(error) };
  }
  await deps.accounts.remember(enterpriseAccountId, platformId);
  deps.log.info('account authorized', { account: enterpriseAccountId, platform });
  return { ok: true, msg: Msg.authSuccess };
}

function messageOf(error: unknown): string {
  if (error instanceof DeadlineError) {
    return Msg.desktopAuthTimeout;
  }
  // Chrome refuses a second browser on one profile: the runner is using it.
  if (
    error instanceof Error &&
    /ProcessSingleton|profile.*in use|user data directory is already in use/i.test(error.message)
  ) {
    return Msg.desktopAuthBusy;
  }
  if (error instanceof Error && /Executable doesn't exist|ENOENT|Failed to launch/i.test(error.message)) {
    return Msg.chromiumNotFound;
  }
  return Msg.desktopAuthFailed;
}
