import type { HarvestItem, HarvestPage } from '@vidmatrix/contract/api/harvest';
import type { PublishPlatform } from '@vidmatrix/contract/rules/publish-rules';
import type { HarvestFailure } from '@vidmatrix/contract/rules/harvest-result';
import type { Page } from 'playwright-core';

/**
 * Why a harvest read or write stopped, with the platform's own words: the runner pauses the account on
 * `rate_limited` / `verification`, marks it expired on `logged_out`, and shows `refused` to the member.
 */
export class HarvestError extends Error {
  constructor(
    readonly kind: HarvestFailure,
    message: string,
    /** What the platform said (its msg / status_msg / error_msg), '' when nothing. */
    readonly platformText = '',
  ) {
    super(message);
    this.name = 'HarvestError';
  }
}

/** Where a read continues and what it no longer needs. */
export interface ReadRequest {
  /** The cursor a previous page returned; '' starts a new pass. */
  cursor: string;
  /**
   * Unix seconds: items written before this are not returned and paging stops once it reaches them (the
   * newest created_at the server holds for this account and source; 0 on the first pass).
   */
  since: number;
  /**
   * The reply counts threads (by their first comment's id) were last read at, as the server stores them; a
   * thread whose count the platform still shows is not opened again. Absent: every thread with replies is.
   */
  threads?: (rootIds: string[]) => Promise<Map<string, number>>;
}

/** How a write ended: `sent` with the new item when the platform said so, or `ambiguous`. */
export interface WriteResult {
  outcome: 'sent' | 'ambiguous';
  /** The new comment or message as the platform gave it back (or as re-read), when known. */
  item?: HarvestItem;
  /** A warning the platform attached to a write that went out (Bilibili's key_hit_infos toast). */
  notice?: string;
}

/** What a comment reply needs beyond the comment answered (a HarvestItem the runner read before). */
export interface ReplyOptions {
  /**
   * The first-level comment of the answered comment's thread, when it is not the parent (Bilibili
   * replies name both root and parent); by default the parent, else the comment itself.
   */
  rootId?: string;
}

/**
 * One platform's harvesting, on a Page of the account's own logged-in profile: reads comment and
 * message pages through the site's own calls (from inside its pages), and sends replies. Every method
 * throws HarvestError; a write that may have gone out is never sent again by itself (`ambiguous`).
 */
export interface Harvester {
  platform: PublishPlatform;
  /** The definition's version, reported with each page so a changed site is traced to its data. */
  version: string;
  readComments(page: Page, request: ReadRequest): Promise<HarvestPage>;
  readMessages(page: Page, request: ReadRequest): Promise<HarvestPage>;
  /** Replies to `target` (a comment read before); `clientId` goes with the write where the site takes one. */
  replyComment(
    page: Page,
    target: HarvestItem,
    text: string,
    clientId: string,
    options?: ReplyOptions,
  ): Promise<WriteResult>;
  /** Sends a private message to the person who wrote `to` (a message read before). */
  sendMessage(page: Page, to: HarvestItem, text: string, clientId: string): Promise<WriteResult>;
  /** Reads the thread again for the account's own reply with this text written at or after `after` (unix s). */
  confirmReply(page: Page, target: HarvestItem, text: string, after: number): Promise<HarvestItem | undefined>;
  /** Reads the conversation again for the account's own message with this text at or after `after`. */
  confirmMessage(page: Page, to: HarvestItem, text: string, after: number): Promise<HarvestItem | undefined>;
}
