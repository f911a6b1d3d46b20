import type { Insertable, Selectable, Updateable } from 'kysely';
import type { AccountAuthRequestTable, Db } from '../../db/types.ts';
import { serverRunnerMembers } from './server-runner.repository.ts';

export type AuthRequestRow = Selectable<AccountAuthRequestTable>;

/** Account authorization requests handed to runners, and the facts about runners and accounts they need. */
export class RunnerAuthRepository {
  constructor(private readonly db: Db) {}

  async insert(row: Insertable<AccountAuthRequestTable>): Promise<number> {
    const inserted = await this.db
      .insertInto('account_auth_request')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  }

  find(memberId: number, id: number): Promise<AuthRequestRow | undefined> {
    return this.db
      .selectFrom('account_auth_request')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Compare-and-set: moves the request only from one of `from`; the row after, or undefined. */
  async move(
    id: number,
    from: readonly string[],
    changes: Updateable<AccountAuthRequestTable>,
    guard: { runnerId?: number; smsCode?: string } = {},
  ): Promise<AuthRequestRow | undefined> {
    let query = this.db
      .updateTable('account_auth_request')
      .set(changes)
      .where('id', '=', id)
      .where('state', 'in', [...from]);
    if (guard.runnerId !== undefined) {
      query = query.where('runner_id', '=', guard.runnerId);
    }
    if (guard.smsCode !== undefined) {
      query = query.where('sms_code', '=', guard.smsCode);
    }
    return query.returningAll().executeTakeFirst();
  }

  /** A request by id, whoever's (a server runner serves several members). */
  findAny(id: number): Promise<AuthRequestRow | undefined> {
    return this.db.selectFrom('account_auth_request').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Open requests, oldest first, for accounts not in `busy`: the member's, or (memberId null, a server
   * runner) the QR logins of every member whose level lets server runners serve it.
   */
  pending(memberId: number | null, now: number, busy: readonly number[], limit: number) {
    let query = this.db
      .selectFrom('account_auth_request')
      .select(['id'])
      .where('member_id', memberId === null ? 'in' : '=', memberId ?? serverRunnerMembers(this.db))
      .where('state', '=', 'pending')
      .where('expires_at', '>', now);
    if (memberId === null) {
      // A login check belongs where the login was made: a server runner checking a login the member's
      // desktop holds would find none there and mark the account expired.
      query = query.where('kind', '=', 'login');
    }
    if (busy.length > 0) {
      query = query.where('enterprise_account_id', 'not in', [...busy]);
    }
    return query.orderBy('id').limit(limit).execute();
  }

  /** Requests not ended, of these accounts (one open request per account and kind at a time). */
  open(memberId: number, accountIds: readonly number[], kind: string) {
    if (accountIds.length === 0) {
      return Promise.resolve([]);
    }
    return this.db
      .selectFrom('account_auth_request')
      .select(['id', 'enterprise_account_id'])
      .where('member_id', '=', memberId)
      .where('kind', '=', kind)
      .where('state', 'in', ['pending', 'running', 'qr', 'sms'])
      .where('enterprise_account_id', 'in', [...accountIds])
      .execute();
  }

  /** Requests past their time that never ended. */
  overdue(now: number, limit: number) {
    return this.db
      .selectFrom('account_auth_request')
      .selectAll()
      .where('state', 'in', ['pending', 'running', 'qr', 'sms'])
      .where('expires_at', '<=', now)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** Runners of the member that are not revoked and were seen since `since`. */
  onlineRunners(memberId: number, since: number) {
    return this.db
      .selectFrom('runner')
      .select(['id'])
      .where('member_id', '=', memberId)
      .where('revoked_at', 'is', null)
      .where('last_heartbeat', '>=', since)
      .execute();
  }

  /** Members with at least one runner seen since `since`. */
  async membersOnline(since: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('runner')
      .select('member_id')
      .distinct()
      .where('member_id', 'is not', null)
      .where('revoked_at', 'is', null)
      .where('last_heartbeat', '>=', since)
      .execute();
    return rows.flatMap((r) => (r.member_id === null ? [] : [r.member_id]));
  }

  async runnerSeen(runnerId: number, now: number): Promise<void> {
    await this.db.updateTable('runner').set({ last_heartbeat: now }).where('id', '=', runnerId).execute();
  }

  account(memberId: number, id: number) {
    return this.db
      .selectFrom('enterprise_account as a')
      .leftJoin('platform as p', 'p.id', 'a.platform_id')
      .select(['a.id', 'a.nickname', 'a.platform_id', 'a.cookie_auth_status', 'a.ip_code', 'p.name as platform_name'])
      .where('a.member_id', '=', memberId)
      .where('a.id', '=', id)
      .executeTakeFirst();
  }

  accountsByIds(memberId: number, ids: readonly number[]) {
    if (ids.length === 0) {
      return Promise.resolve([]);
    }
    return this.db
      .selectFrom('enterprise_account')
      .select(['id', 'nickname', 'platform_id'])
      .where('member_id', '=', memberId)
      .where('id', 'in', [...ids])
      .execute();
  }

  /** The member's accounts on these platforms with this cookie_auth_status. */
  accountsWithStatus(memberId: number, platformIds: readonly number[], status: number) {
    return this.db
      .selectFrom('enterprise_account')
      .select(['id', 'nickname', 'platform_id'])
      .where('member_id', '=', memberId)
      .where('platform_id', 'in', [...platformIds])
      .where('cookie_auth_status', '=', status)
      .orderBy('id')
      .execute();
  }
}
