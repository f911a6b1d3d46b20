import { sql, type Expression, type Insertable, type SqlBool } from 'kysely';
import { likeContains } from '../../db/dialect.ts';
import type { Db, EnterpriseAccountTable } from '../../db/types.ts';

/** The filters of the account list, selector list and export. */
export interface AccountFilter {
  platformIds: readonly number[];
  /** Undefined: every group; 0: no group. */
  groupId: number | undefined;
  /** Searches remarks and nickname; empty: no search. */
  search: string;
}

/** An account row joined with its platform and group. */
export interface AccountRow {
  id: number;
  pid: number;
  platform_id: number;
  platform_name: string;
  platform_logo_url: string;
  nickname: string;
  remarks: string;
  avatar_larger: string;
  group_id: number;
  group_name: string | null;
  cookie_auth_status: number;
  access_status: number;
  ip_code: string;
  created_at: number;
  /** Nickname of the main account of a sub-account. */
  parent_nickname: string | null;
}

/** A row an import adds or updates. */
export interface ImportAccount {
  nickname: string;
  remarks: string;
  platformId: number;
  groupId: number;
  ipCode: string;
}

/** The filter as one SQL condition on the account table under `alias` (`search: false` leaves the search out). */
function matches(
  alias: 'a' | 'c',
  filter: AccountFilter,
  parts = { filters: true, search: true },
): Expression<SqlBool> {
  const col = (name: string) => sql.ref(`${alias}.${name}`);
  const conditions: Expression<unknown>[] = [];
  if (parts.filters && filter.platformIds.length > 0) {
    conditions.push(sql`${col('platform_id')} in (${sql.join([...filter.platformIds])})`);
  }
  if (parts.filters && filter.groupId !== undefined) {
    conditions.push(sql`${col('group_id')} = ${filter.groupId}`);
  }
  if (parts.search && filter.search) {
    conditions.push(
      sql`(${likeContains(`${alias}.remarks`, filter.search)} or ${likeContains(`${alias}.nickname`, filter.search)})`,
    );
  }
  return conditions.length === 0 ? sql<SqlBool>`1 = 1` : sql<SqlBool>`(${sql.join(conditions, sql` and `)})`;
}

/** SQL of enterprise accounts, their groups, the authorization log and import results. */
export class EnterpriseAccountRepository {
  constructor(private readonly db: Db) {}

  private selectAccounts(memberId: number) {
    return this.db
      .selectFrom('enterprise_account as a')
      .innerJoin('platform as p', 'p.id', 'a.platform_id')
      .leftJoin('enterprise_account_group as g', 'g.id', 'a.group_id')
      .leftJoin('enterprise_account as pa', 'pa.id', 'a.pid')
      .where('a.member_id', '=', memberId)
      .select([
        'a.id',
        'a.pid',
        'a.platform_id',
        'p.name as platform_name',
        'p.logo_url as platform_logo_url',
        'a.nickname',
        'a.remarks',
        'a.avatar_larger',
        'a.group_id',
        'g.name as group_name',
        'a.cookie_auth_status',
        'a.access_status',
        'a.ip_code',
        'a.created_at',
        'pa.nickname as parent_nickname',
      ]);
  }

