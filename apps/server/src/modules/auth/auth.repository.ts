import type { Insertable } from 'kysely';
import type { CaptchaTable, Db, MemberTokenTable } from '../../db/types.ts';
import type { FailureCounts } from './login-guard.ts';

/** SQL of sign-in: session tokens, failed attempts and captchas. */
export class AuthRepository {
  constructor(private readonly db: Db) {}

  async insertTokens(rows: Insertable<MemberTokenTable>[]): Promise<void> {
    await this.db.insertInto('member_token').values(rows).execute();
  }

  /** The live token of this hash and kind, held by an active member. */
  findLiveToken(tokenHash: string, kind: MemberTokenTable['kind'], now: number) {
    return this.db
      .selectFrom('member_token')
      .innerJoin('member', 'member.id', 'member_token.member_id')
      .select(['member_token.member_id', 'member_token.session_id', 'member_token.expires_at'])
      .where('member_token.token_hash', '=', tokenHash)
      .where('member_token.kind', '=', kind)
      .where('member_token.revoked_at', 'is', null)
      .where('member_token.expires_at', '>', now)
      .where('member.status', '=', 1)
      .executeTakeFirst();
  }

  async revokeSession(sessionId: string, now: number): Promise<void> {
    await this.db
      .updateTable('member_token')
      .set({ revoked_at: now })
      .where('session_id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** The member's live sessions (their api tokens), newest first. */
  liveSessions(memberId: number, now: number) {
    return this.db
      .selectFrom('member_token')
      .select(['session_id', 'platform', 'ip', 'device', 'created_at'])
      .where('member_id', '=', memberId)
      .where('kind', '=', 'api')
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /** Revokes one live session of the member; false when the member holds no such live session. */
  async revokeMemberSession(memberId: number, sessionId: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('member_token')
      .set({ revoked_at: now })
      .where('member_id', '=', memberId)
      .where('session_id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Revokes every token of the member except those of `keepSessionId` (all when null). */
  async revokeMemberSessions(memberId: number, keepSessionId: string | null, now: number): Promise<void> {
    let query = this.db
      .updateTable('member_token')
      .set({ revoked_at: now })
      .where('member_id', '=', memberId)
      .where('revoked_at', 'is', null);
    if (keepSessionId !== null) {
      query = query.where('session_id', '<>', keepSessionId);
    }
    await query.execute();
  }

  async recordFailure(account: string, ip: string, now: number): Promise<void> {
    await this.db.insertInto('login_failure').values({ account, ip, created_at: now }).execute();
  }

  /** Failures since `since` for the account and for the address. */
  async countFailures(account: string, ip: string, since: number): Promise<FailureCounts> {
    const count = async (column: 'account' | 'ip', value: string) => {
      const row = await this.db
        .selectFrom('login_failure')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(column, '=', value)
        .where('created_at', '>', since)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    };
    const [byAccount, byIp] = await Promise.all([count('account', account), count('ip', ip)]);
    return { account: byAccount, ip: byIp };
  }

  async clearFailures(account: string): Promise<void> {
    await this.db.deleteFrom('login_failure').where('account', '=', account).execute();
  }

  async pruneFailures(before: number): Promise<void> {
    await this.db.deleteFrom('login_failure').where('created_at', '<=', before).execute();
  }

  async insertCaptcha(row: Insertable<CaptchaTable>): Promise<void> {
    await this.db.insertInto('captcha').values(row).execute();
  }

  async pruneCaptchas(now: number): Promise<void> {
    await this.db.deleteFrom('captcha').where('expires_at', '<=', now).execute();
  }

  /** Marks a live captcha used and returns its code hash; undefined when unknown, used or expired. */
  async consumeCaptcha(id: string, now: number): Promise<string | undefined> {
    const row = await this.db
      .updateTable('captcha')
      .set({ used_at: now })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('code_hash')
      .executeTakeFirst();
    return row?.code_hash;
  }
}
