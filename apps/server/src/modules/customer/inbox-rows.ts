import type { LeadIntent } from '@vidmatrix/contract/api/customer';
import { leadLevelRank, type LeadContact, type LeadIntentCategory } from '@vidmatrix/contract/rules/lead-rules';
import type { Insertable } from 'kysely';
import type { ChatMessageTable, MessageSourceColumn } from '../../db/types.ts';
import type { ConversationDelta, InboxAccount, LeadRowOfConversation } from './inbox.repository.ts';
import type { ScoredText } from './lead-scorer.ts';

// The pure part of storing a batch: rows, per-conversation changes and lead merges, from placed items.

/** One comment or message on its way in, from the webhook or a runner's harvest. */
export interface InboxItem {
  source: MessageSourceColumn;
  /** The platform's id ('' from the webhook: such messages are not de-duplicated). */
  itemId: string;
  postId: string;
  postTitle: string;
  parentId: string;
  /** The first-level comment of its thread when it is a reply ('' otherwise). */
  rootId: string;
  link: string;
  authorId: string;
  authorName: string;
  /** The customer an item of the account's own went to ('' when the runner did not say). */
  peerId: string;
  fromSelf: boolean;
  /**
   * Written before harvesting was switched on (what the first read finds there): stored read, never
   * announced nor answered, and a lead only when it leaves a contact.
   */
  history: boolean;
  text: string;
  /** When it was written, ms. */
  sentAt: number;
}

/** Most contacts a lead keeps. */
const LEAD_CONTACTS_MAX = 20;

/** An item filed under its customer, with its score when it is inbound. */
export interface Placed {
  item: InboxItem;
  customerId: string;
  score?: ScoredText;
}

/** The row of a message: inbound with its score, or the account's own reply (sent, read). */
export function messageRow(
  account: InboxAccount,
  conversationId: number,
  p: Placed,
  now: number,
): Insertable<ChatMessageTable> {
  const { item, score } = p;
  return {
    conversation_id: conversationId,
    member_id: account.member_id,
    direction: item.fromSelf ? 'out' : 'in',
    content: item.text,
    sent_at: item.sentAt,
    is_read: item.fromSelf || item.history ? 1 : 0,
    delivery_status: item.fromSelf ? 'sent' : '',
    fail_reason: '',
    attempts: 0,
    created_at: now,
    enterprise_account_id: account.id,
    platform_id: account.platform_id,
    source: item.source,
    item_id: item.itemId,
    post_id: item.postId,
    post_title: item.postTitle,
    parent_id: item.parentId,
    root_id: item.rootId,
    link: item.link,
    intent: score?.level ?? '',
    intent_category: score?.category ?? '',
  };
}

/** What the placed items of `keep` change in each conversation. */
export function deltas(placed: Placed[], keep: (p: Placed) => boolean): ConversationDelta[] {
  const out = new Map<string, ConversationDelta>();
  for (const p of placed.filter(keep)) {
    const d = out.get(p.customerId) ?? {
      customerId: p.customerId,
      customerName: '',
      unread: 0,
      lastIn: '',
      lastOut: '',
      lastTime: 0,
    };
    if (!p.item.fromSelf) {
      d.unread += p.item.history ? 0 : 1;
      d.customerName = p.item.authorName || d.customerName;
      // Placed items are in time order: the last one seen is the newest.
      d.lastIn = p.item.text;
    } else {
      d.lastOut = p.item.text;
    }
    d.lastTime = Math.max(d.lastTime, p.item.sentAt);
    out.set(p.customerId, d);
  }
  return [...out.values()];
}

/** The lead after new findings: every contact once (oldest first), and the strongest intent seen. */
export function mergeLead(
  existing: LeadRowOfConversation | undefined,
  found: ScoredText[],
): { contacts: LeadContact[]; level: LeadIntent; category: LeadIntentCategory | '' } {
  const contacts: LeadContact[] = existing ? parseContacts(existing.contacts) : [];
  let level: LeadIntent = existing?.intent ?? 'none';
  let category: LeadIntentCategory | '' = existing?.intent_category ?? '';
  for (const score of found) {
    for (const contact of score.contacts) {
      if (
        contacts.length < LEAD_CONTACTS_MAX &&
        !contacts.some((c) => c.kind === contact.kind && c.value === contact.value)
      ) {
        contacts.push(contact);
      }
    }
    if (leadLevelRank(score.level) > leadLevelRank(level)) {
      level = score.level;
      category = score.category;
    }
  }
  return { contacts, level, category };
}

function parseContacts(json: string): LeadContact[] {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? (value as LeadContact[]) : [];
  } catch {
    return [];
  }
}