  /** Main accounts matching the filter (or having a sub-account that does), one page, newest first. */
  async listParents(memberId: number, filter: AccountFilter, offset: number, limit: number) {
    // Platform and group filter main accounts; the search also finds a main account by its sub-accounts.
    const onlyFilters = { filters: true, search: false };
    const onlySearch = { filters: false, search: true };
    const where = sql<SqlBool>`a.pid = 0 and ${matches('a', filter, onlyFilters)} and (${matches('a', filter, onlySearch)} or exists (select 1 from enterprise_account c where c.pid = a.id and ${matches('c', filter, onlySearch)}))`;
    const countRow = await this.db
      .selectFrom('enterprise_account as a')
      .where('a.member_id', '=', memberId)
      .where(where)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    const rows: AccountRow[] = await this.selectAccounts(memberId)
      .where(where)
      .orderBy('a.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
    return { rows, count: Number(countRow.count) };
  }

  /** Sub-accounts of the given main accounts, oldest first. */
  async children(memberId: number, parentIds: readonly number[]): Promise<AccountRow[]> {
    if (parentIds.length === 0) {
      return [];
    }
    return this.selectAccounts(memberId)
      .where('a.pid', 'in', [...parentIds])
      .orderBy('a.id')
      .execute();
  }

  /** Every matching account, main and sub, flat; limit 0 means all. */
  async listFlat(memberId: number, filter: AccountFilter, offset: number, limit: number) {
    const countRow = await this.db
      .selectFrom('enterprise_account as a')
      .where('a.member_id', '=', memberId)
      .where(matches('a', filter))
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    let query = this.selectAccounts(memberId).where(matches('a', filter)).orderBy('a.id');
    if (limit > 0) {
      query = query.offset(offset).limit(limit);
    }
    return { rows: (await query.execute()) as AccountRow[], count: Number(countRow.count) };
  }

  /** Matching accounts in pages of `size` by id (keyset), for streaming exports. */
  async *iterate(memberId: number, filter: AccountFilter, size: number): AsyncGenerator<AccountRow> {
    let after = 0;
    for (;;) {
      const rows: AccountRow[] = await this.selectAccounts(memberId)
        .where(matches('a', filter))
        .where('a.id', '>', after)
        .orderBy('a.id')
        .limit(size)
        .execute();
      yield* rows;
      const last = rows.at(-1);
      if (!last || rows.length < size) {
        return;
      }
      after = last.id;
    }
  }

  /** True when at least one account matches. */
  async anyMatching(memberId: number, filter: AccountFilter): Promise<boolean> {
    const row = await this.db
      .selectFrom('enterprise_account as a')
      .where('a.member_id', '=', memberId)
      .where(matches('a', filter))
      .select('a.id')
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The member's own accounts among `ids`, with platform and group (others' are left out). */
  async accountsByIds(memberId: number, ids: readonly number[]): Promise<AccountRow[]> {
    if (ids.length === 0) {
      return [];
    }
    return this.selectAccounts(memberId)
      .where('a.id', 'in', [...ids])
      .execute();
  }

  /** The member's own accounts among `ids`. */
  ownedAccounts(memberId: number, ids: readonly number[]) {
    return this.db
      .selectFrom('enterprise_account')
      .select(['id', 'pid', 'platform_id', 'cookie_auth_status', 'access_status'])
      .where('member_id', '=', memberId)
      .where('id', 'in', [...ids])
      .execute();
  }

  async insertAccount(account: Insertable<EnterpriseAccountTable>): Promise<number> {
    const row = await this.db
      .insertInto('enterprise_account')
      .values(account)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async insertAccounts(accounts: Insertable<EnterpriseAccountTable>[]): Promise<void> {
    if (accounts.length > 0) {
      await this.db.insertInto('enterprise_account').values(accounts).execute();
    }
  }

  async updateAccount(
    memberId: number,
    id: number,
    changes: Partial<
      Pick<EnterpriseAccountTable, 'remarks' | 'group_id' | 'ip_code' | 'cookie_auth_status' | 'access_status'>
    >,
    now: number,
  ): Promise<void> {
    await this.db
      .updateTable('enterprise_account')
      .set({ ...changes, updated_at: now })
      .where('member_id', '=', memberId)
      .where('id', '=', id)
      .execute();
  }

  /** Moves accounts into a group (0: none). */
  async moveAccounts(memberId: number, ids: readonly number[], groupId: number, now: number): Promise<void> {
    await this.db
      .updateTable('enterprise_account')
      .set({ group_id: groupId, updated_at: now })
      .where('member_id', '=', memberId)
      .where('id', 'in', [...ids])
      .execute();
  }

  /**
   * Deletes accounts and their sub-accounts, with what harvesting kept of them (its cursors and thread
   * counts have no foreign key: a later account given the same id must start afresh); returns how many
   * went. Run it in a transaction.
   */
  async deleteAccounts(memberId: number, ids: readonly number[]): Promise<number> {
    const gone = (
      await this.db
        .selectFrom('enterprise_account')
        .select('id')
        .where('member_id', '=', memberId)
        .where((eb) => eb.or([eb('id', 'in', [...ids]), eb('pid', 'in', [...ids])]))
        .execute()
    ).map((r) => r.id);
    if (gone.length === 0) {
      return 0;
    }
    await this.db.deleteFrom('harvest_thread').where('enterprise_account_id', 'in', gone).execute();
    await this.db.deleteFrom('harvest_cursor').where('enterprise_account_id', 'in', gone).execute();
    const result = await this.db.deleteFrom('enterprise_account').where('id', 'in', gone).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Existing accounts of the member with these nicknames, keyed `platformId:nickname`. */
  async accountsByNickname(memberId: number, nicknames: readonly string[]): Promise<Map<string, number>> {
    if (nicknames.length === 0) {
      return new Map();
    }
    const rows = await this.db
      .selectFrom('enterprise_account')
      .select(['id', 'platform_id', 'nickname'])
      .where('member_id', '=', memberId)
      .where('nickname', 'in', [...new Set(nicknames)])
      .execute();
    return new Map(rows.map((row) => [`${row.platform_id}:${row.nickname}`, row.id]));
  }

  /** Updates an imported row's non-empty fields. */
  async updateImported(memberId: number, id: number, row: ImportAccount, now: number): Promise<void> {
    await this.db
      .updateTable('enterprise_account')
      .set({
        updated_at: now,
        ...(row.remarks ? { remarks: row.remarks } : {}),
        ...(row.groupId ? { group_id: row.groupId } : {}),
        ...(row.ipCode ? { ip_code: row.ipCode } : {}),
      })
      .where('member_id', '=', memberId)
      .where('id', '=', id)
      .execute();
  }

  /**
   * Locks the member's level usage row for the rest of the transaction (PostgreSQL row lock; SQLite
   * takes its write lock) and answers how many accounts the level allows; 0 without a level.
   */
  async lockAccountLimit(memberId: number, now: number): Promise<number> {
    await this.db.updateTable('level_user').set({ updated_at: now }).where('member_id', '=', memberId).execute();
    const row = await this.db
      .selectFrom('level_user as lu')
      .innerJoin('level as l', 'l.id', 'lu.level_id')
      .select('l.account_num')
      .where('lu.member_id', '=', memberId)
      .executeTakeFirst();
    return row?.account_num ?? 0;
  }

  async countAccounts(memberId: number): Promise<number> {
    const row = await this.db
      .selectFrom('enterprise_account')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Writes the account count into level_user.account_num (the used quota of SPEC §3). */
  async syncAccountUsage(memberId: number): Promise<void> {
    await this.db
      .updateTable('level_user')
      .set((eb) => ({
        account_num: eb
          .selectFrom('enterprise_account')
          .select((inner) => inner.fn.countAll<number>().as('count'))
          .where('member_id', '=', memberId),
      }))
      .where('member_id', '=', memberId)
      .execute();
  }

  /** True when the platform exists (checked inside an account's add transaction). */
  async platformExists(platformId: number): Promise<boolean> {
    return (
      (await this.db.selectFrom('platform').select('id').where('id', '=', platformId).executeTakeFirst()) !== undefined
    );
  }

  async setAuthStatus(id: number, cookieAuthStatus: number, accessStatus: number | undefined, now: number) {
    await this.db
      .updateTable('enterprise_account')
      .set({
        cookie_auth_status: cookieAuthStatus,
        ...(accessStatus === undefined ? {} : { access_status: accessStatus }),
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
  }

  async insertAuthLogs(
    logs: {
      member_id: number;
      enterprise_account_id: number;
      from_status: number;
      to_status: number;
      reason: string;
      created_at: number;
    }[],
  ): Promise<void> {
    if (logs.length > 0) {
      await this.db.insertInto('enterprise_account_auth_log').values(logs).execute();
    }
  }

  async authLogs(memberId: number, accountId: number, offset: number, limit: number) {
    const base = this.db
      .selectFrom('enterprise_account_auth_log')
      .where('member_id', '=', memberId)
      .where('enterprise_account_id', '=', accountId);
    const countRow = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
    const rows = await base
      .select(['id', 'enterprise_account_id', 'from_status', 'to_status', 'reason', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
    return { rows, count: Number(countRow.count) };
  }

  async insertImport(record: {
    id: string;
    member_id: number;
    add_count: number;
    update_count: number;
    fail_count: number;
    failed_rows: string;
    created_at: number;
  }): Promise<void> {
    await this.db.insertInto('enterprise_account_import').values(record).execute();
  }

  /** Drops import records (and their failed rows) made before `cutoff`. */
  async deleteImportsBefore(cutoff: number): Promise<number> {
    const res = await this.db
      .deleteFrom('enterprise_account_import')
      .where('created_at', '<', cutoff)
      .executeTakeFirst();
    return Number(res.numDeletedRows);
  }

  findImport(memberId: number, id: string) {
    return this.db
      .selectFrom('enterprise_account_import')
      .select(['id', 'failed_rows', 'created_at'])
      .where('member_id', '=', memberId)
      .where('id', '=', id)
      .executeTakeFirst();
  }
}
