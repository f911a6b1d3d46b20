import { HARVEST_TIMEOUTS, type HarvestSite } from './definition.ts';

/**
 * Douyin's comments and private messages as data (research/leads.md §1). Comments: the creator centre's
 * JSON calls (ATE: item/list, comment/list, reply/list, reply with the X-Secsdk-Csrf-Token from a HEAD's
 * x-ware-csrf-token). Private messages: since Aug 2026 only www.douyin.com/chat, whose IM speaks protobuf
 * on imapi.douyin.com (field numbers as CreatorHub calibrated them on the live site).
 */
export const douyinHarvest = {
  platform: 'douyin',
  version: 'douyin-harvest@2026.11.1',
  hosts: { creator: 'https://creator.douyin.com', www: 'https://www.douyin.com', imapi: 'https://imapi.douyin.com' },
  // A logged-out creator page lands on the creator root (the login); www /chat goes there too.
  loginUrl: '^/(\\?.*)?$',
  timeouts: HARVEST_TIMEOUTS,
  pages: {
    comments: { host: 'creator', path: '/creator-micro/interactive/comment' },
    chat: { host: 'www', path: '/chat' },
  },
  calls: {
    itemList: { host: 'creator', path: '/aweme/v1/creator/item/list/' },
    commentList: { host: 'creator', path: '/aweme/v1/creator/comment/list/' },
    replyList: { host: 'creator', path: '/aweme/v1/creator/comment/reply/list/' },
    reply: { host: 'creator', path: '/aweme/v1/creator/comment/reply/' },
    csrf: { host: 'creator', path: '/web/api/media/anchor/search' },
    init: { host: 'imapi', path: '/v1/message/get_message_by_init' },
    history: { host: 'imapi', path: '/v1/message/get_by_conversation' },
    send: { host: 'imapi', path: '/v1/message/send' },
  },
  /** The csrf token: this response header's second comma-separated field, sent back in the request header. */
  csrf: { responseHeader: 'x-ware-csrf-token', field: 1, requestHeader: 'X-Secsdk-Csrf-Token' },
  /**
   * Posts an item/list page holds (a walk reads the newest page and one older page in turn), page sizes, and how many first-level pages of a post a
   * walk reads (after every post's newest page) for threads whose reply count changed: 25 pages of 20, 500
   * comments; the cursor carries the walk across passes (HARVEST_PAGES_PER_PASS pages each).
   */
  limits: { recentPosts: 10, comments: 20, replies: 50, history: 50, threadPages: 25 },
  /** status_code of a logged-out session (also the works API's). */
  loggedOutCode: 8,
  /** The IM's command numbers, conversation type, message type and content type (CreatorHub). */
  im: { init: 2043, history: 301, send: 100, singleChat: 1, textMsg: 7, aweType: 700 },
  /**
   * The request envelope's fixed fields as a captured web request carries them (CreatorHub's template):
   * 3 sdk version, 4, 5 inbox type, 6, 7 build, 9 device id, 11 platform, 14, 15 headers, 18, 21, 22.
   */
  imEnvelope: {
    strings: [
      [3, '0.1.6'],
      [4, ''],
      [7, 'fef1a80:p/lzg/store'],
      [9, '0'],
      [11, 'douyin_pc'],
      [14, '360000'],
      [21, 'douyin_web'],
      [22, 'web_sdk'],
    ],
    varints: [
      [5, 3],
      [6, 0],
      [18, 1],
    ],
    headers: [
      ['session_aid', '6383'],
      ['app_name', 'douyin_pc'],
      ['priority_region', 'cn'],
    ],
  },
  /** Where the chat page shows a conversation's nickname (the IM's protobuf carries none); best effort. */
  chatNames: { item: '[data-uid]', uidAttribute: 'data-uid', name: '.nick' },
  /** A work's public page. */
  link: 'https://www.douyin.com/video/{id}',
} as const satisfies HarvestSite & Record<string, unknown>;

export type DouyinHarvest = typeof douyinHarvest;
