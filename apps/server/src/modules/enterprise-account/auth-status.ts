import { CookieAuth, platformAuthType } from '@vidmatrix/contract/rules/account-selectability';
import type { RealtimePublisher } from '../../realtime/hub.ts';
import type { EnterpriseAccountRepository } from './enterprise-account.repository.ts';

/** What a status write reads of an account (`ownedAccounts` rows). */
export interface AuthAccount {
  id: number;
  platform_id: number;
  cookie_auth_status: number;
}

/** A change of accounts' authorization status and the reason logged with it. */
export interface AuthStatusChange {
  status: number;
  reason: string;
  /** Log even where the status stays (a login the member asked for is always logged). */
  logUnchanged: boolean;
}

/**
 * Sets `accounts`' authorization status and logs the changes, on `repo` — bound to the caller's
 * transaction, so the account module's own writes and a runner's findings (runner-auth, in one
 * transaction with the request it ends) keep one rule. The number of changes logged.
 */
export async function writeAuthStatus(
  repo: Pick<EnterpriseAccountRepository, 'setAuthStatus' | 'insertAuthLogs'>,
  memberId: number,
  accounts: readonly AuthAccount[],
  change: AuthStatusChange,
  now: number,
): Promise<number> {
  const { status, reason, logUnchanged } = change;
  const logs = [];
  for (const account of accounts) {
    // Access-authorized platforms (2, 6) keep their state in access_status (SPEC §5.4).
    const access =
      platformAuthType(account.platform_id) === 'access' ? (status === CookieAuth.authorized ? 1 : 0) : undefined;
    await repo.setAuthStatus(account.id, status, access, now);
    if (logUnchanged || account.cookie_auth_status !== status) {
      logs.push({
        member_id: memberId,
        enterprise_account_id: account.id,
        from_status: account.cookie_auth_status,
        to_status: status,
        reason,
        created_at: now,
      });
    }
  }
  await repo.insertAuthLogs(logs);
  return logs.length;
}

/** After a status write has committed: the member's open data screen reads its authorization figures again. */
export function announceAuthChange(realtime: Pick<RealtimePublisher, 'publish'> | undefined, memberId: number): void {
  realtime?.publish(memberId, { type: 'data_changed', data: { what: 'accounts' } });
}

/**
 * After a write that has just expired accounts has committed: the member's open consoles name them, to
 * authorize again (account_auth_expired).
 */
export function announceAuthExpired(
  realtime: Pick<RealtimePublisher, 'publish'> | undefined,
  memberId: number,
  accounts: readonly { id: number; nickname: string }[],
): void {
  realtime?.publish(memberId, {
    type: 'account_auth_expired',
    data: { accounts: accounts.map((a) => ({ enterprise_account_id: a.id, nickname: a.nickname })) },
  });
}
