import type {
  AuthLogList,
  authCkAllStatusBody,
  authCkStatusBody,
  authLogQuery,
} from '@vidmatrix/contract/api/enterprise-account';
import type { RealtimePublisher } from '../../realtime/hub.ts';
import { Msg } from '@vidmatrix/contract/messages';
import { CookieAuth, platformAuthType } from '@vidmatrix/contract/rules/account-selectability';
import { formatServerTime } from '@vidmatrix/contract/rules/time';
import type { z } from 'zod';
import { requireAccounts } from './account-rows.ts';
import type { Transaction } from '../../repositories.ts';
import type { EnterpriseAccountRepository } from './enterprise-account.repository.ts';

/** Authorization state of accounts (set by the desktop client) and its change log. */
export class AccountAuthService {
  private readonly repo: Pick<EnterpriseAccountRepository, 'authLogs' | 'ownedAccounts'>;

  constructor(
    private readonly deps: {
      enterpriseAccountRepository: Pick<EnterpriseAccountRepository, 'authLogs' | 'ownedAccounts'>;
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
   * A runner's finding about accounts' stored logins (a QR login, a job's login check, the daily
   * sweep): sets the status; `logUnchanged` logs even when it stays. The number of changes logged.
   */
  async recordRunnerFinding(
    memberId: number,
    ids: number[],
    status: 1 | 2,
    reason: string,
    logUnchanged: boolean,
  ): Promise<number> {
    return this.setAuthStatus(memberId, ids, status, reason, logUnchanged);
  }

  private async setAuthStatus(
    memberId: number,
    ids: number[],
    status: number,
    reason: string,
    logUnchanged: boolean,
  ): Promise<number> {
    const accounts = await requireAccounts(this.repo, memberId, ids);
    const now = this.deps.now();
    const changed = await this.deps.transaction(async ({ enterpriseAccountRepository: repo }) => {
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
    });
    // The member's open data screen reads its authorization figures again.
    this.deps.realtime?.publish(memberId, { type: 'data_changed', data: { what: 'accounts' } });
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
