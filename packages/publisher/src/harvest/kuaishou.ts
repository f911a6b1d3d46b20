import { HARVEST_TIMEOUTS, type HarvestSite } from './definition.ts';

/**
 * Kuaishou's comments as data (research/leads.md §2). Its comment calls carry the api_ph cookie's value
 * and `__NS_sig3` from an obfuscated signer inside the page, so they are made by the page itself: we drive
 * cp.kuaishou.com/article/comment (选择视频, the auto-loading list, 展开查看N条回复, 回复) and read the
 * calls' answers as they come. The page's URL and classes are from the code index (crawler designs and
 * tools that drive it); the `data-*` attributes and the reply box are **our assumption**. No web private
 * messages for creators were found.
 */
export const kuaishouHarvest = {
  platform: 'kuaishou',
  version: 'kuaishou-harvest@2026.11.1',
  hosts: { cp: 'https://cp.kuaishou.com' },
  loginUrl: 'passport',
  timeouts: HARVEST_TIMEOUTS,
  pages: { comments: { host: 'cp', path: '/article/comment' } },
  /** The page's own calls, recognised by the end of their path. */
  calls: {
    photoList: '/rest/cp/creator/comment/photoList',
    commentList: '/rest/cp/creator/comment/commentList',
    subCommentList: '/rest/cp/creator/comment/subCommentList',
    add: '/rest/cp/creator/comment/add',
  },
  selectors: {
    videoButton: '.comment__header__video-btn',
    videoItem: '.video-item[data-photo-id="{id}"]',
    /** The drawer's end: brought into view, the drawer loads the next page of works (our assumption). */
    drawerEnd: '.drawer__sentinel',
    /** The list's end: brought into view, the page loads the next page. */
    listEnd: '.auto-load-list__sentinel',
    comment: '.comment-item[data-comment-id="{id}"]',
    subComment: '.comment-sub-item[data-comment-id="{id}"]',
    expand: '.comment-item__content__expand-btn',
    /** A first-level comment's own 回复 (not its replies'). */
    commentReply: '.comment-item__actions .comment-item__reply-btn',
    commentBox: '.comment-item__actions .comment-reply-box',
    subReply: '.comment-item__reply-btn',
    subBox: '.comment-reply-box',
    boxInput: 'textarea',
    boxSend: '.comment-reply-box__submit',
  },
  /** 展开查看N条回复 turns into this once the replies show. */
  collapseText: '收起回复',
  /** The cookie holding the account's own id (the authorId of its comments). */
  selfCookie: 'userId',
  /** pcursor when a list has nothing more (our assumption: the research says only that it is a number). */
  noMore: -1,
  /** Ids read as strings from the answers' text. */
  bigFields: ['commentId', 'authorId', 'replyTo', 'replyToCommentId'],
  /** An answer whose result is not 1 and says this means the session is gone. */
  loggedOutWords: '登录',
  /**
   * recentPosts: works a photoList page holds (the walk reads the newest page and one older page in turn);
   * threadPages: how many first-level pages of a post the walk reads for new replies in old threads (walk.ts).
   */
  limits: { recentPosts: 10, pages: 50, threadPages: 25 },
  link: 'https://www.kuaishou.com/short-video/{id}',
} as const satisfies HarvestSite & Record<string, unknown>;
