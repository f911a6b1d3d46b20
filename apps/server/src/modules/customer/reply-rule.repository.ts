import { sql, type Insertable, type Selectable } from 'kysely';
import type { ChatMessageTable, Db, ReplyRuleTable, ReplySettingTable } from '../../db/types.ts';

export type ReplyRuleRow = Selectable<ReplyRuleTable>;
export type ReplySettingRow = Selectable<ReplySettingTable>;

/** A waiting draft with what approving it needs. */
export interface DraftRow {
  id: number;
  conversation_id: number;
  content: string;
}

/** One account's figures on the AI获客员工 page. */
export interface AccountFigures {
  id: number;
  nickname: string;
  platform_name: string;
  cookie_auth_status: number;
  /** The member's harvesting switch (harvest_account.enabled; off when never set). */
  harvesting: boolean;
  last_read: number;
  items_today: number;
  leads: number;
  replies_sent: number;
}

/** Reply rules, the member's reply settings, rule replies and their approval, and the overview figures. */
export class ReplyRuleRepository {
  constructor(private readonly db: Db) {}

  listRules(memberId: number): Promise<ReplyRuleRow[]> {
    return this.db.selectFrom('reply_rule').selectAll().where('member_id', '=', memberId).orderBy('id').execute();
  }

  async countRules(memberId: number): Promise<number> {
    const row = await this.db
      .selectFrom('reply_rule')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async insertRule(row: Insertable<ReplyRuleTable>): Promise<number> {
    const inserted = await this.db.insertInto('reply_rule').values(row).returning('id').executeTakeFirstOrThrow();
    return inserted.id;
  }

  /** Whether the member's rule was there to change. */
  async updateRule(
    memberId: number,
    ruleId: number,
    values: Omit<Insertable<ReplyRuleTable>, 'member_id' | 'created_at'>,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('reply_rule')
      .set(values)
      .where('id', '=', ruleId)
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async deleteRule(memberId: number, ruleId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('reply_rule')
      .where('id', '=', ruleId)
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  settings(memberId: number): Promise<ReplySettingRow | undefined> {
    return this.db.selectFrom('reply_setting').selectAll().where('member_id', '=', memberId).executeTakeFirst();
  }

  async saveSettings(row: ReplySettingRow): Promise<void> {
    await this.db
      .insertInto('reply_setting')
      .values(row)
      .onConflict((oc) =>
        oc.column('member_id').doUpdateSet({
          business: sql`excluded.business`,
          products: sql`excluded.products`,
          hourly_cap: sql`excluded.hourly_cap`,
          updated_at: sql`excluded.updated_at`,
        }),
      )
      .execute();
  }

  /** Replies (queued or sent) the account made since `since`, whoever wrote them: the platform counts them all. */
  async accountRepliesSince(accountId: number, since: number): Promise<number> {
    // Through the conversation: console replies do not carry the account on the message row.
    const row = await this.db
      .selectFrom('chat_message as m')
      .innerJoin('conversation as c', 'c.id', 'm.conversation_id')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('c.enterprise_account_id', '=', accountId)
      .where('m.direction', '=', 'out')
      .where('m.delivery_status', 'in', ['pending', 'sent'])
      .where('m.created_at', '>=', since)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Messages (queued or sent) in the conversation written after `after` (the customer's latest message). */
  async sentAfter(conversationId: number, after: number): Promise<number> {
    const row = await this.db
      .selectFrom('chat_message')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('conversation_id', '=', conversationId)
      .where('direction', '=', 'out')
      .where('delivery_status', 'in', ['pending', 'sent'])
      .where('sent_at', '>=', after)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Stores a rule reply; undefined when the item has one already (the unique index decides a race). */
  async insertRuleReply(row: Insertable<ChatMessageTable>): Promise<number | undefined> {
    const inserted = await this.db
      .insertInto('chat_message')
      .values(row)
      .onConflict((oc) =>
        oc
          .column('reply_to_message_id')
          .where(sql<boolean>`reply_to_message_id <> 0`)
          .doNothing(),
      )
      .returning('id')
      .executeTakeFirst();
    return inserted?.id;
  }

  async setLastOut(conversationId: number, content: string, now: number): Promise<void> {
    await this.db
      .updateTable('conversation')
      .set({ last_out_content: content, last_time: now })
      .where('id', '=', conversationId)
      .execute();
  }

  findDraft(memberId: number, messageId: number): Promise<DraftRow | undefined> {
    return this.db
      .selectFrom('chat_message')
      .select(['id', 'conversation_id', 'content'])
      .where('id', '=', messageId)
      .where('member_id', '=', memberId)
      .where('approval', '=', 'waiting')
      .executeTakeFirst();
  }

  /** Makes a waiting draft a pending reply; false when another click approved or discarded it first. */
  async approve(memberId: number, messageId: number, content: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('chat_message')
      .set({ approval: '', hold_reason: '', content, delivery_status: 'pending', sent_at: now, created_at: now })
      .where('id', '=', messageId)
      .where('member_id', '=', memberId)
      .where('approval', '=', 'waiting')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async discard(memberId: number, messageId: number): Promise<boolean> {
    const result = await this.db
      .updateTable('chat_message')
      .set({ approval: 'discarded' })
      .where('id', '=', messageId)
      .where('member_id', '=', memberId)
      .where('approval', '=', 'waiting')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async waitingCount(memberId: number): Promise<number> {
    const row = await this.db
      .selectFrom('chat_message')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('member_id', '=', memberId)
      .where('approval', '=', 'waiting')
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Every account of the member with its harvest figures; items count from `dayStart`. */
  async accountFigures(memberId: number, dayStart: number): Promise<AccountFigures[]> {
    const rows = await this.db
      .selectFrom('enterprise_account as a')
      .leftJoin('platform as p', 'p.id', 'a.platform_id')
      .leftJoin('harvest_account as ha', 'ha.enterprise_account_id', 'a.id')
      .select((eb) => [
        'a.id',
        eb.fn.coalesce('ha.enabled', sql.lit(0)).as('harvesting'),
        'a.nickname',
        'a.cookie_auth_status',
        eb.fn.coalesce('p.name', sql.lit('')).as('platform_name'),
        eb
          .selectFrom('harvest_cursor as h')
          .select((s) => s.fn.max('h.updated_at').as('t'))
          .whereRef('h.enterprise_account_id', '=', 'a.id')
          .as('last_read'),
        eb
          .selectFrom('chat_message as m')
          .select((s) => s.fn.countAll().as('n'))
          .whereRef('m.enterprise_account_id', '=', 'a.id')
          .where('m.item_id', '<>', '')
          .where('m.direction', '=', 'in')
          .where('m.created_at', '>=', dayStart)
          .as('items_today'),
        eb
          .selectFrom('lead as l')
          .select((s) => s.fn.countAll().as('n'))
          .whereRef('l.enterprise_account_id', '=', 'a.id')
          .as('leads'),
        eb
          .selectFrom('chat_message as r')
          .innerJoin('conversation as c', 'c.id', 'r.conversation_id')
          .select((s) => s.fn.countAll().as('n'))
          .whereRef('c.enterprise_account_id', '=', 'a.id')
          .where('r.direction', '=', 'out')
          .where('r.delivery_status', '=', 'sent')
          .as('replies_sent'),
      ])
      .where('a.member_id', '=', memberId)
      .orderBy('a.id')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      nickname: r.nickname,
      platform_name: String(r.platform_name),
      cookie_auth_status: r.cookie_auth_status,
      harvesting: Number(r.harvesting) === 1,
      last_read: Number(r.last_read ?? 0),
      items_today: Number(r.items_today ?? 0),
      leads: Number(r.leads ?? 0),
      replies_sent: Number(r.replies_sent ?? 0),
    }));
  }
}
