// What a runner's authorization report means for the account's stored login, and how a request reads
// to the member: pure rules beside runner-auth.service.ts, which applies them in its transactions.
import { type AuthRequestState, type AuthorizeView, type authResultBody } from '@vidmatrix/contract/api/runner-auth';
import { Msg } from '@vidmatrix/contract/messages';
import { CookieAuth } from '@vidmatrix/contract/rules/account-selectability';
import type { z } from 'zod';
import { writeAuthStatus, type AuthStatusChange } from '../enterprise-account/auth-status.ts';
import type { EnterpriseAccountRepository } from '../enterprise-account/enterprise-account.repository.ts';
import type { AuthRequestRow } from './runner-auth.repository.ts';

/** The account a finding is about. */
export type AccountRef = Pick<AuthRequestRow, 'member_id' | 'enterprise_account_id'>;

/**
 * Writes a runner's finding about one account on `repo` (bound to the caller's transaction): the number of
 * changes logged, or undefined when the account was deleted meanwhile (a request about it still ends).
 */
export async function writeFinding(
  repo: Pick<EnterpriseAccountRepository, 'ownedAccounts' | 'setAuthStatus' | 'insertAuthLogs'>,
  account: AccountRef,
  change: AuthStatusChange,
  now: number,
): Promise<number | undefined> {
  const owned = await repo.ownedAccounts(account.member_id, [account.enterprise_account_id]);
  return owned.length === 0 ? undefined : writeAuthStatus(repo, account.member_id, owned, change, now);
}

/** What a runner's report says about the account's stored login: a status to write, or nothing. */
export function findingOf(
  login: boolean,
  result: z.output<typeof authResultBody>['result'],
): AuthStatusChange | undefined {
  if (result === 'valid') {
    return login
      ? { status: CookieAuth.authorized, reason: Msg.authReasonRunnerLogin, logUnchanged: true }
      : { status: CookieAuth.authorized, reason: Msg.authReasonSweepValid, logUnchanged: false };
  }
  // A failed QR login says nothing of the stored login; a check that found it gone does.
  return !login && result === 'invalid'
    ? { status: CookieAuth.expired, reason: Msg.authReasonSweepExpired, logUnchanged: false }
    : undefined;
}

/** A request as the member's dialog shows it (the QR only while it is the thing to scan). */
export function view(row: AuthRequestRow, cookieAuthStatus: number): AuthorizeView {
  return {
    request_id: row.id,
    enterprise_account_id: row.enterprise_account_id,
    state: row.state as AuthRequestState,
    qr_image: row.state === 'qr' ? row.qr_image : '',
    msg: row.message,
    cookie_auth_status: cookieAuthStatus,
  };
}
