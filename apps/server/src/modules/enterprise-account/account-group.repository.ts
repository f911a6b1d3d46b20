import type { Db } from '../../db/types.ts';

/** SQL of a member's account groups (names unique per member). Every query filters by member_id. */
export class AccountGroupRepository {
  constructor(private readonly db: Db) {}

  groups(memberId: number) {
    return this.db
      .selectFrom('enterprise_account_group as g')
      .leftJoin('enterprise_account as a', (join) =>
        join.onRef('a.group_id', '=', 'g.id').onRef('a.member_id', '=', 'g.member_id'),
      )
      .select(['g.id', 'g.name', (eb) => eb.fn.count<number>('a.id').as('account_count')])
      .where('g.member_id', '=', memberId)
      .groupBy(['g.id', 'g.name'])
      .orderBy('g.id')
      .execute();
  }

  findGroup(memberId: number, groupId: number) {
    return this.db
      .selectFrom('enterprise_account_group')
      .select(['id', 'name'])
      .where('member_id', '=', memberId)
      .where('id', '=', groupId)
      .executeTakeFirst();
  }

  async insertGroup(memberId: number, name: string, now: number): Promise<number> {
    const row = await this.db
      .insertInto('enterprise_account_group')
      .values({ member_id: memberId, name, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Group ids by name, creating the missing groups. */
  async ensureGroups(memberId: number, names: readonly string[], now: number): Promise<Map<string, number>> {
    const unique = [...new Set(names)].filter(Boolean);
    if (unique.length === 0) {
      return new Map();
    }
    await this.db
      .insertInto('enterprise_account_group')
      .values(unique.map((name) => ({ member_id: memberId, name, created_at: now, updated_at: now })))
      .onConflict((oc) => oc.columns(['member_id', 'name']).doNothing())
      .execute();
    const rows = await this.db
      .selectFrom('enterprise_account_group')
      .select(['id', 'name'])
      .where('member_id', '=', memberId)
      .where('name', 'in', unique)
      .execute();
    return new Map(rows.map((row) => [row.name, row.id]));
  }

  async renameGroup(memberId: number, groupId: number, name: string, now: number): Promise<void> {
    await this.db
      .updateTable('enterprise_account_group')
      .set({ name, updated_at: now })
      .where('member_id', '=', memberId)
      .where('id', '=', groupId)
      .execute();
  }

  /** Deletes a group; its accounts fall back to no group. */
  async deleteGroup(memberId: number, groupId: number, now: number): Promise<void> {
    await this.db
      .updateTable('enterprise_account')
      .set({ group_id: 0, updated_at: now })
      .where('member_id', '=', memberId)
      .where('group_id', '=', groupId)
      .execute();
    await this.db
      .deleteFrom('enterprise_account_group')
      .where('member_id', '=', memberId)
      .where('id', '=', groupId)
      .execute();
  }
}
