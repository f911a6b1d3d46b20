import { HARVEST_TIMEOUTS, type HarvestSite } from './definition.ts';

/**
 * Bilibili's comments and private messages as data (research/leads.md §5, from bilibili-API-collect):
 * the creator centre's reply list and x/v2/reply/add (csrf = the bili_jct cookie), api.vc's sessions and
 * session messages, and web_im/send_msg, Wbi-signed with the keys nav hands out.
 */
export const bilibiliHarvest = {
  platform: 'bilibili',
  version: 'bilibili-harvest@2026.11.1',
  hosts: {
    member: 'https://member.bilibili.com',
    api: 'https://api.bilibili.com',
    vc: 'https://api.vc.bilibili.com',
    message: 'https://message.bilibili.com',
  },
  loginUrl: 'passport',
  timeouts: HARVEST_TIMEOUTS,
  pages: {
    comments: { host: 'member', path: '/platform/comment/article' },
    messages: { host: 'message', path: '/' },
  },
  calls: {
    nav: { host: 'api', path: '/x/web-interface/nav' },
    replies: { host: 'member', path: '/x/web/replies' },
    replyAdd: { host: 'api', path: '/x/v2/reply/add' },
    sessions: { host: 'vc', path: '/session_svr/v1/session_svr/get_sessions' },
    messages: { host: 'vc', path: '/svr_sync/v1/svr_sync/fetch_session_msgs' },
    send: { host: 'vc', path: '/web_im/v1/web_im/send_msg' },
  },
  cookies: { csrf: 'bili_jct', mid: 'DedeUserID' },
  /** lookAhead: most reply pages one read takes in to reach the comments its own replies answer. */
  limits: { replies: 20, lookAhead: 5, sessions: 20, sessionPages: 5, messages: 20 },
  /** Fields whose values exceed 2^53 and are read as strings. */
  bigFields: ['id', 'rpid', 'root', 'parent', 'msg_key'],
  codes: {
    loggedOut: [-101],
    /** −509 请求过于频繁, 21020 发送过快, 21046 请在24小时后再发, −412 请求被拦截. */
    rateLimited: [-509, 21020, 21046, -412],
    /** 12015 需要评论验证码, −352 风控校验失败. */
    verification: [12015, -352],
  },
  /** The Wbi mixin key's index table (bilibili-API-collect docs/misc/sign/wbi.md). */
  wbiMixin: [
    46, 47, 18, 2, 53, 8, 23, 32, 15, 50, 10, 31, 58, 3, 45, 35, 27, 43, 5, 49, 33, 9, 42, 19, 29, 28, 14, 39, 12, 38,
    41, 13, 37, 48, 7, 16, 24, 55, 40, 61, 26, 17, 0, 1, 60, 51, 30, 4, 22, 25, 54, 21, 56, 59, 6, 63, 57, 62, 11, 36,
    20, 34, 44, 52,
  ],
  link: 'https://www.bilibili.com/video/{bvid}',
} as const satisfies HarvestSite & Record<string, unknown>;
