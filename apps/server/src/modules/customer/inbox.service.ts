import type {
  HarvestCursorResult,
  HarvestIngestResult,
  HarvestThread,
  HarvestThreadsResult,
  harvestCursorQuery,
  harvestIngestBody,
  harvestThreadsBody,
} from '@vidmatrix/contract/api/harvest';
import type { WebhookMessageResult, webhookMessageBody } from '@vidmatrix/contract/api/customer';
import { fillMsg, Msg } from '@vidmatrix/contract/messages';
import { isBuyingIntent, isLeadWorthy } from '@vidmatrix/contract/rules/lead-rules';
import { formatServerTime } from '@vidmatrix/contract/rules/time';
import type { Insertable } from 'kysely';
import type { z } from 'zod';
import type { ChatMessageTable, LeadTable } from '../../db/types.ts';
import { badRequest } from '../../errors.ts';
import type { RealtimePublisher } from '../../realtime/hub.ts';
import type { RunnerIdentity } from '../publish/runner-registry.service.ts';
import type { InboxAccount, InboxRepository } from './inbox.repository.ts';
import type { Transaction } from '../../repositories.ts';
import type { LeadScorer, ScoredText } from './lead-scorer.ts';
import { deltas, mergeLead, messageRow, type InboxItem, type Placed } from './inbox-rows.ts';
import type { ReplyRuleService } from './reply-rule.service.ts';

/** What storing a batch did. */
interface StoreOutcome extends HarvestIngestResult {
  /** Where each stored inbound item went, in the order given (the webhook answers with it). */
  placed: { conversationId: number; messageId: number }[];
}

/** Most `send_msg` frames one batch pushes (one per conversation, newest first): a first read of an account's backlog must not ring a hundred times. */
export const SEND_MSG_FRAMES_MAX = 10;

/**
 * The one way comments and messages come in (issue 23): the signed webhook and the runners' harvest.
 * Each item is stored once (per platform, account, source and item id), filed in the conversation of its
 * customer, scored for intent and contacts, made into or merged with that person's one lead, and new
 * inbound items push `send_msg` (the console's list, badge and desktop notification).
 */
export class InboxService {
  private readonly repo: InboxRepository;

  constructor(
    private readonly deps: {
      inboxRepository: InboxRepository;
      /** A batch is stored in one transaction (its inboxRepository). */
      transaction: Transaction;
      now: () => number;
      realtime: RealtimePublisher;
      scorer: LeadScorer;
      /** The member's reply rules, run on each batch's new inbound harvested items once it is committed. */
      replies?: Pick<ReplyRuleService, 'answer'>;
    },
  ) {
    this.repo = deps.inboxRepository;
  }

  /** runner.Runner/harvestIngest: a page of one account's comments or messages, and the cursor after it. */
  async ingest(runner: RunnerIdentity, body: z.output<typeof harvestIngestBody>): Promise<HarvestIngestResult> {
    const account = await this.harvestAccount(runner, body.account_id);
    const now = this.deps.now();
    const items = body.items.map((item): InboxItem => {
      const sentAt = item.created_at > 0 ? item.created_at * 1000 : now;
      return {
        source: item.source,
        itemId: item.item_id,
        postId: item.post_id,
        postTitle: item.post_title,
        parentId: item.parent_id,
        rootId: item.root_id ?? '',
        link: item.link,
        authorId: item.author_id,
        authorName: item.author_name,
        peerId: item.peer_id ?? '',
        fromSelf: item.from_self,
        history: sentAt < account.history_before,
        text: item.text,
        sentAt,
      };
    });
    const { placed: _placed, ...result } = await this.store(account, items, {
      source: body.source,
      cursor: body.cursor,
      threads: body.threads,
    });
    return result;
  }

  /** runner.Runner/harvestCursor: where the last ingest of the account and source left off. */
  async cursor(runner: RunnerIdentity, query: z.output<typeof harvestCursorQuery>): Promise<HarvestCursorResult> {
    const account = await this.harvestAccount(runner, query.account_id);
    const row = await this.repo.cursor(account.id, query.source);
    return { cursor: row?.cursor ?? '', updated_at: row ? formatServerTime(row.updated_at) : '' };
  }

