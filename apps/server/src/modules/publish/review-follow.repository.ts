import type { Db } from '../../db/types.ts';
import { candidateColumns, type ClaimCandidate } from './publish.repository.ts';
import { serverRunnerMembers } from './server-runner.repository.ts';

/**
 * SQL of the review follow-up: published posts the platform still reviews (审核中), each read again
 * when its `review_due_at` comes. Taking a read moves that time a lease ahead (compare-and-set on it),
 * so two runners never read the same post at once, and a runner that dies leaves it due again.
 */
export class ReviewFollowRepository {
  constructor(private readonly db: Db) {}

  /**
   * The member's posts whose review read is due, oldest due first, with their account's proxy code; for a
   * server runner (`null`), the posts of members whose level allows server runners.
   */
  async due(
    memberId: number | null,
    now: number,
    accounts: readonly number[],
    busy: readonly number[],
    limit: number,
  ): Promise<(ClaimCandidate & { review_due_at: number })[]> {
    let query = this.db
      .selectFrom('publish_job as j')
      .leftJoin('enterprise_account as a', 'a.id', 'j.enterprise_account_id')
      .select(candidateColumns.map((c) => `j.${c}` as const))
      .select(['a.ip_code', 'j.review_due_at'])
      .where('j.member_id', memberId === null ? 'in' : '=', memberId ?? serverRunnerMembers(this.db))
      .where('j.review_due_at', '<=', now)
      .where('j.state', '=', 'published');
    if (accounts.length > 0) {
      query = query.where('j.enterprise_account_id', 'in', accounts);
    }
    if (busy.length > 0) {
      query = query.where('j.enterprise_account_id', 'not in', busy);
    }
    const rows = await query.orderBy('j.review_due_at').orderBy('j.id').limit(limit).execute();
    return rows.map((r) => ({ ...r, ip_code: r.ip_code ?? '', review_due_at: r.review_due_at ?? now }));
  }

  /** Takes a due read: true when this caller moved its due time (from `dueAt` to `until`) first. */
  async take(jobId: number, dueAt: number, until: number): Promise<boolean> {
    const row = await this.db
      .updateTable('publish_job')
      .set({ review_due_at: until })
      .where('id', '=', jobId)
      .where('state', '=', 'published')
      .where('review_due_at', '=', dueAt)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }
}
