import { HARVEST_TIMEOUTS, type HarvestSite } from './definition.ts';

/**
 * WeChat Channels' comments and private messages as data (research/leads.md §4): POST calls under
 * /cgi-bin/mmfinderassistant-bin/ from the 视频号助手 pages, every body with the common fields; replies
 * target a post's exportId; private messages page by a `cookie`; a write counts only with
 * `data.baseResp.errcode` 0 (and `svrMsgId` for a message).
 */
export const channelsHarvest = {
  platform: 'channels',
  version: 'channels-harvest@2026.11.1',
  hosts: { channels: 'https://channels.weixin.qq.com' },
  loginUrl: 'login\\.html',
  timeouts: HARVEST_TIMEOUTS,
  pages: {
    comments: { host: 'channels', path: '/platform/interaction/comment' },
    messages: { host: 'channels', path: '/platform/private_msg' },
  },
  calls: {
    postList: { host: 'channels', path: '/cgi-bin/mmfinderassistant-bin/post/post_list' },
    commentList: { host: 'channels', path: '/cgi-bin/mmfinderassistant-bin/comment/comment_list' },
    createComment: { host: 'channels', path: '/cgi-bin/mmfinderassistant-bin/comment/create_comment' },
    history: { host: 'channels', path: '/cgi-bin/mmfinderassistant-bin/private-msg/get-history-msg' },
    sessionInfo: { host: 'channels', path: '/cgi-bin/mmfinderassistant-bin/private-msg/get-session-info' },
    send: { host: 'channels', path: '/cgi-bin/mmfinderassistant-bin/private-msg/send-private-msg' },
    finderUsername: { host: 'channels', path: '/cgi-bin/mmfinderassistant-bin/private-msg/get-finder-username' },
  },
  /** What every body carries besides its own fields (scene 7; the finder id is filled in per account). */
  commonBody: { _log_finder_uin: '', rawKeyBuff: '', pluginSessionId: null, scene: 7, reqScene: 7 },
  /** X-Wechat-Uin when the account's uin is not known (as a community client sends it). */
  uinHeader: ['X-Wechat-Uin', '0000000000'],
  /** The text message type. */
  textMsg: 1,
  /**
   * recentPosts: post_list's pageSize (a walk reads the newest page and one older page in turn);
   * threadPages: how many first-level pages of a post the walk reads for new replies in old threads (walk.ts).
   */
  limits: { recentPosts: 10, confirmPages: 5, threadPages: 25 },
  codes: {
    /** The login cookie expired. */
    loggedOut: [300333, 300334, 20001, -20001],
  },
} as const satisfies HarvestSite & Record<string, unknown>;