  /** runner.Runner/harvestThreads: the reply counts the account's threads were last read at. */
  async threads(runner: RunnerIdentity, body: z.output<typeof harvestThreadsBody>): Promise<HarvestThreadsResult> {
    const account = await this.harvestAccount(runner, body.account_id);
    return { threads: await this.repo.threads(account.id, [...new Set(body.root_ids)]) };
  }

  /** customer.Webhook/message: one inbound message to one of the member's accounts. */
  async receive(memberId: number, body: z.output<typeof webhookMessageBody>): Promise<WebhookMessageResult> {
    const account = await this.repo.account(body.enterprise_account_id);
    if (!account || account.member_id !== memberId) {
      throw badRequest(Msg.webhookAccountNotOwned);
    }
    const outcome = await this.store(account, [
      {
        source: '',
        itemId: '',
        postId: '',
        postTitle: '',
        parentId: '',
        rootId: '',
        link: '',
        authorId: body.customer_id,
        authorName: body.customer_name,
        peerId: '',
        fromSelf: false,
        history: false,
        text: body.content,
        sentAt: body.sent_at ? body.sent_at * 1000 : this.deps.now(),
      },
    ]);
    const [placed] = outcome.placed;
    if (!placed) {
      throw new Error('webhook message not stored');
    }
    return { conversation_id: placed.conversationId, message_id: placed.messageId };
  }

  /** The account when the runner may hand in its items: its member's, or a server runner serving its member's level. */
  private async harvestAccount(runner: RunnerIdentity, accountId: number): Promise<InboxAccount> {
    const account = await this.repo.account(accountId);
    if (!account || (runner.member_id !== null && account.member_id !== runner.member_id)) {
      throw badRequest(Msg.harvestAccountNotOwned);
    }
    if (runner.member_id === null && account.server_runners !== 1) {
      throw badRequest(fillMsg(Msg.harvestLevelRefused, { level: account.level_name }));
    }
    return account;
  }

  private async store(
    account: InboxAccount,
    given: InboxItem[],
    cursor?: { source: 'comment' | 'message'; cursor: string; threads: HarvestThread[] },
  ): Promise<StoreOutcome> {
    const now = this.deps.now();
    // Repeats inside the batch, then items stored before (the unique index decides for a race in between).
    const seen = new Set<string>();
    const fresh = given.filter((item) => {
      const key = `${item.source}:${item.itemId}`;
      if (!item.itemId) {
        return true;
      }
      if (seen.has(key)) {
        return false;
      }
      seen.add(key);
      return true;
    });
    const known = await this.knownKeys(account, fresh);
    const items = fresh.filter((item) => !known.has(`${item.source}:${item.itemId}`));
    const placedItems = await this.place(account, items);
    const skipped = items.length - placedItems.length;
    const inbound = placedItems.filter((p) => !p.item.fromSelf);
    const scores = await this.deps.scorer.score(inbound.map((p) => p.item.text));
    inbound.forEach((p, i) => {
      p.score = scores[i];
    });
    // Oldest first: a thread reads in time order, and two batches take the unique index in the same order.
    placedItems.sort((a, b) => a.item.sentAt - b.item.sentAt || (a.item.itemId < b.item.itemId ? -1 : 1));

    const written = await this.deps.transaction(async ({ inboxRepository: repo }) => {
      // Counted as if every item goes in: the pre-check took out those stored before, and a race is undone below.
      const conversations = await repo.conversations(
        account.member_id,
        account.id,
        deltas(placedItems, () => true),
        now,
      );
      const conversationOf = (p: Placed) => conversations.get(p.customerId) ?? 0;
      const stored: { placed: Placed; messageId: number }[] = [];
      const rows: { placed: Placed; row: Insertable<ChatMessageTable> }[] = [];
      for (const p of placedItems) {
        const row = messageRow(account, conversationOf(p), p, now);
        const confirmed =
          p.item.fromSelf && p.item.itemId
            ? await repo.confirmReply(conversationOf(p), p.item.text.trim(), {
                platform_id: account.platform_id,
                enterprise_account_id: account.id,
                source: p.item.source,
                item_id: p.item.itemId,
                post_id: p.item.postId,
                post_title: p.item.postTitle,
                parent_id: p.item.parentId,
                root_id: p.item.rootId,
                link: p.item.link,
              })
            : undefined;
        if (confirmed) {
          stored.push({ placed: p, messageId: confirmed });
        } else {
          rows.push({ placed: p, row });
        }
      }
      const ids = await repo.insertMessages(rows.map((r) => r.row));
      // Keyless rows (the webhook's) never conflict: it stores one at a time, so the one id is its.
      const keyless = rows.length === 1 && !rows[0]?.placed.item.itemId ? [...ids.values()][0] : undefined;
      for (const { placed, row } of rows) {
        const id = keyless ?? ids.get(`${row.source ?? ''}:${row.item_id ?? ''}`);
        if (id !== undefined) {
          stored.push({ placed, messageId: id });
        }
      }
      const storedSet = new Set(stored.map((s) => s.placed));
      for (const lost of deltas(placedItems, (p) => !storedSet.has(p))) {
        if (lost.unread > 0) {
          await repo.uncount(conversations.get(lost.customerId) ?? 0, lost.unread);
        }
      }
      const leads = await this.writeLeads(repo, account, stored, conversationOf, now);
      if (cursor) {
        await repo.saveCursor({
          enterprise_account_id: account.id,
          source: cursor.source,
          member_id: account.member_id,
          cursor: cursor.cursor,
          updated_at: now,
        });
        // A thread's count moves on only with its replies stored: a page lost on the way is read again.
        await repo.saveThreads(
          [...new Map(cursor.threads.map((t) => [t.root_id, t.replies])).entries()].map(([root_id, replies]) => ({
            enterprise_account_id: account.id,
            root_id,
            member_id: account.member_id,
            replies,
            updated_at: now,
          })),
        );
      }
      return { stored, leads, conversationOf };
    });

    this.announce(account, written.stored, written.conversationOf);
    await this.answer(account, written.stored, written.conversationOf);
    const storedCount = written.stored.length;
    return {
      stored: storedCount,
      duplicates: given.length - skipped - storedCount,
      skipped,
      leads: written.leads,
      placed: written.stored
        .filter((s) => !s.placed.item.fromSelf)
        .map((s) => ({ conversationId: written.conversationOf(s.placed), messageId: s.messageId })),
    };
  }

