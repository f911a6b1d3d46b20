import { z } from 'zod';
import { PUBLISH_PLATFORMS } from '../rules/publish-rules.ts';

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
  /** The writer on the platform (uid / sec_uid / openid …) and their nickname. */
  author_id: z.string(),
  author_name: z.string(),
  /** True when the account itself wrote it (its own replies, read back to confirm them). */
  from_self: z.boolean(),
  /** Plain text as the platform shows it; never markup. */
  text: z.string(),
  /** When the platform says it was written, unix seconds. */
  created_at: z.number().int(),
  /** A link a member can open to see it on the platform ('' when the platform has none). */
  link: z.string(),
});
export type HarvestItem = z.infer<typeof harvestItem>;

/** A page of items read from one source and the cursor to continue from ('' when nothing more). */
export interface HarvestPage {
  items: HarvestItem[];
  cursor: string;
}

/** The platforms a runner harvests. */
export const HARVEST_PLATFORMS = PUBLISH_PLATFORMS;
