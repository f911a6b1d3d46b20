import { sql, type Insertable, type Selectable } from 'kysely';
import type {
  ChatMessageTable,
  Db,
  HarvestCursorTable,
  HarvestThreadTable,
  LeadTable,
  MessageSourceColumn,
} from '../../db/types.ts';
import { CompiledQueries } from '../../db/compiled.ts';
import { inValues } from '../../db/dialect.ts';

/** An enterprise account as the inbox needs it: its owner, its platform, and the owner's level gate. */
export interface InboxAccount {
  id: number;
  member_id: number;
  platform_id: number;
  /** 1 when the owner's level lets server runners serve them. */
  server_runners: number;
  level_name: string;
  /** When harvesting was last switched on, ms (0: nothing is history): items written before are history. */
  history_before: number;
}

/** A conversation to make or refresh: its customer, and what the new messages change in it. */
export interface ConversationDelta {
  customerId: string;
  customerName: string;
  /** New inbound messages (unread). */
  unread: number;
  /** Newest new inbound text ('' when none) and newest new reply text ('' when none). */
  lastIn: string;
  lastOut: string;
  /** Newest time among the new messages, ms. */
  lastTime: number;
}

export type LeadRowOfConversation = Pick<
  Selectable<LeadTable>,
  'id' | 'conversation_id' | 'kind' | 'value' | 'contacts' | 'intent' | 'intent_category'
>;

/** The predicate of the partial unique index, as a literal: a bound '' would not match it. */
const NOT_KEYLESS = sql<boolean>`item_id <> ''`;

/**
 * A harvest page's statements take up to 200 rows of 20-odd columns: building and compiling them with
 * Kysely each time cost more than the database took to run them, so their one-row SQL is kept (run per
 * row on SQLite, written out for N rows on PostgreSQL).
 */
const compiled = new CompiledQueries();

/** The item key columns of a stored harvested message. */
const ITEM_KEY = ['platform_id', 'enterprise_account_id', 'source', 'item_id'] as const;

/**
 * SQL of the one inbound path (webhook and harvest): item keys, conversations, messages, the replies they
 * confirm, leads and harvest cursors. Every statement takes a whole batch.
 */
/** How long a thread's reply count is kept without being written again, ms (30 days). */
export const HARVEST_THREAD_KEEP_MS = 30 * 86_400_000;

export class InboxRepository {
  constructor(private readonly db: Db) {}

  /** The account, its owner and the owner's level gate; undefined when there is no such account. */
  async account(accountId: number): Promise<InboxAccount | undefined> {
    const row = await this.db
      .selectFrom('enterprise_account as a')
      .leftJoin('level_user as lu', 'lu.member_id', 'a.member_id')
      .leftJoin('level as l', 'l.id', 'lu.level_id')
      .leftJoin('harvest_account as h', 'h.enterprise_account_id', 'a.id')
      .select(['a.id', 'a.member_id', 'a.platform_id', 'l.server_runners', 'l.name as level_name', 'h.history_before'])
      .where('a.id', '=', accountId)
      .executeTakeFirst();
    return (
      row && {
        ...row,
        server_runners: row.server_runners ?? 0,
        level_name: row.level_name ?? '',
        history_before: Number(row.history_before ?? 0),
      }
    );
  }

  /** Which of `itemIds` of one account and source are stored already. */
  async knownItems(platformId: number, accountId: number, source: MessageSourceColumn, itemIds: string[]) {
    if (itemIds.length === 0) {
      return new Set<string>();
    }
    const rows = await this.db
      .selectFrom('chat_message')
      .select('item_id')
      .where('platform_id', '=', platformId)
      .where('enterprise_account_id', '=', accountId)
      .where('source', '=', source)
      // Spelled out as a literal so both databases see that the partial unique index applies.
      .where(NOT_KEYLESS)
      .where(inValues(this.db, 'item_id', itemIds, 'text'))
      .execute();
    return new Set(rows.map((r) => r.item_id));
  }

  /** The customer each stored item's conversation is with (to file the account's replies to those items). */
  async customersOfItems(platformId: number, accountId: number, source: MessageSourceColumn, itemIds: string[]) {
    if (itemIds.length === 0) {
      return new Map<string, string>();
    }
    const rows = await this.db
      .selectFrom('chat_message as m')
      .innerJoin('conversation as c', 'c.id', 'm.conversation_id')
      .select(['m.item_id', 'c.customer_id'])
      .where('m.platform_id', '=', platformId)
      .where('m.enterprise_account_id', '=', accountId)
      .where('m.source', '=', source)
      .where(sql.ref('m.item_id'), '<>', sql.lit(''))
      .where(inValues(this.db, 'm.item_id', itemIds, 'text'))
      .execute();
    return new Map(rows.map((r) => [r.item_id, r.customer_id]));
  }

