import { z } from 'zod';
import { fillMsg, Msg } from '../messages.ts';
import { id, int, text } from './common.ts';
import { MESSAGE_MAX_LENGTH, SENT_AT_MAX } from './customer.ts';

// What a runner reads from an account's creator centre (comments on its posts, private messages) and
// hands to the server. The runner side (packages/publisher/src/harvest) produces these; the server
// stores each once per (platform, account, source, item_id) and scores it (issue 23).

/** Where an item was read. */
export const harvestSource = z.enum(['comment', 'message']);
export type HarvestSource = z.infer<typeof harvestSource>;

/** One comment or private message as read from the platform. */
export const harvestItem = z.object({
  source: harvestSource,
  /** The platform's own id: Douyin comment_id / server_msg_id, Kuaishou commentId, Xiaohongshu comment id,
   *  Channels `objectId:commentId` / svrMsgId, Bilibili rpid / msg_key (always a string: ids exceed 2^53). */
  item_id: z.string(),
  /** The post a comment is on (platform id) and its title; '' for private messages. */
  post_id: z.string(),
  post_title: z.string(),
  /** The comment this one answers ('' for a first-level comment or a message). */
  parent_id: z.string(),
  /**
   * The first-level comment of its thread when it is a reply (a sub-reply under an older comment is filed
   * and answered in that thread: Bilibili's `root`, Douyin's reply/list comment); absent or '' otherwise.
   */
  root_id: z.string().optional(),
  /** The writer on the platform (uid / sec_uid / openid …) and their nickname. */
  author_id: z.string(),
  author_name: z.string(),
  /** True when the account itself wrote it (its own replies, read back to confirm them). */
  from_self: z.boolean(),
  /**
   * The other person of a private conversation (their platform id, as `author_id` of their own
   * messages), so the account's own messages are filed under the customer they went to. On comments only
   * the account's own reply to a sub-reply carries it (Douyin's reply_to_user_info: its parent is the thread's).
   */
  peer_id: z.string().optional(),
  /** Plain text as the platform shows it; never markup. */
  text: z.string(),
  /** When the platform says it was written, unix seconds. */
  created_at: z.number().int(),
  /** A link a member can open to see it on the platform ('' when the platform has none). */
  link: z.string(),
});
export type HarvestItem = z.infer<typeof harvestItem>;

/**
 * A comment thread (its first comment's platform id) and how many replies the platform counted under it
 * when its replies were read: a later pass opens the thread again only when the count has changed.
 */
export interface HarvestThread {
  root_id: string;
  replies: number;
}

/** A page of items read from one source and the cursor to continue from ('' when nothing more). */
export interface HarvestPage {
  items: HarvestItem[];
  cursor: string;
  /** The threads whose replies this page read, with the counts they were read at. */
  threads?: HarvestThread[];
}

/** The runner's harvest calls on the server (runner token, beside the runner's other calls). */
export const HarvestApi = {
  ingest: '/api/runner.Runner/harvestIngest',
  cursor: '/api/runner.Runner/harvestCursor',
  threads: '/api/runner.Runner/harvestThreads',
} as const;

/** Most items one ingest call carries (a page of any platform is well under this). */
export const HARVEST_INGEST_MAX_ITEMS = 200;
/** Longest platform id, author id or nickname, characters. */
export const HARVEST_ID_MAX = 128;
/** Longest post title or link, characters. */
export const HARVEST_TITLE_MAX = 1024;
/** Most threads one ingest or look-up carries (a page's first comments, well under this). */
const HARVEST_THREADS_MAX = 200;
/** Largest reply count a thread may be stored with (a platform's counter, far past any real thread). */
const HARVEST_THREAD_REPLIES_MAX = 100_000_000;
/** Longest cursor a runner may store per account and source, characters. */
export const HARVEST_CURSOR_MAX = 4096;

const bounded = (max: number, required?: string) =>
  required
    ? text(required).min(1, required).max(max, Msg.harvestFieldTooLong)
    : text().max(max, Msg.harvestFieldTooLong);