  /** Keys (`source:item_id`) of the batch's items that are stored already. */
  private async knownKeys(account: InboxAccount, items: InboxItem[]): Promise<Set<string>> {
    const known = new Set<string>();
    for (const source of new Set(items.filter((i) => i.itemId).map((i) => i.source))) {
      const ids = items.filter((i) => i.source === source && i.itemId).map((i) => i.itemId);
      for (const id of await this.repo.knownItems(account.platform_id, account.id, source, ids)) {
        known.add(`${source}:${id}`);
      }
    }
    return known;
  }

  /**
   * The customer each item belongs to: its author, or for the account's own item the customer it went
   * to (peer_id, else the author of the comment it answers). Own items with neither are left out.
   */
  private async place(account: InboxAccount, items: InboxItem[]): Promise<Placed[]> {
    const inBatch = new Map(items.filter((i) => !i.fromSelf).map((i) => [`${i.source}:${i.itemId}`, i.authorId]));
    const unplaced = items.filter(
      (i) => i.fromSelf && !i.peerId && i.parentId && !inBatch.has(`${i.source}:${i.parentId}`),
    );
    const stored = new Map<string, string>();
    for (const source of new Set(unplaced.map((i) => i.source))) {
      const parents = unplaced.filter((i) => i.source === source).map((i) => i.parentId);
      for (const [id, customer] of await this.repo.customersOfItems(account.platform_id, account.id, source, parents)) {
        stored.set(`${source}:${id}`, customer);
      }
    }
    const out: Placed[] = [];
    for (const item of items) {
      const parentKey = `${item.source}:${item.parentId}`;
      const customerId = !item.fromSelf
        ? item.authorId
        : item.peerId || (item.parentId ? (inBatch.get(parentKey) ?? stored.get(parentKey) ?? '') : '');
      if (customerId) {
        out.push({ item, customerId });
      }
    }
    return out;
  }

