import type { Insertable } from 'kysely';
import type { AgentApplicationTable, Db } from '../../db/types.ts';

/** SQL of the agent programme: applications, agents' brands and their members. */
export class AgentRepository {
  constructor(private readonly db: Db) {}

  /** The member's latest application; undefined when none. */
  latestApplication(memberId: number) {
    return this.db
      .selectFrom('agent_application')
      .selectAll()
      .where('member_id', '=', memberId)
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  async insertApplication(row: Insertable<AgentApplicationTable>): Promise<number> {
    const inserted = await this.db
      .insertInto('agent_application')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  }

  /** Applications with the applicant's account, newest first; only pending ones unless `all`. */
  listApplications(all: boolean) {
    let query = this.db
      .selectFrom('agent_application')
      .innerJoin('member', 'member.id', 'agent_application.member_id')
      .selectAll('agent_application')
      .select('member.account')
      .orderBy('agent_application.id', 'desc');
    if (!all) {
      query = query.where('agent_application.status', '=', 0);
    }
    return query.execute();
  }

  findApplication(id: number) {
    return this.db.selectFrom('agent_application').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async decideApplication(id: number, status: number, now: number): Promise<void> {
    await this.db.updateTable('agent_application').set({ status, decided_at: now }).where('id', '=', id).execute();
  }

  findAgent(memberId: number) {
    return this.db.selectFrom('agent').selectAll().where('member_id', '=', memberId).executeTakeFirst();
  }

  /** The agent whose own domain is `host`; undefined when none. */
  findAgentByDomain(host: string) {
    return this.db.selectFrom('agent').selectAll().where('domain', '=', host).executeTakeFirst();
  }

  /** Creates the agent row when missing (name from the application), leaving an existing brand alone. */
  async ensureAgent(memberId: number, name: string, now: number): Promise<void> {
    await this.db
      .insertInto('agent')
      .values({ member_id: memberId, name, logo_white: '', logo_black: '', is_wechat_service: 0, created_at: now })
      .onConflict((oc) => oc.column('member_id').doNothing())
      .execute();
  }

  async updateAgent(
    memberId: number,
    brand: { name: string; logo_white: string; logo_black: string; is_wechat_service: number; domain: string | null },
  ): Promise<void> {
    await this.db.updateTable('agent').set(brand).where('member_id', '=', memberId).execute();
  }

  async updateLogo(memberId: number, column: 'logo_white' | 'logo_black', url: string): Promise<void> {
    await this.db
      .updateTable('agent')
      .set({ [column]: url })
      .where('member_id', '=', memberId)
      .execute();
  }

  async countMembers(agentId: number): Promise<number> {
    const row = await this.db
      .selectFrom('member')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('agent_id', '=', agentId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  accountOf(memberId: number) {
    return this.db.selectFrom('member').select('account').where('id', '=', memberId).executeTakeFirst();
  }
}
