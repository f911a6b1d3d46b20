import { z } from 'zod';
import { TABLE_DEFAULT_PAGE_SIZE, TABLE_PAGE_SIZES } from '../constants.ts';
import { Msg } from '../messages.ts';
import { LEAD_CONTACT_KINDS, LEAD_INTENT_CATEGORIES, LEAD_INTENT_LEVELS } from '../rules/lead-rules.ts';
import { id, int, INT_MAX, pagedOf, pageNumber, pageSize, text } from './common.ts';
import { CustomerReads } from './customer-reads.ts';

/** Conversations, replies, leads and the signed inbound webhook. */
export const CustomerApi = {
  ...CustomerReads,
  markRead: '/api/customer.DouyinCustomer/markRead',
  reply: '/api/customer.DouyinCustomer/reply',
  leadUpdate: '/api/customer.Lead/update',
  leadExport: '/api/customer.Lead/export',
  webhookSecret: '/api/customer.Webhook/secret',
  webhookRotate: '/api/customer.Webhook/rotate',
  webhookMessage: '/api/customer.Webhook/message',
} as const;

/** Webhook timestamps older (or further ahead) than this are refused, ms. */
export const WEBHOOK_TOLERANCE_MS = 5 * 60_000;
/** Header carrying the webhook's unix-seconds timestamp. */
export const WEBHOOK_TIMESTAMP_HEADER = 'X-Signature-Timestamp';
/** Header carrying `sha256=<hex HMAC-SHA256(secret, timestamp + "." + raw body)>`. */
export const WEBHOOK_SIGNATURE_HEADER = 'X-Signature';
/** Header naming the member whose secret signed the webhook. */
export const WEBHOOK_MEMBER_HEADER = 'X-Member-Id';
/** Sheet and file name of the lead export. */
export const LEAD_EXPORT_NAME = '客户线索';
/** Longest message or reply, characters. */
export const MESSAGE_MAX_LENGTH = 2000;
/** Latest webhook `sent_at`, unix seconds: 9999-12-31 23:59:59 in UTC+8, the last time the console can show. */
export const SENT_AT_MAX = 253_402_271_999;

/** One conversation of the message list (SPEC §3 message list item, plus conversation fields). */
export const privateListItem = z.object({
  conversation_id: z.number().int(),
  enterprise_account_id: z.number().int(),
  /** Nickname of the enterprise account the customer wrote to ('' once the account is deleted). */
  account_nickname: z.string(),
  /** Its platform (抖音, 快手, …; '' once the account is deleted). */
  platform_name: z.string(),
  customer_id: z.string(),
  customer_name: z.string(),
  /** Unread inbound messages. */
  read_num: z.number().int(),
  /** Latest inbound message. */
  content: z.string(),
  /** Latest reply. */
  replay_content: z.string(),
  /** Time of the latest message, `YYYY-MM-DD HH:mm:ss`. */
  last_time: z.string(),
});
export type PrivateListItem = z.infer<typeof privateListItem>;

/** POST /api/customer.DouyinCustomer/privateList: data.list, newest first. */
export const privateListResult = z.object({ list: z.array(privateListItem) });
export type PrivateListResult = z.infer<typeof privateListResult>;

/** Delivery of a reply through the account's connector. Inbound messages have ''. */
export const deliveryStatus = z.enum(['', 'pending', 'sent', 'failed']);

/** Where a message came from: a harvested comment or private message, or '' (the webhook, a reply). */
export const messageSource = z.enum(['', 'comment', 'message']);
export type MessageSource = z.infer<typeof messageSource>;

/** Chinese label of each harvested source. */
export const MESSAGE_SOURCE_LABEL: Record<Exclude<MessageSource, ''>, string> = {
  comment: Msg.leadSourceComment,
  message: Msg.leadSourceMessage,
};

/** Buying intent of a message or lead (none, low, medium, high). */
export const leadIntent = z.enum(LEAD_INTENT_LEVELS);
export type LeadIntent = z.infer<typeof leadIntent>;

/** Chinese label of each intent level. */
export const LEAD_INTENT_LABEL: Record<LeadIntent, string> = {
  high: Msg.leadIntentHigh,
  medium: Msg.leadIntentMedium,
  low: Msg.leadIntentLow,
  none: Msg.leadIntentNone,
};

/** What a message is about ('' when nothing matched). */
export const leadIntentCategory = z.enum(LEAD_INTENT_CATEGORIES);
export type LeadIntentCategoryValue = z.infer<typeof leadIntentCategory>;

/**
 * Chinese label of each intent category, for a category column the lead list does not show yet.
 * @public
 */
export const LEAD_CATEGORY_LABEL: Record<LeadIntentCategoryValue, string> = {
  purchase: Msg.leadCategoryPurchase,
  inquiry: Msg.leadCategoryInquiry,
  partnership: Msg.leadCategoryPartnership,
  contact: Msg.leadCategoryContact,
  after_sales: Msg.leadCategoryAfterSales,
  chitchat: Msg.leadCategoryChitchat,
  spam: Msg.leadCategorySpam,
};

/** Approval state of a reply a rule drafted. */
export const replyApproval = z.enum(['', 'waiting', 'discarded']);