/** One item as the ingest call checks it: the fields of `harvestItem` within bounds, plain text only. */
export const harvestIngestItem = harvestItem.extend({
  item_id: bounded(HARVEST_ID_MAX, Msg.harvestItemIdRequired),
  post_id: bounded(HARVEST_ID_MAX),
  post_title: bounded(HARVEST_TITLE_MAX),
  parent_id: bounded(HARVEST_ID_MAX),
  root_id: bounded(HARVEST_ID_MAX).optional(),
  author_id: bounded(HARVEST_ID_MAX, Msg.harvestAuthorRequired),
  author_name: bounded(HARVEST_ID_MAX),
  text: text().max(MESSAGE_MAX_LENGTH, fillMsg(Msg.harvestTextTooLong, { n: MESSAGE_MAX_LENGTH })),
  created_at: int(0, SENT_AT_MAX, Msg.harvestTimeInvalid),
  link: bounded(HARVEST_TITLE_MAX),
  peer_id: bounded(HARVEST_ID_MAX).optional(),
});
export type HarvestIngestItem = z.input<typeof harvestIngestItem>;

/** A thread as the ingest and look-up calls check it. */
const harvestIngestThread = z.object({
  root_id: bounded(HARVEST_ID_MAX, Msg.harvestItemIdRequired),
  replies: int(0, HARVEST_THREAD_REPLIES_MAX),
});

/** POST runner.Runner/harvestIngest: a page of one source of one account, and the cursor after it. */
export const harvestIngestBody = z
  .object({
    account_id: id(),
    source: harvestSource,
    items: z
      .array(harvestIngestItem, { error: Msg.harvestItemsRequired })
      .max(HARVEST_INGEST_MAX_ITEMS, fillMsg(Msg.harvestTooManyItems, { n: HARVEST_INGEST_MAX_ITEMS })),
    cursor: text().max(HARVEST_CURSOR_MAX, Msg.harvestCursorTooLong),
    /** Threads whose replies the page read, with their counts (stored with the items, in one transaction). */
    threads: z
      .array(harvestIngestThread)
      .max(HARVEST_THREADS_MAX, fillMsg(Msg.harvestTooManyThreads, { n: HARVEST_THREADS_MAX }))
      .default([]),
  })
  .refine((body) => body.items.every((item) => item.source === body.source), {
    message: Msg.harvestSourceMismatch,
  });
export type HarvestIngestBody = z.input<typeof harvestIngestBody>;

/** What the server made of an ingest call. */
export const harvestIngestResult = z.object({
  /** Items stored now. */
  stored: z.number().int(),
  /** Items it already had (a re-read, a retry, another runner). */
  duplicates: z.number().int(),
  /** The account's own replies it could not place (no customer to file them under). */
  skipped: z.number().int(),
  /** Leads made, or changed (a new contact, a stronger intent). */
  leads: z.number().int(),
});
export type HarvestIngestResult = z.infer<typeof harvestIngestResult>;

/** GET runner.Runner/harvestCursor: where the last ingest of this account and source left off. */
export const harvestCursorQuery = z.object({ account_id: id(), source: harvestSource });

/** The stored cursor ('' before the first ingest) and when it was stored ('' likewise). */
export const harvestCursorResult = z.object({ cursor: z.string(), updated_at: z.string() });
export type HarvestCursorResult = z.infer<typeof harvestCursorResult>;

/** POST runner.Runner/harvestThreads: the reply counts stored for these threads of an account. */
export const harvestThreadsBody = z.object({
  account_id: id(),
  root_ids: z
    .array(bounded(HARVEST_ID_MAX, Msg.harvestItemIdRequired))
    .max(HARVEST_THREADS_MAX, fillMsg(Msg.harvestTooManyThreads, { n: HARVEST_THREADS_MAX })),
});
export type HarvestThreadsBody = z.input<typeof harvestThreadsBody>;

/** The threads the server holds counts for (a thread never read is absent). */
export const harvestThreadsResult = z.object({ threads: z.array(harvestIngestThread) });
export type HarvestThreadsResult = z.output<typeof harvestThreadsResult>;
