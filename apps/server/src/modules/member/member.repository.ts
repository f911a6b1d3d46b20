import type { Insertable, Selectable } from 'kysely';
import type { Db, LevelUserTable, MemberTable, MenuTable } from '../../db/types.ts';

export type MemberRow = Selectable<MemberTable>;
export type MenuRow = Selectable<MenuTable>;

/** SQL of members: profile, roles, agent branding, level and menus. */
export class MemberRepository {
  constructor(private readonly db: Db) {}

  findByAccount(account: string): Promise<MemberRow | undefined> {
    return this.db.selectFrom('member').selectAll().where('account', '=', account).executeTakeFirst();
  }

  findById(memberId: number): Promise<MemberRow | undefined> {
    return this.db.selectFrom('member').selectAll().where('id', '=', memberId).executeTakeFirst();
  }

  /** Profile, agent branding and level of member info in one query; undefined when no member. */
  findInfo(memberId: number) {
    return this.db
      .selectFrom('member')
      .leftJoin('agent', 'agent.member_id', 'member.id')
      .leftJoin('level_user', 'level_user.member_id', 'member.id')
      .leftJoin('level', 'level.id', 'level_user.level_id')
      .select([
        'member.id',
        'member.account',
        'member.nickname',
        'member.avatar_url',
        'member.phone',
        'member.is_ip',
        'member.is_batch_download',
        'member.batch_download_max',
        'member.is_ai_service',
        'member.ai_link',
        'member.ai_name',
        'agent.member_id as agent_member_id',
        'agent.logo_white',
        'agent.logo_black',
        'agent.is_wechat_service',
        'level.id as level_id',
        'level.name as level_name',
        'level_user.expire_time',
      ])
      .where('member.id', '=', memberId)
      .executeTakeFirst();
  }

  async insert(member: Insertable<MemberTable>): Promise<number> {
    const row = await this.db.insertInto('member').values(member).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async addRoles(memberId: number, roleIds: readonly number[]): Promise<void> {
    if (roleIds.length > 0) {
      await this.db
        .insertInto('member_role')
        .values(roleIds.map((roleId) => ({ member_id: memberId, role_id: roleId })))
        .onConflict((oc) => oc.columns(['member_id', 'role_id']).doNothing())
        .execute();
    }
  }

  async roleIds(memberId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('member_role')
      .select('role_id')
      .where('member_id', '=', memberId)
      .orderBy('role_id')
      .execute();
    return rows.map((row) => row.role_id);
  }

  async updatePasswordHash(memberId: number, passwordHash: string, now: number): Promise<void> {
    await this.db
      .updateTable('member')
      .set({ password_hash: passwordHash, updated_at: now })
      .where('id', '=', memberId)
      .execute();
  }

  async updateProfile(
    memberId: number,
    changes: { nickname?: string; phone?: string; avatar_url?: string },
    now: number,
  ): Promise<void> {
    await this.db
      .updateTable('member')
      .set({ ...changes, updated_at: now })
      .where('id', '=', memberId)
      .execute();
  }

  async updateAiService(
    memberId: number,
    service: { is_ai_service: number; ai_link: string; ai_name: string },
    now: number,
  ): Promise<void> {
    await this.db
      .updateTable('member')
      .set({ ...service, updated_at: now })
      .where('id', '=', memberId)
      .execute();
  }

  async updateFeatures(
    memberId: number,
    flags: Partial<{ is_ip: number; is_batch_download: number; batch_download_max: number }>,
    now: number,
  ): Promise<void> {
    await this.db
      .updateTable('member')
      .set({ ...flags, updated_at: now })
      .where('id', '=', memberId)
      .execute();
  }

  async upsertAgent(
    memberId: number,
    agent: { logo_white: string; logo_black: string; is_wechat_service: number },
    now: number,
  ): Promise<void> {
    await this.db
      .insertInto('agent')
      .values({ member_id: memberId, ...agent, created_at: now })
      .onConflict((oc) => oc.column('member_id').doUpdateSet(agent))
      .execute();
  }

  levelExists(levelId: number): Promise<boolean> {
    return this.db
      .selectFrom('level')
      .select('id')
      .where('id', '=', levelId)
      .executeTakeFirst()
      .then((row) => row !== undefined);
  }

  async insertLevelUser(row: Insertable<LevelUserTable>): Promise<void> {
    await this.db.insertInto('level_user').values(row).execute();
  }

  async updateLevelUser(
    memberId: number,
    changes: { level_id?: number; expire_time?: number | null },
    now: number,
  ): Promise<void> {
    await this.db
      .updateTable('level_user')
      .set({ ...changes, updated_at: now })
      .where('member_id', '=', memberId)
      .execute();
  }

  /** The member's level and usage; undefined when the member has no level row. */
  findLevel(memberId: number) {
    return this.db
      .selectFrom('level_user')
      .innerJoin('level', 'level.id', 'level_user.level_id')
      .select([
        'level_user.level_id',
        'level_user.account_num as used_account_num',
        'level_user.space_storage as used_space_storage',
        'level_user.expire_time',
        'level.name as level_name',
        'level.account_num',
        'level.space_storage',
      ])
      .where('level_user.member_id', '=', memberId)
      .executeTakeFirst();
  }

  /** Menus granted to any of the member's roles, in sidebar order. */
  menusFor(memberId: number): Promise<MenuRow[]> {
    return this.db
      .selectFrom('menu')
      .selectAll('menu')
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('role_menu')
            .innerJoin('member_role', 'member_role.role_id', 'role_menu.role_id')
            .select('role_menu.menu_id')
            .whereRef('role_menu.menu_id', '=', 'menu.id')
            .where('member_role.member_id', '=', memberId),
        ),
      )
      .orderBy('menu.sort')
      .orderBy('menu.id')
      .execute();
  }
}
