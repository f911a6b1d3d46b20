import type { VerifyKind } from './state.ts';

/** Failure switches, per platform, set through the control API. */
export interface Switches {
  /** The create endpoint answers 500 and creates nothing. */
  submitError500: boolean;
  /** The platform's risk control: every create answers 操作过于频繁 (HTTP 429) and creates nothing. */
  rateLimited: boolean;
  /** The create goes through (the work exists) but its answer never comes: the network cut after submit. */
  createStall: boolean;
  /** The create request is held before it reaches the platform: nothing is created, no answer comes. */
  createHold: boolean;
  /** The create succeeds but the page stays where it is (no redirect). */
  acceptNoRedirect: boolean;
  /** The session ends at this step: the request answers 401 and the page goes to the login. */
  expireSessionOn: 'upload' | 'submit' | null;
  /** The upload request is accepted and never answered. */
  uploadStall: boolean;
  /** Uploads that fail (500, 上传失败) before one goes through. */
  uploadFailures: number;
  /** The first create asks for this check; the create goes through once it is answered. */
  verify: VerifyKind | null;
  /** Reviews end in 未通过 instead of 已发布. */
  rejectReview: boolean;
  /** Status polls an upload stays 处理中 for. */
  processingPolls: number;
  /** Login QRs that expire (each after a few polls; the page swaps in a new one) before one stays valid. */
  qrExpiries: number;
  /** How long the platform takes to answer a typed SMS/captcha code, ms (a real round trip is not instant). */
  verifyDelayMs: number;
  /** Works-list reads a new work stays hidden for (new posts appear late). */
  hiddenReads: number;
  /** Further reads a visible work stays 审核中 for. */
  reviewReads: number;
  /** Channels: a new front-end build, whose hashed class-name suffixes differ (what a drift check must notice). */
  channelsNewBuild: boolean;
  /** Channels: the 切换视频号 dialog pops up over the create form, taking clicks until 取消. */
  channelsAccountDialog: boolean;
  /** Douyin: the account's grey-release group, which picks the publish page (v2: the form renders only after the upload). */
  douyinPublishVersion: 'v1' | 'v2';
  /** Douyin: a new front-end build, whose hashed class-name suffixes differ (what a drift check must notice). */
  douyinNewBuild: boolean;
  /** Douyin: an SMS check follows the QR scan; the session holds only once its code is entered. */
  douyinLoginSms: boolean;
  /** Xiaohongshu ships a new build: its hashed class names (css-…) change. */
  xiaohongshuNewBuild: boolean;
  /** Xiaohongshu's topic suggestions (a live API) never arrive. */
  xiaohongshuNoTopicSuggestions: boolean;
  /** Bilibili: the chunk size preupload answers, bytes (small, so test files go up in several chunks). */
  bilibiliChunkSize: number;
  /** Kuaishou ships a new build: its hashed class names (CSS-module name and hash) change. */
  kuaishouNewBuild: boolean;
  /**
   * Comments and private messages (reads and writes) answer the platform's risk control: 操作频繁, a
   * verification check, or a block (research/leads.md §7's error column, per platform).
   */
  inboxRisk: 'rate_limit' | 'verify' | 'blocked' | null;
  /**
   * A reply or message write fails on the way back: `error500` goes through and answers 500, `stall` goes
   * through and is never answered, `refused500` answers 500 with nothing written.
   */
  inboxWriteFault: 'error500' | 'stall' | 'refused500' | null;
  /** Bilibili: words a comment may not contain (12016 评论内容包含敏感信息). */
  bilibiliSensitiveWords: string[];
  /** Bilibili: the people written to only take messages from those they follow (25003). */
  bilibiliRecipientPrivacy: boolean;
}

export const DEFAULT_SWITCHES: Switches = {
  submitError500: false,
  rateLimited: false,
  createStall: false,
  createHold: false,
  acceptNoRedirect: false,
  expireSessionOn: null,
  uploadStall: false,
  uploadFailures: 0,
  verify: null,
  rejectReview: false,
  qrExpiries: 0,
  verifyDelayMs: 0,
  processingPolls: 3,
  hiddenReads: 1,
  reviewReads: 2,
  channelsNewBuild: false,
  channelsAccountDialog: true,
  douyinPublishVersion: 'v2',
  douyinNewBuild: false,
  douyinLoginSms: false,
  xiaohongshuNewBuild: false,
  xiaohongshuNoTopicSuggestions: false,
  bilibiliChunkSize: 64 * 1024,
  kuaishouNewBuild: false,
  inboxRisk: null,
  inboxWriteFault: null,
  bilibiliSensitiveWords: [],
  bilibiliRecipientPrivacy: false,
};