/** One message of a thread. */
export const chatMessage = z.object({
  message_id: z.number().int(),
  /** in: from the customer; out: a reply from the console. */
  direction: z.enum(['in', 'out']),
  content: z.string(),
  sent_at: z.string(),
  /** 1 when read (inbound) — replies are always 1. */
  is_read: z.number().int(),
  delivery_status: deliveryStatus,
  fail_reason: z.string(),
  /** A harvested comment or private message, or '' (the webhook, a reply from the console). */
  source: messageSource,
  /** The post a comment is on ('' otherwise). */
  post_title: z.string(),
  /** Where the member sees it on the platform ('' when unknown). */
  link: z.string(),
  /** Buying intent read in an inbound message ('' for replies). */
  intent: leadIntent.or(z.literal('')),
  /** A rule's drafted reply: waiting for the member's approval, or discarded ('' otherwise). */
  approval: replyApproval,
  /** Why a drafted reply waits (a limit it is over, or the rule asks for approval); '' otherwise. */
  hold_reason: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

/** Body naming one conversation (thread, mark-read). */
export const conversationBody = z.object({ conversation_id: id() });

/** POST /api/customer.DouyinCustomer/thread: the conversation and its messages, oldest first. */
export const threadResult = z.object({ conversation: privateListItem, list: z.array(chatMessage) });
export type ThreadResult = z.infer<typeof threadResult>;

/** POST /api/customer.DouyinCustomer/reply. */
export const replyBody = z.object({
  conversation_id: id(),
  content: text(Msg.replyRequired).trim().min(1, Msg.replyRequired).max(MESSAGE_MAX_LENGTH, Msg.messageTooLong),
});
export type ReplyBody = z.input<typeof replyBody>;

/** POST /api/customer.Webhook/message: an inbound customer message from a connector. */
export const webhookMessageBody = z.object({
  enterprise_account_id: id(),
  customer_id: text().trim().min(1, Msg.invalidParams).max(128, Msg.textTooLong),
  customer_name: text().trim().max(128, Msg.textTooLong).optional().default(''),
  content: text().min(1, Msg.invalidParams).max(MESSAGE_MAX_LENGTH, Msg.messageTooLong),
  /** Unix seconds; the time of receipt when absent. */
  sent_at: int(1, SENT_AT_MAX).optional(),
});

/** What the webhook answers. */
export const webhookMessageResult = z.object({ conversation_id: z.number().int(), message_id: z.number().int() });
export type WebhookMessageResult = z.infer<typeof webhookMessageResult>;

/** GET /api/customer.Webhook/secret and POST /api/customer.Webhook/rotate. */
export const webhookSecretResult = z.object({ secret: z.string(), member_id: z.number().int() });
export type WebhookSecretResult = z.infer<typeof webhookSecretResult>;

/** Lead statuses, in the order the console offers them. */
export const leadStatus = z.enum(['new', 'contacted', 'won', 'lost']);
export type LeadStatus = z.infer<typeof leadStatus>;

/** Chinese label of each lead status. */
export const LEAD_STATUS_LABEL: Record<LeadStatus, string> = {
  new: Msg.leadNew,
  contacted: Msg.leadContacted,
  won: Msg.leadWon,
  lost: Msg.leadLost,
};

/** Kind of contact a lead holds. */
export const leadKind = z.enum(LEAD_CONTACT_KINDS);
export type LeadKind = z.infer<typeof leadKind>;

/** Chinese label of each contact kind. */
export const LEAD_KIND_LABEL: Record<LeadKind, string> = {
  phone: Msg.leadKindPhone,
  wechat: Msg.leadKindWechat,
  qq: Msg.leadKindQq,
};

/** A contact of a lead. */
export const leadContact = z.object({ kind: leadKind, value: z.string() });

/**
 * A lead: one person on one of the member's accounts (one per conversation), with every contact they
 * left, the strongest intent they showed and where they were first seen.
 */
export const lead = z.object({
  lead_id: z.number().int(),
  /** The first contact found ('' while they left none: a lead by intent alone). */
  kind: leadKind.or(z.literal('')),
  value: z.string(),
  /** Every contact found, in the order found. */
  contacts: z.array(leadContact),
  /** The strongest intent seen, and what it was about. */
  intent: leadIntent,
  intent_category: leadIntentCategory.or(z.literal('')),
  /** Platform of the account (enterprise account platform_id). */
  platform_id: z.number().int(),
  /** Where it was first seen: a comment (on post_title) or a private message ('' for the webhook). */
  source: messageSource,
  post_id: z.string(),
  post_title: z.string(),
  link: z.string(),
  status: leadStatus,
  conversation_id: z.number().int(),
  enterprise_account_id: z.number().int(),
  customer_id: z.string(),
  customer_name: z.string(),
  /** The message it was first seen in. */
  source_message_id: z.number().int(),
  source_content: z.string(),
  first_seen: z.string(),
});
export type Lead = z.infer<typeof lead>;

/** GET /api/customer.Lead/list (and the filters of GET /api/customer.Lead/export). */
export const leadListQuery = z.object({
  page: pageNumber,
  /** 0: all. */
  limit: pageSize(0, Math.max(...TABLE_PAGE_SIZES), TABLE_DEFAULT_PAGE_SIZE),
  status: leadStatus.or(z.literal('')).optional().default(''),
  conversation_id: int(0, INT_MAX).optional().default(0),
  keyword: text().trim().max(64, Msg.textTooLong).optional().default(''),
});
/** What a client sends (query strings coerce, so the zod input type is too loose to share). */
export interface LeadListQuery {
  page?: number;
  limit?: number;
  status?: LeadStatus | '';
  conversation_id?: number;
  keyword?: string;
}

/** Leads, newest first, and their total. */
export const leadListResult = pagedOf(lead);
export type LeadListResult = z.infer<typeof leadListResult>;

/** POST /api/customer.Lead/update. */
export const leadUpdateBody = z.object({ lead_id: id(), status: leadStatus });
export type LeadUpdateBody = z.input<typeof leadUpdateBody>;
