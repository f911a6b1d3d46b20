import { HARVEST_TIMEOUTS, type HarvestSite } from './definition.ts';

/**
 * Xiaohongshu's comments and 专业号 private messages as data (research/leads.md §3). Comments go through
 * edith from a www page, each call signed with X-s / X-t by the page's own `window._webmsxyw(url, data)`
 * (MediaCrawler's xhs client signs the same way); the notes are the creator centre's list. Private
 * messages are the 专业号 workbench's (pro.xiaohongshu.com): its send call is known; **the two list calls
 * are our assumption** (the research names only send; the workbench's DOM is XHS-YYDS's).
 */
export const xiaohongshuHarvest = {
  platform: 'xiaohongshu',
  version: 'xiaohongshu-harvest@2026.11.1',
  hosts: {
    creator: 'https://creator.xiaohongshu.com',
    www: 'https://www.xiaohongshu.com',
    edith: 'https://edith.xiaohongshu.com',
    pro: 'https://pro.xiaohongshu.com',
  },
  loginUrl: '/login',
  timeouts: HARVEST_TIMEOUTS,
  pages: {
    notes: { host: 'creator', path: '/new/note-manager' },
    explore: { host: 'www', path: '/explore' },
    workbench: { host: 'pro', path: '/im/multiCustomerService' },
  },
  calls: {
    posted: { host: 'creator', path: '/api/galaxy/v2/creator/note/user/posted' },
    commentPage: { host: 'edith', path: '/api/sns/web/v2/comment/page' },
    subPage: { host: 'edith', path: '/api/sns/web/v2/comment/sub/page' },
    commentPost: { host: 'edith', path: '/api/sns/web/v1/comment/post' },
    contacts: { host: 'pro', path: '/api/eros/pm/chat/contact/list' },
    messages: { host: 'pro', path: '/api/eros/pm/chat/message/list' },
    send: { host: 'pro', path: '/api/eros/pm/chat/message/send' },
  },
  /** The page's signer: (url with its query, the JSON body or undefined) → {"X-s", "X-t"}. */
  signer: '_webmsxyw',
  /** The comment's tag that marks the note's author (the account). */
  authorTag: 'is_author',
  /**
   * recentPosts: notes a walk takes from a page of the note list (the newest page and one older page in turn);
   * threadPages: how many first-level pages of a note the walk reads for new sub-comments in old threads (walk.ts).
   */
  limits: { recentPosts: 10, subComments: 10, subPages: 10, threadPages: 25, contacts: 20, messages: 20 },
  codes: {
    loggedOut: [-100],
    /** 300011: the account's security restriction (also what an unsigned call gets). */
    verification: [300011],
    /** 300012: the IP is blocked. */
    rateLimited: [300012],
    /** HTTP 461/471 with Verifytype: a captcha. */
    verificationHttp: [461, 471],
    /** HTTP 401/403/429: blocked. */
    rateLimitedHttp: [401, 403, 429],
  },
  link: 'https://www.xiaohongshu.com/explore/{id}',
} as const satisfies HarvestSite & Record<string, unknown>;
