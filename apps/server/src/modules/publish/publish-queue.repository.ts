import { type PublishState, CLAIMABLE_STATES, LEASED_STATES } from '@vidmatrix/contract/rules/publish-state';
import { sql } from 'kysely';
import { CompiledQueries } from '../../db/compiled.ts';
import { serverRunnerMembers } from './server-runner.repository.ts';
import type { Db } from '../../db/types.ts';
import { candidateColumns, type ClaimCandidate } from './publish.repository.ts';

/** Queries compiled once per shape (they run many times a second). */
const compiled = new CompiledQueries();

/** The later of the stored and the new value of an upserted health column (SQLite's max(a,b) is PostgreSQL's greatest). */
function later(column: 'next_post_at' | 'cooldown_until') {
  return sql<number>`case when excluded.${sql.ref(column)} > publish_account_health.${sql.ref(column)} then excluded.${sql.ref(column)} else publish_account_health.${sql.ref(column)} end`;
}

/** Reads that decide what runs when: claim candidates, account pacing and cooldowns, daily caps, and the sweep's due rows. */
export class PublishQueueRepository {
  constructor(private readonly db: Db) {}

  /**
   * Jobs a runner of the member could claim now, oldest due first, with their account's proxy code:
   * queued and scheduled ones past their run_at whose account has no running job, is not cooling down
   * and is past its spacing, and verify-only ones nobody holds. One statement of three index-ordered,
   * limited parts (one per state), so a claim reads about `limit` rows however many jobs wait.
   */
  async claimCandidates(
    memberId: number | null,
    now: number,
    accounts: readonly number[],
    busy: readonly number[],
    limit: number,
  ): Promise<ClaimCandidate[]> {
    const server = memberId === null;
    const values = { memberId: memberId ?? 0, now, accounts, busy, limit };
    const part = (p: typeof values, state: PublishState) => {
      let query = this.db
        .selectFrom('publish_job as j')
        .leftJoin('enterprise_account as a', 'a.id', 'j.enterprise_account_id')
        .select(candidateColumns.map((c) => `j.${c}` as const))
        .select('a.ip_code')
        // A member's runner takes its member's jobs; a server runner those of members whose level allows it.
        .where('j.member_id', server ? 'in' : '=', server ? serverRunnerMembers(this.db) : p.memberId)
        .where('j.state', '=', state);
      if (state === 'verifying') {
        query = query.where('j.lease_owner', 'is', null);
      } else {
        query = query
          .where('j.run_at', '<=', p.now)
          .where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom('publish_job as o')
                  .select('o.id')
                  .whereRef('o.enterprise_account_id', '=', 'j.enterprise_account_id')
                  .where('o.state', 'in', LEASED_STATES),
              ),
            ),
          )
          // Planned order per account within a batch (ids follow it): a job queued again after a
          // failure, with its backoff, is not overtaken by the account's next job of the batch.
          .where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom('publish_job as e')
                  .select('e.id')
                  .whereRef('e.batch_id', '=', 'j.batch_id')
                  .whereRef('e.id', '<', 'j.id')
                  .whereRef('e.enterprise_account_id', '=', 'j.enterprise_account_id')
                  .where('e.state', 'in', CLAIMABLE_STATES),
              ),
            ),
          )
          .where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom('publish_account_health as h')
                  .select('h.enterprise_account_id')
                  .whereRef('h.enterprise_account_id', '=', 'j.enterprise_account_id')
                  .where((w) => w.or([w('h.next_post_at', '>', p.now), w('h.cooldown_until', '>', p.now)])),
              ),
            ),
          )
          // A runner's harvest pass holds the account's browser profile (issue 23).
          .where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom('harvest_account as ha')
                  .select('ha.enterprise_account_id')
                  .whereRef('ha.enterprise_account_id', '=', 'j.enterprise_account_id')
                  .where('ha.lease_until', '>=', p.now),
              ),
            ),
          );
      }
      if (p.accounts.length > 0) {
        query = query.where('j.enterprise_account_id', 'in', p.accounts);
      }
      if (p.busy.length > 0) {
        query = query.where('j.enterprise_account_id', 'not in', p.busy);
      }
      return query.orderBy('j.run_at').orderBy('j.id').limit(p.limit);
    };
    const rows = await compiled.execute(
      this.db,
      `candidates|${server ? 'server' : 'member'}|${accounts.length}|${busy.length}`,
      values,
      (p) =>
        this.db
          .selectFrom(part(p, 'queued').as('q'))
          .selectAll()
          .unionAll(this.db.selectFrom(part(p, 'scheduled').as('s')).selectAll())
          .unionAll(this.db.selectFrom(part(p, 'verifying').as('v')).selectAll()),
    );
    return rows
      .sort((x, y) => x.run_at - y.run_at || x.id - y.id)
      .slice(0, limit)
      .map((r) => ({ ...r, ip_code: r.ip_code ?? '' }));
  }

  /** Pacing of accounts: when each may post next and its cooldown (accounts with no row are free). */
  accountHealth(accountIds: readonly number[]) {
    if (accountIds.length === 0) {
      return Promise.resolve([]);
    }
    return this.db
      .selectFrom('publish_account_health')
      .selectAll()
      .where('enterprise_account_id', 'in', accountIds)
      .execute();
  }

  /** Records a post of the account: it may post again from `at` on (never earlier than already set). */
  async spaceNextPost(accountId: number, memberId: number, at: number, now: number): Promise<void> {
    await this.db
      .insertInto('publish_account_health')
      .values({ enterprise_account_id: accountId, member_id: memberId, next_post_at: at, updated_at: now })
      .onConflict((oc) =>
        oc.column('enterprise_account_id').doUpdateSet({ next_post_at: later('next_post_at'), updated_at: now }),
      )
      .execute();
  }

  /** Pauses the account until `until` after a risk signal (a later pause is never shortened). */
  async coolDown(accountId: number, memberId: number, until: number, reason: string, now: number): Promise<void> {
    await this.db
      .insertInto('publish_account_health')
      .values({
        enterprise_account_id: accountId,
        member_id: memberId,
        cooldown_until: until,
        cooldown_reason: reason,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc
          .column('enterprise_account_id')
          .doUpdateSet({ cooldown_until: later('cooldown_until'), cooldown_reason: reason, updated_at: now }),
      )
      .execute();
  }

  /** The spacing policy of a batch (JSON SchedulePolicy as stored). */
  async batchPolicy(batchId: number): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('publish_batch')
      .select('schedule_policy')
      .where('id', '=', batchId)
      .executeTakeFirst();
    return row?.schedule_policy;
  }

  /** The earliest run_at of the member's waiting jobs (the long poll sleeps until it). */
  async nextRunAt(memberId: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('publish_job')
      .select((eb) => eb.fn.min('run_at').as('at'))
      .where('member_id', '=', memberId)
      .where('state', 'in', CLAIMABLE_STATES)
      .executeTakeFirst();
    return row?.at === null || row?.at === undefined ? undefined : Number(row.at);
  }

  /** Posts (submits recorded) per account since `since`. */
  async postsSince(accountIds: readonly number[], since: number): Promise<Map<number, number>> {
    if (accountIds.length === 0) {
      return new Map();
    }
    const rows = await compiled.execute(this.db, `postsSince|${accountIds.length}`, { accountIds, since }, (p) =>
      this.db
        .selectFrom('publish_job')
        .select(['enterprise_account_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('enterprise_account_id', 'in', p.accountIds)
        .where('submitted_at', '>=', p.since)
        .groupBy('enterprise_account_id'),
    );
    return new Map(rows.map((r) => [r.enterprise_account_id, Number(r.n)]));
  }

  /** Jobs whose lease ran out. */
  expiredLeases(now: number, limit: number) {
    return this.db
      .selectFrom('publish_job')
      .selectAll()
      .where('state', 'in', LEASED_STATES)
      .where('lease_owner', 'is not', null)
      .where('lease_until', '<', now)
      .limit(limit)
      .execute();
  }

  /** Hand-offs past their deadline. */
  expiredActions(now: number, limit: number) {
    return this.db
      .selectFrom('publish_job')
      .selectAll()
      .where('state', '=', 'needs_action')
      .where('action_until', '<', now)
      .limit(limit)
      .execute();
  }

  /** Verify-only jobs nobody proved within their window. */
  expiredVerifications(now: number, limit: number) {
    return this.db
      .selectFrom('publish_job')
      .selectAll()
      .where('state', '=', 'verifying')
      .where('lease_owner', 'is', null)
      .where('verify_until', '<', now)
      .limit(limit)
      .execute();
  }

  /** Scheduled jobs whose run_at has come. */
  dueScheduled(now: number, limit: number) {
    return this.db
      .selectFrom('publish_job')
      .select('id')
      .where('state', '=', 'scheduled')
      .where('run_at', '<=', now)
      .limit(limit)
      .execute();
  }
}