  /**
   * Which of these comments the account has answered on the platform: its own reply read from there (a
   * platform id) names one as parent, or lies in the thread it begins (ATE skips a comment whose
   * sub-comments hold the account's own uid). Replies still pending carry no platform id and count not.
   */
  async answeredComments(platformId: number, accountId: number, itemIds: string[]): Promise<Set<string>> {
    if (itemIds.length === 0) {
      return new Set();
    }
    const rows = await this.db
      .selectFrom('chat_message')
      .select(['parent_id', 'root_id'])
      .where('platform_id', '=', platformId)
      .where('enterprise_account_id', '=', accountId)
      .where('source', '=', 'comment')
      .where('direction', '=', 'out')
      .where(sql.ref('item_id'), '<>', sql.lit(''))
      .where((eb) => eb.or([eb('parent_id', 'in', itemIds), eb('root_id', 'in', itemIds)]))
      .execute();
    const asked = new Set(itemIds);
    return new Set(rows.flatMap((r) => [r.parent_id, r.root_id]).filter((id) => asked.has(id)));
  }

  /**
   * Makes the conversations that do not exist yet and adds the new messages to all of them (unread
   * counts, latest texts and time, the customer's name), in one statement; the id of each by customer.
   * Rows are locked in customer order (PostgreSQL), so two batches never deadlock.
   */
  async conversations(memberId: number, accountId: number, deltas: ConversationDelta[], now: number) {
    if (deltas.length === 0) {
      return new Map<string, number>();
    }
    const values = [...deltas]
      .sort((a, b) => (a.customerId < b.customerId ? -1 : 1))
      .map((d) => ({
        member_id: memberId,
        enterprise_account_id: accountId,
        customer_id: d.customerId,
        customer_name: d.customerName,
        unread_count: d.unread,
        last_in_content: d.lastIn,
        last_out_content: d.lastOut,
        last_time: d.lastTime,
        created_at: now,
      }));
    const rows = await compiled.executeRows(this.db, 'conversations', values, (p) =>
      this.db
        .insertInto('conversation')
        .values(p.rows)
        .onConflict((oc) =>
          oc.columns(['member_id', 'enterprise_account_id', 'customer_id']).doUpdateSet({
            // A platform may not send the name every time; keep the last one it did.
            customer_name: sql`case when excluded.customer_name <> '' then excluded.customer_name else conversation.customer_name end`,
            unread_count: sql`conversation.unread_count + excluded.unread_count`,
            // Older items (a backlog read page by page) do not replace what a newer message set.
            last_in_content: sql`case when excluded.last_in_content <> '' and excluded.last_time >= conversation.last_time
            then excluded.last_in_content else conversation.last_in_content end`,
            last_out_content: sql`case when excluded.last_out_content <> '' and excluded.last_time >= conversation.last_time
            then excluded.last_out_content else conversation.last_out_content end`,
            last_time: sql`case when excluded.last_time > conversation.last_time then excluded.last_time
            else conversation.last_time end`,
          }),
        )
        .returning(['id', 'customer_id']),
    );
    return new Map(rows.map((r) => [r.customer_id, r.id]));
  }

  /** Takes back unread counts of items another batch stored first (a race the pre-check could not see). */
  async uncount(conversationId: number, items: number): Promise<void> {
    await this.db
      .updateTable('conversation')
      .set({
        unread_count: sql`case when unread_count >= ${items} then unread_count - ${items} else 0 end`,
      })
      .where('id', '=', conversationId)
      .execute();
  }

  /**
   * Links the account's own reply read back from the platform to the oldest reply of the console with
   * the same text not yet linked, and marks it sent; false when there is none.
   */
  async confirmReply(
    conversationId: number,
    content: string,
    key: Pick<
      Insertable<ChatMessageTable>,
      (typeof ITEM_KEY)[number] | 'post_id' | 'post_title' | 'parent_id' | 'root_id' | 'link'
    >,
  ): Promise<number | undefined> {
    const pending = await this.db
      .selectFrom('chat_message')
      .select('id')
      .where('conversation_id', '=', conversationId)
      .where('direction', '=', 'out')
      .where('item_id', '=', '')
      // A draft still waiting (or discarded) was never sent: the item is someone else's reply.
      .where('approval', '=', '')
      .where('content', '=', content)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (!pending) {
      return undefined;
    }
    const result = await this.db
      .updateTable('chat_message')
      .set({ ...key, delivery_status: 'sent', fail_reason: '' })
      .where('id', '=', pending.id)
      // Another batch may have linked it since the read: then this item is stored as a reply of its own.
      .where('item_id', '=', '')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1 ? pending.id : undefined;
  }

