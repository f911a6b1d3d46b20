import { type PublishState, CLAIMABLE_STATES, LEASED_STATES } from '@vidmatrix/contract/rules/publish-state';
import { type Insertable, type Selectable, type Updateable } from 'kysely';
import { CompiledQueries } from '../../db/compiled.ts';
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

const moved = ['id', 'batch_id', 'member_id', 'enterprise_account_id', 'state', 'seq', 'percent'] as const;

/** The claim path's queries, compiled once per shape (a claim runs them many times a second). */
const compiled = new CompiledQueries();

/** SQL of batches, jobs, attempts and events; every state write is a compare-and-set. */
export class PublishRepository {
  constructor(private readonly db: Db) {}

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
}
