import { LEASED_STATES } from '@vidmatrix/contract/rules/publish-state';
import type { Insertable, Updateable } from 'kysely';
import { CompiledQueries } from '../../db/compiled.ts';
import type { Db, RunnerTable } from '../../db/types.ts';

/** Queries compiled once per shape (they run many times a second). */
const compiled = new CompiledQueries();

/** The runner registry's SQL: tokens, revocation (which ends leases) and last-seen writes. */
export class RunnerRepository {
  constructor(private readonly db: Db) {}

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
}