  /** Inserts messages; harvested items already stored are skipped. The ids of those inserted, by item id. */
  async insertMessages(rows: Insertable<ChatMessageTable>[]): Promise<Map<string, number>> {
    if (rows.length === 0) {
      return new Map();
    }
    const inserted = await compiled.executeRows(this.db, 'insertMessages', rows, (p) =>
      this.db
        .insertInto('chat_message')
        .values(p.rows)
        .onConflict((oc) =>
          oc
            .columns([...ITEM_KEY])
            .where(NOT_KEYLESS)
            .doNothing(),
        )
        .returning(['id', 'source', 'item_id']),
    );
    return new Map(inserted.map((r) => [`${r.source}:${r.item_id}`, r.id]));
  }

  /** The leads of these conversations. */
  async leadsOf(conversationIds: number[]): Promise<LeadRowOfConversation[]> {
    if (conversationIds.length === 0) {
      return [];
    }
    return this.db
      .selectFrom('lead')
      .select(['id', 'conversation_id', 'kind', 'value', 'contacts', 'intent', 'intent_category'])
      .where(inValues(this.db, 'conversation_id', conversationIds, 'integer'))
      .execute();
  }

  /** Creates leads, or updates the contacts and intent of those a conversation has (its source and status stay). */
  async upsertLeads(rows: Insertable<LeadTable>[]): Promise<void> {
    if (rows.length === 0) {
      return;
    }
    await compiled.executeRows(this.db, 'upsertLeads', rows, (p) =>
      this.db
        .insertInto('lead')
        .values(p.rows)
        .onConflict((oc) =>
          oc.column('conversation_id').doUpdateSet({
            kind: sql`excluded.kind`,
            value: sql`excluded.value`,
            contacts: sql`excluded.contacts`,
            intent: sql`excluded.intent`,
            intent_category: sql`excluded.intent_category`,
            updated_at: sql`excluded.updated_at`,
          }),
        ),
    );
  }

  async saveCursor(row: Selectable<HarvestCursorTable>): Promise<void> {
    await this.db
      .insertInto('harvest_cursor')
      .values(row)
      .onConflict((oc) =>
        oc
          .columns(['enterprise_account_id', 'source'])
          .doUpdateSet({ cursor: row.cursor, updated_at: row.updated_at, member_id: row.member_id }),
      )
      .execute();
  }

  cursor(accountId: number, source: HarvestCursorTable['source']) {
    return this.db
      .selectFrom('harvest_cursor')
      .select(['cursor', 'updated_at'])
      .where('enterprise_account_id', '=', accountId)
      .where('source', '=', source)
      .executeTakeFirst();
  }

  /**
   * Stores the reply counts threads were read at (a later read of a thread replaces its count), and ages
   * out the account's counts not written for HARVEST_THREAD_KEEP_MS (threads of posts no longer read: one
   * read again later only costs that thread's one look).
   */
  async saveThreads(rows: Selectable<HarvestThreadTable>[]): Promise<void> {
    const first = rows[0];
    if (!first) {
      return;
    }
    await this.db
      .deleteFrom('harvest_thread')
      .where('enterprise_account_id', '=', first.enterprise_account_id)
      .where('updated_at', '<', first.updated_at - HARVEST_THREAD_KEEP_MS)
      .execute();
    await this.db
      .insertInto('harvest_thread')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['enterprise_account_id', 'root_id']).doUpdateSet({
          replies: sql`excluded.replies`,
          member_id: sql`excluded.member_id`,
          updated_at: sql`excluded.updated_at`,
        }),
      )
      .execute();
  }

  /** The stored reply counts of these threads of the account (threads never read are absent). */
  threads(accountId: number, rootIds: string[]) {
    if (rootIds.length === 0) {
      return Promise.resolve([]);
    }
    return this.db
      .selectFrom('harvest_thread')
      .select(['root_id', 'replies'])
      .where('enterprise_account_id', '=', accountId)
      .where('root_id', 'in', rootIds)
      .execute();
  }
}
