import type { PublishState } from '@vidmatrix/contract/rules/publish-state';
import { CLAIMABLE_STATES, LEASED_STATES } from '@vidmatrix/contract/rules/publish-state';
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import { CompiledQueries } from '../../db/compiled.ts';
import { serverRunnerMembers } from './server-runner.repository.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type {
  Db,
  PublishAttemptTable,
  PublishBatchTable,
  PublishEventTable,
  PublishJobTable,
  RunnerTable,
} from '../../db/types.ts';

export type JobRow = Selectable<PublishJobTable>;
export type RunnerRow = Selectable<RunnerTable>;
export type JobPatch = Omit<Updateable<PublishJobTable>, 'id' | 'state' | 'seq'>;

/** A compare-and-set on a job: the states it may be in, and the runner that must hold it. */
export interface JobGuard {
  from: readonly PublishState[];
  leaseOwner?: number;
  /** Nobody holds it (a verify-only job waiting for a runner). */
  unleased?: boolean;
  /** Its lease ran out before this time (the sweep must not take a job a heartbeat just extended). */
  leaseExpiredBefore?: number;
  /** The member has not asked to cancel it. */
  notCancelled?: boolean;
}

/** What a successful move returns: enough to log the event and push the frame. */
export interface MovedJob {
  id: number;
  batch_id: number;
  member_id: number;
  enterprise_account_id: number;
  state: string;
  seq: number;
  percent: number;
}

/** A job a claim may take, with its account's proxy code. */
export interface ClaimCandidate extends Pick<JobRow, (typeof candidateColumns)[number]> {
  ip_code: string;
}

/** What a claim needs of a job (a claim reads these for a few dozen rows many times a second). */
export const candidateColumns = [
  'id',
  'enterprise_account_id',
  'platform',
  'state',
  'content',
  'schedule_at',
  'work_id',
  'run_at',
  'verify_basis',
] as const;

/** A job together with the account and file names the matrix shows. */
export interface JobWithNames extends JobRow {
  nickname: string | null;
}

/** The later of the stored and the new value of an upserted health column (SQLite's max(a,b) is PostgreSQL's greatest). */
function later(column: 'next_post_at' | 'cooldown_until') {
  return sql<number>`case when excluded.${sql.ref(column)} > publish_account_health.${sql.ref(column)} then excluded.${sql.ref(column)} else publish_account_health.${sql.ref(column)} end`;
}

const moved = ['id', 'batch_id', 'member_id', 'enterprise_account_id', 'state', 'seq', 'percent'] as const;

/** The claim path's queries, compiled once per shape (a claim runs them many times a second). */
const compiled = new CompiledQueries();

/** SQL of batches, jobs, attempts, events and runners; every state write is a compare-and-set. */
export class PublishRepository {
  constructor(private readonly db: Db) {}