  /** Makes or updates the one lead of each person whose new messages show intent or a contact; how many changed. */
  private async writeLeads(
    repo: InboxRepository,
    account: InboxAccount,
    stored: { placed: Placed; messageId: number }[],
    conversationOf: (p: Placed) => number,
    now: number,
  ): Promise<number> {
    // History (what was there before harvesting began) makes a lead only with a contact: a stale 多少钱 is noise.
    const worthy = stored.filter(
      ({ placed: { score, item } }) => score && isLeadWorthy(score) && (!item.history || score.contacts.length > 0),
    );
    const byConversation = new Map<number, typeof worthy>();
    for (const s of worthy) {
      const id = conversationOf(s.placed);
      byConversation.set(id, [...(byConversation.get(id) ?? []), s]);
    }
    const existing = new Map(
      (await repo.leadsOf([...byConversation.keys()])).map((lead) => [lead.conversation_id, lead]),
    );
    const rows: Insertable<LeadTable>[] = [];
    for (const [conversationId, found] of byConversation) {
      const first = found[0];
      if (!first) {
        continue;
      }
      const before = existing.get(conversationId);
      const merged = mergeLead(
        before,
        found.map((f) => f.placed.score as ScoredText),
      );
      const contacts = JSON.stringify(merged.contacts);
      // A buyer who asks again adds nothing: the lead is written only when it is new or changed.
      if (before && before.contacts === contacts && before.intent === merged.level) {
        continue;
      }
      rows.push({
        member_id: account.member_id,
        conversation_id: conversationId,
        enterprise_account_id: account.id,
        customer_id: first.placed.customerId,
        kind: merged.contacts[0]?.kind ?? '',
        value: merged.contacts[0]?.value ?? '',
        contacts,
        intent: merged.level,
        intent_category: merged.category,
        status: 'new',
        platform_id: account.platform_id,
        source: first.placed.item.source,
        post_id: first.placed.item.postId,
        post_title: first.placed.item.postTitle,
        link: first.placed.item.link,
        source_message_id: first.messageId,
        first_seen: first.placed.item.sentAt,
        updated_at: now,
      });
    }
    await repo.upsertLeads(rows);
    return rows.length;
  }

  /** Hands the batch's new inbound harvested items to the reply rules (webhook messages have no item to answer). */
  private async answer(
    account: InboxAccount,
    stored: { placed: Placed; messageId: number }[],
    conversationOf: (p: Placed) => number,
  ): Promise<void> {
    if (!this.deps.replies) {
      return;
    }
    const items = [];
    for (const { placed, messageId } of stored) {
      const { item, score } = placed;
      if (!item.fromSelf && !item.history && item.source !== '' && item.itemId) {
        items.push({
          conversationId: conversationOf(placed),
          messageId,
          source: item.source,
          itemId: item.itemId,
          postId: item.postId,
          postTitle: item.postTitle,
          link: item.link,
          text: item.text,
          sentAt: item.sentAt,
          buyingIntent: score ? isBuyingIntent(score.level) : false,
        });
      }
    }
    // A comment the account has already answered on the platform (its own reply in the batch or read
    // before) gets no rule reply: looked up only when the member has a rule that could answer.
    if (items.length > 0) {
      await this.deps.replies.answer(account, items, (ids) =>
        this.repo.answeredComments(account.platform_id, account.id, ids),
      );
    }
  }

  /** `send_msg` for the newest new inbound message of each conversation, once the batch is committed. */
  private announce(
    account: InboxAccount,
    stored: { placed: Placed; messageId: number }[],
    conversationOf: (p: Placed) => number,
  ) {
    const newest = new Map<number, { placed: Placed; messageId: number }>();
    for (const s of stored) {
      if (!s.placed.item.fromSelf && !s.placed.item.history) {
        newest.set(conversationOf(s.placed), s);
      }
    }
    const frames = [...newest.entries()]
      .sort(([, a], [, b]) => b.placed.item.sentAt - a.placed.item.sentAt)
      .slice(0, SEND_MSG_FRAMES_MAX);
    for (const [conversationId, { placed, messageId }] of frames) {
      this.deps.realtime.publish(account.member_id, {
        type: 'send_msg',
        data: {
          conversation_id: conversationId,
          message_id: messageId,
          enterprise_account_id: account.id,
          customer_id: placed.customerId,
          customer_name: placed.item.authorName,
          content: placed.item.text,
          sent_at: formatServerTime(placed.item.sentAt),
        },
      });
    }
  }
}
