import type { LeadIntentCategory, LeadIntentLevel } from '@vidmatrix/contract/rules/lead-rules';
import { sql, type Selectable } from 'kysely';
import { likeContains } from '../../db/dialect.ts';
import { harvestedConversation } from './harvest-work.repository.ts';
import type {
  ChatMessageTable,
  ConversationTable,
  Db,
  LeadKindColumn,
  LeadStatusColumn,
  MessageDelivery,
  MessageSourceColumn,
} from '../../db/types.ts';

export type ConversationRow = Selectable<ConversationTable>;
export type MessageRow = Selectable<ChatMessageTable>;

/** Filters of the lead list and export. */
export interface LeadFilter {
  status: LeadStatusColumn | '';
  conversationId: number;
  keyword: string;
}

/** A lead with what the list shows of its conversation and source message. */
export interface LeadRow {
  id: number;
  kind: LeadKindColumn | '';
  value: string;
  contacts: string;
  intent: LeadIntentLevel;
  intent_category: LeadIntentCategory | '';
  platform_id: number;
  source: MessageSourceColumn;
  post_id: string;
  post_title: string;
  link: string;
  status: LeadStatusColumn;
  conversation_id: number;
  enterprise_account_id: number;
  customer_id: string;
  customer_name: string;
  source_message_id: number;
  source_content: string;
  first_seen: number;
}

/** SQL of conversations, messages, leads and webhook secrets. Every query is scoped to a member. */
export class CustomerRepository {
  constructor(private readonly db: Db) {}