  /** Runs `work` in one transaction (one commit for the claim's writes). */
  transaction<T>(work: (repo: PublishRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new PublishRepository(trx)));
  }

  /** Stores a batch and its jobs in one transaction; the batch id. */
  async insertBatch(
    batch: Insertable<PublishBatchTable>,
    jobs: Omit<Insertable<PublishJobTable>, 'batch_id'>[],
  ): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const { id } = await trx.insertInto('publish_batch').values(batch).returning('id').executeTakeFirstOrThrow();
      // Chunks keep each statement under SQLite's bound-parameter limit.
      for (let i = 0; i < jobs.length; i += 100) {
        await trx
          .insertInto('publish_job')
          .values(jobs.slice(i, i + 100).map((job) => ({ ...job, batch_id: id })))
          .execute();
      }
      return id;
    });
  }

  /** A page of the member's batches, newest first, with the total. */
  async listBatches(memberId: number, page: number, limit: number) {
    const [rows, total] = await Promise.all([
      this.db
        .selectFrom('publish_batch')
        .selectAll()
        .where('member_id', '=', memberId)
        .orderBy('id', 'desc')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute(),
      this.db
        .selectFrom('publish_batch')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('member_id', '=', memberId)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, count: Number(total.n) };
  }

  /** Jobs per state of each batch. */
  async stateCounts(batchIds: readonly number[]): Promise<{ batch_id: number; state: string; n: number }[]> {
    if (batchIds.length === 0) {
      return [];
    }
    const rows = await this.db
      .selectFrom('publish_job')
      .select(['batch_id', 'state', (eb) => eb.fn.countAll<number>().as('n')])
      .where('batch_id', 'in', batchIds)
      .groupBy(['batch_id', 'state'])
      .execute();
    return rows.map((r) => ({ ...r, n: Number(r.n) }));
  }

  /** A batch of the member, or undefined. */
  findBatch(memberId: number, batchId: number) {
    return this.db
      .selectFrom('publish_batch')
      .selectAll()
      .where('id', '=', batchId)
      .where('member_id', '=', memberId)
      .executeTakeFirst();
  }

  /** Every job of a batch with its account's nickname. */
  batchJobs(batchId: number): Promise<JobWithNames[]> {
    return this.db
      .selectFrom('publish_job as j')
      .leftJoin('enterprise_account as a', 'a.id', 'j.enterprise_account_id')
      .selectAll('j')
      .select('a.nickname')
      .where('j.batch_id', '=', batchId)
      .orderBy('j.id')
      .execute();
  }

  /** A job of the member, or undefined. */
  findJob(memberId: number, jobId: number) {
    return this.db
      .selectFrom('publish_job')
      .selectAll()
      .where('id', '=', jobId)
      .where('member_id', '=', memberId)
      .executeTakeFirst();
  }

  /** Jobs by id (any member: runner calls check the lease owner themselves). */
  jobsByIds(ids: readonly number[]) {
    if (ids.length === 0) {
      return Promise.resolve([]);
    }
    return this.db.selectFrom('publish_job').selectAll().where('id', 'in', ids).execute();
  }

  /**
   * The compare-and-set every state write goes through: `update … where id and state in (from)
   * [and lease_owner]`, bumping the job's event sequence. Undefined when another writer won (or the
   * move would give the account a second running job: the partial unique index refuses it).
   */
  async move(
    jobId: number,
    guard: JobGuard,
    to: PublishState,
    patch: JobPatch,
    now: number,
    options: { attempt?: 1 | 0 | -1 } = {},
  ): Promise<MovedJob | undefined> {
    if (guard.from.length === 0) {
      return undefined;
    }
    const query = this.guarded(jobId, guard).set((eb) => ({
      ...patch,
      state: to,
      seq: eb('seq', '+', 1),
      updated_at: now,
      // A claim counts an attempt; handing a job back at once (its runner went away) uncounts it.
      ...(options.attempt ? { attempt_count: eb('attempt_count', '+', options.attempt) } : {}),
    }));
    try {
      return await query.returning(moved).executeTakeFirst();
    } catch (error) {
      if (isUniqueViolation(error)) {
        return undefined;
      }
      throw error;
    }
  }

  /**
   * Claims waiting jobs in one compare-and-set; the ones this call won. Throws the unique violation
   * when one account would get a second running job (the caller then claims one by one).
   */
  async claimMany(
    ids: readonly number[],
    lease: { lease_owner: number; lease_until: number },
    now: number,
  ): Promise<MovedJob[]> {
    if (ids.length === 0) {
      return [];
    }
    return compiled.execute(this.db, `claimMany|${ids.length}`, { ids, ...lease, now }, (p) =>
      this.db
        .updateTable('publish_job')
        .set((eb) => ({
          lease_owner: p.lease_owner,
          lease_until: p.lease_until,
          state: 'claimed',
          percent: 0,
          seq: eb('seq', '+', 1),
          attempt_count: eb('attempt_count', '+', 1),
          updated_at: p.now,
        }))
        .where('id', 'in', p.ids)
        .where('state', 'in', CLAIMABLE_STATES)
        .returning(moved),
    );
  }

  /** Updates fields of a job without moving it (progress); the row, or undefined when the guard failed. */
  touch(jobId: number, guard: JobGuard, patch: JobPatch, now: number): Promise<MovedJob | undefined> {
    return this.guarded(jobId, guard)
      .set((eb) => ({ ...patch, seq: eb('seq', '+', 1), updated_at: now }))
      .returning(moved)
      .executeTakeFirst();
  }

  private guarded(jobId: number, guard: JobGuard) {
    let query = this.db.updateTable('publish_job').where('id', '=', jobId).where('state', 'in', guard.from);
    if (guard.leaseOwner !== undefined) {
      query = query.where('lease_owner', '=', guard.leaseOwner);
    }
    if (guard.unleased) {
      query = query.where('lease_owner', 'is', null);
    }
    if (guard.leaseExpiredBefore !== undefined) {
      query = query.where('lease_until', '<', guard.leaseExpiredBefore);
    }
    if (guard.notCancelled) {
      query = query.where('cancel_requested', '=', 0);
    }
    return query;
  }

  /** Extends the leases `runnerId` still holds among `ids`. */
  async extendLeases(runnerId: number, ids: readonly number[], until: number): Promise<void> {
    if (ids.length === 0) {
      return;
    }
    await this.db
      .updateTable('publish_job')
      .set({ lease_until: until })
      .where('id', 'in', ids)
      .where('lease_owner', '=', runnerId)
      .where('state', 'in', LEASED_STATES)
      .execute();
  }

  /** Appends to the job's event log. */
  async appendEvent(jobId: number, seq: number, type: string, data: unknown, at: number): Promise<void> {
    await this.db
      .insertInto('publish_event')
      .values({ job_id: jobId, seq, type, data: JSON.stringify(data), at })
      .execute();
  }

  /** Appends many events in one insert. */
  async appendEvents(rows: Insertable<PublishEventTable>[]): Promise<void> {
    if (rows.length > 0) {
      await compiled.execute(this.db, `appendEvents|${rows.length}`, { rows }, (p) =>
        this.db.insertInto('publish_event').values(p.rows),
      );
    }
  }

  /** The job's events in order. */
  events(jobId: number) {
    return this.db.selectFrom('publish_event').selectAll().where('job_id', '=', jobId).orderBy('seq').execute();
  }

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

  /** Opens attempts in one insert. */
  async insertAttempts(rows: Insertable<PublishAttemptTable>[]): Promise<void> {
    if (rows.length > 0) {
      await compiled.execute(this.db, `insertAttempts|${rows.length}`, { rows }, (p) =>
        this.db.insertInto('publish_attempt').values(p.rows),
      );
    }
  }

  /** Opens an attempt; its id. */
  async insertAttempt(row: Insertable<PublishAttemptTable>): Promise<number> {
    const { id } = await this.db.insertInto('publish_attempt').values(row).returning('id').executeTakeFirstOrThrow();
    return id;
  }

  /** Closes the job's open attempts with what they reached. */
  async closeAttempts(jobId: number, patch: Updateable<PublishAttemptTable>): Promise<void> {
    await this.db
      .updateTable('publish_attempt')
      .set(patch)
      .where('job_id', '=', jobId)
      .where('ended_at', 'is', null)
      .execute();
  }

  /** Records the phase the open attempt reached. */
  async attemptPhase(jobId: number, phase: string): Promise<void> {
    await this.db
      .updateTable('publish_attempt')
      .set({ phase })
      .where('job_id', '=', jobId)
      .where('ended_at', 'is', null)
      .execute();
  }

  attempts(jobId: number) {
    return this.db.selectFrom('publish_attempt').selectAll().where('job_id', '=', jobId).orderBy('id').execute();
  }

  /** Stores a runner; its id. */
  async insertRunner(row: Insertable<RunnerTable>): Promise<number> {
    const { id } = await this.db.insertInto('runner').values(row).returning('id').executeTakeFirstOrThrow();
    return id;
  }

  listRunners(memberId: number) {
    return this.db.selectFrom('runner').selectAll().where('member_id', '=', memberId).orderBy('id', 'desc').execute();
  }

  /** The live runner a token hash belongs to. */
  async runnerByTokenHash(hash: string) {
    const [row] = await compiled.execute(this.db, 'runnerByTokenHash', { hash }, (p) =>
      this.db.selectFrom('runner').selectAll().where('token_hash', '=', p.hash).where('revoked_at', 'is', null),
    );
    return row;
  }

  /** Revokes a runner of the member and ends its leases now (the sweep hands its jobs on); false when none. */
  async revokeRunner(memberId: number, runnerId: number, now: number): Promise<boolean> {
    const res = await this.db
      .updateTable('runner')
      .set({ revoked_at: now })
      .where('id', '=', runnerId)
      .where('member_id', '=', memberId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) {
      return false;
    }
    await this.db
      .updateTable('publish_job')
      .set({ lease_until: now - 1 })
      .where('lease_owner', '=', runnerId)
      .where('state', 'in', LEASED_STATES)
      .execute();
    return true;
  }

  async runnerSeen(runnerId: number, patch: Updateable<RunnerTable>): Promise<void> {
    await this.db.updateTable('runner').set(patch).where('id', '=', runnerId).execute();
  }

  /** Videos of the member among `ids`. */
  materials(memberId: number, ids: readonly number[]) {
    return this.db
      .selectFrom('material')
      .select(['id', 'file_name', 'file_type', 'object_key', 'size', 'duration_ms'])
      .where('member_id', '=', memberId)
      .where('id', 'in', ids)
      .execute();
  }

  /** Accounts of the member among `ids`. */
  accounts(memberId: number, ids: readonly number[]) {
    return this.db
      .selectFrom('enterprise_account')
      .select(['id', 'nickname', 'platform_id', 'cookie_auth_status', 'access_status', 'ip_code'])
      .where('member_id', '=', memberId)
      .where('id', 'in', ids)
      .execute();
  }

  /** Proxy codes of accounts. */
  async ipCodes(ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) {
      return new Map();
    }
    const rows = await this.db
      .selectFrom('enterprise_account')
      .select(['id', 'ip_code'])
      .where('id', 'in', ids)
      .execute();
    return new Map(rows.map((r) => [r.id, r.ip_code]));
  }
}
