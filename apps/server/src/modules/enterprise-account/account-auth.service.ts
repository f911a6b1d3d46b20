import type {
  AuthLogList,
  authCkAllStatusBody,
  authCkStatusBody,
  authLogQuery,
} from '@vidmatrix/contract/api/enterprise-account';
import type { RealtimePublisher } from '../../realtime/hub.ts';
import { Msg } from '@vidmatrix/contract/messages';
import { CookieAuth } from '@vidmatrix/contract/rules/account-selectability';
import { formatServerTime } from '@vidmatrix/contract/rules/time';
import type { z } from 'zod';
import { requireAccounts } from './account-rows.ts';
import { announceAuthChange, announceAuthExpired, writeAuthStatus } from './auth-status.ts';
import type { DomainEvents, LoggedOutFinder } from '../../lib/events.ts';
import type { Transaction } from '../../repositories.ts';
import type { EnterpriseAccountRepository } from './enterprise-account.repository.ts';

/** Why an account found logged out became expired, by the module whose runner found it (the log's reason). */
const LOGGED_OUT_REASON: Record<LoggedOutFinder, string> = {
  publish: Msg.authReasonJobLoggedOut,
  harvest: Msg.authReasonHarvestLoggedOut,
};

/**
 * Authorization state of accounts as the desktop client sets it, its change log, and an account found
 * logged out by a runner (`account.logged_out`). A runner's authorization reports write through the same
 * `writeAuthStatus` (publish/runner-auth.service.ts), not through this service.
 */
export class AccountAuthService {
  private readonly repo: Pick<EnterpriseAccountRepository, 'authLogs' | 'ownedAccounts' | 'accountsByIds'>;

  constructor(
    private readonly deps: {
      enterpriseAccountRepository: Pick<EnterpriseAccountRepository, 'authLogs' | 'ownedAccounts' | 'accountsByIds'>;
      now: () => number;
      transaction: Transaction;
      realtime?: RealtimePublisher;
    },
  ) {
    this.repo = deps.enterpriseAccountRepository;
  }

  /** The desktop re-authorized (or failed to) one account: the change is always logged. */
  async authCkStatus(memberId: number, body: z.output<typeof authCkStatusBody>): Promise<number> {
    return this.setAuthStatus(
      memberId,
      [body.enterprise_account_id],
      body.cookie_auth_status,
      body.reason || Msg.authReasonClient,
      true,
    );
  }

  /** The desktop's start-up check of many accounts: only real changes are logged. */
  async authCkAllStatus(memberId: number, body: z.output<typeof authCkAllStatusBody>): Promise<number> {
    if (body.enterprise_account_id.length === 0) {
      return 0;
    }
    const reason =
      body.reason ||
      (body.cookie_auth_status === CookieAuth.authorized
        ? Msg.authReasonCheckValid
        : body.cookie_auth_status === CookieAuth.expired
          ? Msg.authReasonCheckExpired
          : Msg.authReasonManual);
    return this.setAuthStatus(memberId, body.enterprise_account_id, body.cookie_auth_status, reason, false);
  }

  /**
   * `account.logged_out`: a publish job's or a harvest pass's login check found the account logged out.
   * Status 2 with the finder's reason (logged when it changed); the data screen reads again and the member
   * is told the account to authorize again. An account deleted meanwhile is left alone.
   */
  async loggedOut({ memberId, accountId, foundBy }: DomainEvents['account.logged_out']): Promise<void> {
    const now = this.deps.now();
    const change = { status: CookieAuth.expired, reason: LOGGED_OUT_REASON[foundBy], logUnchanged: false };
    const logged = await this.deps.transaction(async ({ enterpriseAccountRepository: repo }) => {
      const owned = await repo.ownedAccounts(memberId, [accountId]);
      return owned.length === 0 ? undefined : writeAuthStatus(repo, memberId, owned, change, now);
    });
    if (logged === undefined) {
      return;
    }
    announceAuthChange(this.deps.realtime, memberId);
    if (logged > 0) {
      announceAuthExpired(this.deps.realtime, memberId, await this.repo.accountsByIds(memberId, [accountId]));
    }
  }

  private async setAuthStatus(
    memberId: number,
    ids: number[],
    status: number,
    reason: string,
    logUnchanged: boolean,
  ): Promise<number> {
    const now = this.deps.now();
    const changed = await this.deps.transaction(async ({ enterpriseAccountRepository: repo }) =>
      writeAuthStatus(
        repo,
        memberId,
        await requireAccounts(repo, memberId, ids),
        { status, reason, logUnchanged },
        now,
      ),
    );
    announceAuthChange(this.deps.realtime, memberId);
    return changed;
  }

  /** Authorization changes of one account, newest first. */
  async authLog(memberId: number, query: z.output<typeof authLogQuery>): Promise<AuthLogList> {
    await requireAccounts(this.repo, memberId, [query.enterprise_account_id]);
    const { rows, count } = await this.repo.authLogs(
      memberId,
      query.enterprise_account_id,
      (query.page - 1) * query.limit,
      query.limit,
    );
    return {
      list: rows.map((row) => ({
        log_id: row.id,
        enterprise_account_id: row.enterprise_account_id,
        from_status: row.from_status,
        to_status: row.to_status,
        reason: row.reason,
        create_time: formatServerTime(row.created_at),
      })),
      count,
    };
  }
}
