import { LEASED_STATES } from '@vidmatrix/contract/rules/publish-state';
import type { Db } from '../../db/types.ts';

/** The members whose level lets server runners serve them (a subquery for `member_id in …`). */
export function serverRunnerMembers(db: Db) {
  return db
    .selectFrom('level_user as lu')
    .innerJoin('level as l', 'l.id', 'lu.level_id')
    .select('lu.member_id')
    .where('l.server_runners', '=', 1);
}

/** Server runners (member_id null) and the level gate in front of them. */
export class ServerRunnerRepository {
  constructor(private readonly db: Db) {}

  /** The member's level: its name and whether server runners serve it; undefined without one. */
  levelOf(memberId: number) {
    return this.db
      .selectFrom('level_user as lu')
      .innerJoin('level as l', 'l.id', 'lu.level_id')
      .select(['l.id', 'l.name', 'l.server_runners'])
      .where('lu.member_id', '=', memberId)
      .executeTakeFirst();
  }

  levels() {
    return this.db
      .selectFrom('level')
      .select(['id', 'name', 'account_num', 'server_runners'])
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  async setLevelServerRunners(levelId: number, on: boolean): Promise<boolean> {
    const res = await this.db
      .updateTable('level')
      .set({ server_runners: on ? 1 : 0 })
      .where('id', '=', levelId)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /** Whether the member's level lets server runners serve it. */
  async allows(memberId: number): Promise<boolean> {
    return (await this.levelOf(memberId))?.server_runners === 1;
  }

  /** Server runners not revoked and seen since `since`. */
  async onlineCount(since: number): Promise<number> {
    const row = await this.db
      .selectFrom('runner')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('member_id', 'is', null)
      .where('revoked_at', 'is', null)
      .where('last_heartbeat', '>=', since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Member runners of the member not revoked and seen since `since`. */
  async memberOnlineCount(memberId: number, since: number): Promise<number> {
    const row = await this.db
      .selectFrom('runner')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('member_id', '=', memberId)
      .where('revoked_at', 'is', null)
      .where('last_heartbeat', '>=', since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * The server runner called `name` gets a new token hash (the old token stops working): each start
   * of `npm start` keeps one row per runner instead of adding one.
   */
  async register(name: string, tokenHash: string, now: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('runner')
        .select('id')
        .where('member_id', 'is', null)
        .where('name', '=', name)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (existing) {
        await trx
          .updateTable('runner')
          .set({ token_hash: tokenHash, revoked_at: null })
          .where('id', '=', existing.id)
          .execute();
        return existing.id;
      }
      const inserted = await trx
        .insertInto('runner')
        .values({ member_id: null, name, token_hash: tokenHash, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return inserted.id;
    });
  }

  /** The member's own runners, newest first (revoked ones too: the console shows them as such). */
  memberRunners(memberId: number) {
    return this.db.selectFrom('runner').selectAll().where('member_id', '=', memberId).orderBy('id', 'desc').execute();
  }

  /** Server runners not revoked and seen (or made) since `since`, oldest first: a host gone for good drops out. */
  list(since: number) {
    return this.db
      .selectFrom('runner')
      .selectAll()
      .where('member_id', 'is', null)
      .where('revoked_at', 'is', null)
      .where((eb) => eb.or([eb('last_heartbeat', '>=', since), eb('created_at', '>=', since)]))
      .orderBy('id')
      .execute();
  }

  /** The member's jobs these runners hold a lease on now (never another member's). */
  busyJobs(memberId: number, runnerIds: readonly number[]) {
    if (runnerIds.length === 0) {
      return Promise.resolve([]);
    }
    return this.db
      .selectFrom('publish_job as j')
      .leftJoin('enterprise_account as a', 'a.id', 'j.enterprise_account_id')
      .select(['j.id', 'j.lease_owner', 'j.content', 'j.state', 'a.nickname'])
      .where('j.member_id', '=', memberId)
      .where('j.lease_owner', 'in', [...runnerIds])
      .where('j.state', 'in', LEASED_STATES)
      .orderBy('j.id')
      .execute();
  }
}
