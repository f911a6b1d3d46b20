import { CookieAuth } from '@vidmatrix/contract/rules/account-selectability';
import { LEASED_STATES } from '@vidmatrix/contract/rules/publish-state';
import type { Insertable } from 'kysely';
import type { Db, RunnerDriftTable } from '../../db/types.ts';
import { serverRunnerMembers } from './server-runner.repository.ts';

/** Connector definitions files, runners' drift checks and when the next one is due. */
export class ConnectorRepository {
  constructor(private readonly db: Db) {}

  /** The current definitions file (the highest version), or undefined while none was imported. */
  current() {
    return this.db
      .selectFrom('connector_definition')
      .select(['id', 'body', 'source', 'created_at'])
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** The current version alone (0 while none was imported). */
  async currentVersion(): Promise<number> {
    const row = await this.db
      .selectFrom('connector_definition')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    return Number(row?.id ?? 0);
  }

  /** Stores a validated file as the new current version; its number. */
  async insert(body: string, source: string, now: number): Promise<number> {
    const row = await this.db
      .insertInto('connector_definition')
      .values({ body, source, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * Asks the runners seen since `since` (not revoked, none due yet) for a drift check, those checked
   * since `checkedSince` left out (every runner when undefined); how many were asked.
   */
  async requestDrift(since: number, now: number, checkedSince?: number): Promise<number> {
    let query = this.db
      .updateTable('runner')
      .set({ drift_due_at: now })
      .where('revoked_at', 'is', null)
      .where('last_heartbeat', '>=', since)
      .where('drift_due_at', 'is', null);
    if (checkedSince !== undefined) {
      query = query.where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('runner_drift as d')
              .select('d.runner_id')
              .whereRef('d.runner_id', '=', 'runner.id')
              .where('d.checked_at', '>=', checkedSince),
          ),
        ),
      );
    }
    const res = await query.executeTakeFirst();
    return Number(res.numUpdatedRows);
  }

  /** The definitions version a runner says it runs with. */
  async setRunnerVersion(runnerId: number, version: number): Promise<void> {
    await this.db.updateTable('runner').set({ connectors_version: version }).where('id', '=', runnerId).execute();
  }

  /** A runner's findings replace its earlier ones per platform, and its check is no longer due. */
  async saveDrift(runnerId: number, rows: Insertable<RunnerDriftTable>[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const row of rows) {
        await trx
          .insertInto('runner_drift')
          .values(row)
          .onConflict((oc) =>
            oc.columns(['runner_id', 'platform']).doUpdateSet({
              state: row.state,
              missing: row.missing,
              connector_version: row.connector_version,
              connectors_version: row.connectors_version,
              checked_at: row.checked_at,
            }),
          )
          .execute();
      }
      await trx.updateTable('runner').set({ drift_due_at: null }).where('id', '=', runnerId).execute();
    });
  }

  /** The last findings of these runners. */
  driftOf(runnerIds: readonly number[]) {
    if (runnerIds.length === 0) {
      return Promise.resolve([]);
    }
    return this.db
      .selectFrom('runner_drift')
      .selectAll()
      .where('runner_id', 'in', [...runnerIds])
      .orderBy('runner_id')
      .execute();
  }

  /**
   * Authorized accounts on `platformIds` among `held` that a drift check may open: the member's own (a
   * member runner), or those of members a server runner's level serves (`memberId` null); none with a
   * job under a lease now. With the posts each published through us; those with posts first (their
   * works list has items to look at), then newest first.
   */
  driftAccounts(memberId: number | null, held: readonly number[], platformIds: number[]) {
    if (held.length === 0) {
      return Promise.resolve([]);
    }
    let query = this.db
      .selectFrom('enterprise_account as a')
      .select(['a.id', 'a.platform_id', 'a.ip_code'])
      .select((eb) =>
        eb
          .selectFrom('publish_job as p')
          .select((e) => e.fn.countAll<number | string>().as('n'))
          .whereRef('p.enterprise_account_id', '=', 'a.id')
          .where('p.state', '=', 'published')
          .as('posts'),
      )
      .where('a.id', 'in', [...held])
      .where('a.platform_id', 'in', platformIds)
      .where('a.cookie_auth_status', '=', CookieAuth.authorized)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('publish_job as j')
              .select('j.id')
              .whereRef('j.enterprise_account_id', '=', 'a.id')
              .where('j.state', 'in', LEASED_STATES),
          ),
        ),
      );
    query =
      memberId === null
        ? query.where('a.member_id', 'in', serverRunnerMembers(this.db))
        : query.where('a.member_id', '=', memberId);
    return query.orderBy('posts', 'desc').orderBy('a.id', 'desc').limit(500).execute();
  }
}