  async findSecret(memberId: number): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('webhook_secret')
      .select('secret')
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    return row?.secret;
  }

  /** Stores the member's secret, replacing any older one. */
  async saveSecret(memberId: number, secret: string, now: number): Promise<void> {
    await this.db
      .insertInto('webhook_secret')
      .values({ member_id: memberId, secret, created_at: now })
      .onConflict((oc) => oc.column('member_id').doUpdateSet({ secret, created_at: now }))
      .execute();
  }

  /** Records a signature as used; false when it was already recorded (a replay). */
  async recordSignature(signature: string, expiresAt: number): Promise<boolean> {
    const result = await this.db
      .insertInto('webhook_nonce')
      .values({ signature, expires_at: expiresAt })
      .onConflict((oc) => oc.column('signature').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  async pruneSignatures(now: number): Promise<void> {
    await this.db.deleteFrom('webhook_nonce').where('expires_at', '<=', now).execute();
  }

  listConversations(memberId: number): Promise<ConversationRow[]> {
    return this.db
      .selectFrom('conversation')
      .selectAll()
      .where('member_id', '=', memberId)
      .orderBy('last_time', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  findConversation(memberId: number, conversationId: number): Promise<ConversationRow | undefined> {
    return this.db
      .selectFrom('conversation')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('id', '=', conversationId)
      .executeTakeFirst();
  }

  listMessages(memberId: number, conversationId: number): Promise<MessageRow[]> {
    return (
      this.db
        .selectFrom('chat_message')
        .selectAll()
        .where('member_id', '=', memberId)
        .where('conversation_id', '=', conversationId)
        // Harvested pages arrive newest first and backlogs later: the thread reads in the time written.
        .orderBy('sent_at', 'asc')
        .orderBy('id', 'asc')
        .execute()
    );
  }

  /** Stores a reply as pending on the conversation's account and makes it the conversation's latest. */
  async insertReply(
    memberId: number,
    conversation: Pick<ConversationRow, 'id' | 'enterprise_account_id'>,
    content: string,
    now: number,
  ): Promise<MessageRow> {
    const conversationId = conversation.id;
    const message = await this.db
      .insertInto('chat_message')
      .values({
        conversation_id: conversationId,
        member_id: memberId,
        // The row names its account as harvested items and rule replies do (reads by account need no join).
        enterprise_account_id: conversation.enterprise_account_id,
        direction: 'out',
        content,
        sent_at: now,
        is_read: 1,
        delivery_status: 'pending',
        fail_reason: '',
        attempts: 0,
        created_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await this.db
      .updateTable('conversation')
      .set({ last_out_content: content, last_time: now })
      .where('id', '=', conversationId)
      .where('member_id', '=', memberId)
      .execute();
    return message;
  }

  async markRead(memberId: number, conversationId: number): Promise<void> {
    await this.db
      .updateTable('chat_message')
      .set({ is_read: 1 })
      .where('member_id', '=', memberId)
      .where('conversation_id', '=', conversationId)
      .where('is_read', '=', 0)
      .execute();
    await this.db
      .updateTable('conversation')
      .set({ unread_count: 0 })
      .where('member_id', '=', memberId)
      .where('id', '=', conversationId)
      .execute();
  }

  /** A pending reply with where it goes. */
  findPendingReply(messageId: number) {
    return this.db
      .selectFrom('chat_message')
      .innerJoin('conversation', 'conversation.id', 'chat_message.conversation_id')
      .select([
        'chat_message.id',
        'chat_message.member_id',
        'chat_message.content',
        'chat_message.attempts',
        'chat_message.delivery_lease_until',
        'chat_message.conversation_id',
        'conversation.enterprise_account_id',
        'conversation.customer_id',
      ])
      .where('chat_message.id', '=', messageId)
      .where('chat_message.direction', '=', 'out')
      .where('chat_message.delivery_status', '=', 'pending')
      .executeTakeFirst();
  }

  /**
   * Claims one attempt of a pending reply, holding it until `leaseUntil`; false when another instance
   * took it first, or when an attempt still holds it at `now`.
   */
  async claimAttempt(messageId: number, seenAttempts: number, leaseUntil: number, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('chat_message')
      .set({ attempts: seenAttempts + 1, delivery_lease_until: leaseUntil })
      .where('id', '=', messageId)
      .where('delivery_status', '=', 'pending')
      .where('attempts', '=', seenAttempts)
      .where('delivery_lease_until', '<=', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Extends the lease of attempt `attempt` (1-based) while it sends; nothing once another attempt took the reply. */
  async renewAttempt(messageId: number, attempt: number, leaseUntil: number): Promise<void> {
    await this.db
      .updateTable('chat_message')
      .set({ delivery_lease_until: leaseUntil })
      .where('id', '=', messageId)
      .where('delivery_status', '=', 'pending')
      .where('attempts', '=', attempt)
      .execute();
  }

  /** Lets go of a pending reply's lease (its attempt failed and will be retried). */
  async releaseAttempt(messageId: number): Promise<void> {
    await this.db
      .updateTable('chat_message')
      .set({ delivery_lease_until: 0 })
      .where('id', '=', messageId)
      .where('delivery_status', '=', 'pending')
      .execute();
  }

  /** Replies still to be sent through a connector (pending, not in a harvested conversation: a runner sends those). */
  async undeliveredReplies(): Promise<number[]> {
    const rows = await this.db
      .selectFrom('chat_message as m')
      .select('m.id')
      .where('m.direction', '=', 'out')
      .where('m.delivery_status', '=', 'pending')
      .where((eb) => eb.not(harvestedConversation(sql.ref<number>('m.conversation_id'))))
      .orderBy('m.id')
      .execute();
    return rows.map((r) => r.id);
  }

  async setDelivery(messageId: number, status: MessageDelivery, reason: string): Promise<void> {
    await this.db
      .updateTable('chat_message')
      .set({ delivery_status: status, fail_reason: reason, delivery_lease_until: 0 })
      .where('id', '=', messageId)
      .execute();
  }

  /** Marks a reply failed unless another run sent it meanwhile (a give-up never turns 已发送 into 发送失败). */
  async failPending(messageId: number, reason: string): Promise<void> {
    await this.db
      .updateTable('chat_message')
      .set({ delivery_status: 'failed', fail_reason: reason, delivery_lease_until: 0 })
      .where('id', '=', messageId)
      .where('delivery_status', '=', 'pending')
      .execute();
  }

  private leadQuery(memberId: number, filter: LeadFilter) {
    let query = this.db
      .selectFrom('lead')
      .innerJoin('conversation', 'conversation.id', 'lead.conversation_id')
      .leftJoin('chat_message', 'chat_message.id', 'lead.source_message_id')
      .where('lead.member_id', '=', memberId);
    if (filter.status) {
      query = query.where('lead.status', '=', filter.status);
    }
    if (filter.conversationId > 0) {
      query = query.where('lead.conversation_id', '=', filter.conversationId);
    }
    if (filter.keyword) {
      const keyword = filter.keyword;
      query = query.where((eb) =>
        // contacts holds every value (the JSON text is searched as it is; keys and quotes rarely matter).
        eb.or([likeContains('lead.contacts', keyword), likeContains('conversation.customer_name', keyword)]),
      );
    }
    return query;
  }

  async countLeads(memberId: number, filter: LeadFilter): Promise<number> {
    const row = await this.leadQuery(memberId, filter)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** A page of leads, newest first; limit 0 means all. */
  async listLeads(memberId: number, filter: LeadFilter, offset: number, limit: number): Promise<LeadRow[]> {
    let query = this.leadQuery(memberId, filter)
      .select([
        'lead.id',
        'lead.kind',
        'lead.value',
        'lead.contacts',
        'lead.intent',
        'lead.intent_category',
        'lead.platform_id',
        'lead.source',
        'lead.post_id',
        'lead.post_title',
        'lead.link',
        'lead.status',
        'lead.conversation_id',
        'lead.enterprise_account_id',
        'lead.customer_id',
        'conversation.customer_name',
        'lead.source_message_id',
        'chat_message.content as source_content',
        'lead.first_seen',
      ])
      .orderBy('lead.id', 'desc');
    if (limit > 0) {
      query = query.limit(limit).offset(offset);
    }
    const rows = await query.execute();
    return rows.map((r) => ({ ...r, source_content: r.source_content ?? '' }));
  }

  /** Sets a lead's status; false when the member has no such lead. */
  async updateLeadStatus(memberId: number, leadId: number, status: LeadStatusColumn, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('lead')
      .set({ status, updated_at: now })
      .where('member_id', '=', memberId)
      .where('id', '=', leadId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
