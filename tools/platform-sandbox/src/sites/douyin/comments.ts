import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { cookieOf, esc, faultyWrite, listDocument, redirect, seconds, sessionUser } from '../../inbox/common.ts';
import type { InboxComment } from '../../inbox/inbox.ts';
import { readJson } from '../../http.ts';
import type { Work } from '../../state.ts';
import type { SiteCore } from '../site.ts';

/** creator.douyin.com's comment paths (research/leads.md §1), below the platform prefix. */
export const DOUYIN_COMMENT_PATHS = {
  /** The comment page under its two URLs (a reply guide's, and CreatorHub's "experimental" one). */
  page: '/creator-micro/interactive/comment',
  pageAlt: '/creator-micro/interaction/comment-management',
  /** Where the creator centre's private messages were until Aug 2026 (now no DM entry there). */
  oldChat: '/creator-micro/data/following/chat',
  itemList: '/aweme/v1/creator/item/list/',
  commentList: '/aweme/v1/creator/comment/list/',
  replyList: '/aweme/v1/creator/comment/reply/list/',
  reply: '/aweme/v1/creator/comment/reply/',
  /** ATE's csrf source: a HEAD whose `x-ware-csrf-token` header carries the token second. */
  csrf: '/web/api/media/anchor/search',
} as const;

const ITEM_PAGE = 10;
const COMMENT_PAGE_MAX = 50;

/** A work's encrypted "@…" item id (item/list's `item_id`; `item_id_plain` is the aweme id). */
export const douyinItemId = (workId: string) =>
  `@${createHash('sha256').update(`douyin-item:${workId}`).digest('base64url').slice(0, 40)}`;

/** The session's csrf token (what the HEAD hands out and the reply must echo). */
const csrfOf = (session: string) => createHash('sha256').update(`secsdk:${session}`).digest('hex').slice(0, 32);

/**
 * The envelope of a risk-control answer, or undefined when the switch is off. Codes are our assumption
 * (the research names only status_code ≠ 0); `verify` is CreatorHub's risk signal (a 2xx with an empty
 * body) and `blocked` MediaCrawler's (the text `blocked`).
 */
function riskAnswer(core: SiteCore): { status: number; body: unknown } | undefined {
  switch (core.switches().inboxRisk) {
    case 'rate_limit':
      return { status: 200, body: { status_code: 2154, status_msg: '操作过于频繁，请稍后再试' } };
    case 'verify':
      return { status: 200, body: '' };
    case 'blocked':
      return { status: 200, body: 'blocked' };
    case null:
      return undefined;
  }
}

/** What a logged-out session gets from the creator APIs (as the works API: status_code 8). */
const LOGGED_OUT = { status_code: 8, status_msg: '用户未登录' };

/** One comment as comment/list and reply/list give it (create_time: unix seconds as a string). */
function commentInfo(core: SiteCore, c: InboxComment) {
  const parent = c.parentId ? core.inbox.comment(core.platform, c.account, c.parentId) : undefined;
  const replyCount = c.parentId
    ? 0
    : core.inbox.commentsOf(core.platform, c.account).filter((r) => r.rootId === c.id).length;
  return {
    comment_id: c.id,
    create_time: String(seconds(c.createdAt)),
    text: c.text,
    user_info: { user_id: c.author.id, screen_name: c.author.name, avatar_url: '' },
    reply_to_user_info:
      parent && parent.id !== c.rootId ? { user_id: parent.author.id, screen_name: parent.author.name } : null,
    level: c.parentId ? 2 : 1,
    reply_count: replyCount,
    digg_count: 0,
    is_author: c.fromSelf,
    status: 1,
  };
}

/** A cursor+count page over `all` (cursor: the offset, as the creator APIs page). */
function page<T>(all: T[], url: URL, max: number) {
  const cursor = Math.max(0, Number(url.searchParams.get('cursor') ?? 0) || 0);
  const count = Math.min(max, Math.max(1, Number(url.searchParams.get('count') ?? 10) || 10));
  const items = all.slice(cursor, cursor + count);
  return { items, cursor: cursor + items.length, has_more: cursor + items.length < all.length, total: all.length };
}

/** The account's works as item/list shows them: newest first, with their comment counts. */
function workItems(core: SiteCore, user: string) {
  return core
    .worksOf(user)
    .slice()
    .reverse()
    .map((w: Work) => ({
      item_id: douyinItemId(w.id),
      item_id_plain: w.id,
      title: w.title,
      create_time: seconds(w.createdAt),
      comment_count: core.inbox.commentsOf(core.platform, user, w.id).length,
    }));
}

function workOfItem(core: SiteCore, user: string, itemId: string): Work | undefined {
  return core.worksOf(user).find((w) => douyinItemId(w.id) === itemId || w.id === itemId);
}

/** The comment page: 选择作品 and the chosen work's comments, newest first (its script reads the same API). */
function commentPage(core: SiteCore, user: string, url: URL): string {
  const items = workItems(core, user);
  const chosen = url.searchParams.get('item_id') ?? items[0]?.item_id ?? '';
  const work = workOfItem(core, user, chosen);
  const comments = work
    ? core.inbox.commentsOf(core.platform, user, work.id).filter((c) => !c.parentId)
    : ([] as InboxComment[]);
  const works = items
    .map(
      (i) => `<li class="work-item" data-item-id="${esc(i.item_id)}">${esc(i.title)} · ${i.comment_count} 条评论</li>`,
    )
    .join('');
  const rows = comments
    .map(
      (c) =>
        `<li class="comment-item" data-comment-id="${esc(c.id)}"><span class="nick">${esc(c.author.name)}</span><span class="comment-content-text">${esc(c.text)}</span></li>`,
    )
    .join('');
  return listDocument(
    '评论管理 - 抖音创作者中心',
    `<h1>评论管理</h1><div class="select-work">选择作品</div><ul class="work-list">${works}</ul>
<ul class="comment-list">${rows || '<li class="empty">暂无评论</li>'}</ul>`,
  );
}

/** Douyin's creator comment pages and APIs (research/leads.md §1 and §7). */
export function douyinComments(core: SiteCore) {
  return async (req: IncomingMessage, res: ServerResponse, url: URL, path: string): Promise<boolean> => {
    const P = DOUYIN_COMMENT_PATHS;
    const user = sessionUser(core, req);
    const json = (body: unknown, status = 200) => {
      core.send(res, status, body);
      return true;
    };
    if (req.method === 'GET' && (path === P.page || path === P.pageAlt || path === P.oldChat)) {
      if (!user) {
        return redirect(core, res, '/douyin/');
      }
      if (path === P.oldChat) {
        // Since Aug 2026 the creator centre has no private messages: the old entry lands on the home page.
        return redirect(core, res, '/douyin/creator-micro/home');
      }
      core.send(res, 200, commentPage(core, user, url));
      return true;
    }
    if (req.method === 'HEAD' && path === P.csrf) {
      const session = cookieOf(req, 'sessionid');
      const token = user && session ? csrfOf(session) : '';
      core.send(res, 200, '', { 'x-ware-csrf-token': `0,${token},86370000,${token ? 'success' : 'fail'},0` });
      return true;
    }
    const api = [P.itemList, P.commentList, P.replyList, P.reply] as string[];
    if (!api.includes(path)) {
      return false;
    }
    if (!user) {
      return json(LOGGED_OUT);
    }
    const risk = riskAnswer(core);
    if (risk) {
      return json(risk.body, risk.status);
    }
    if (req.method === 'GET' && path === P.itemList) {
      const p = page(workItems(core, user), url, ITEM_PAGE);
      return json({ status_code: 0, status_msg: '', item_info_list: p.items, cursor: p.cursor, has_more: p.has_more });
    }
    if (req.method === 'GET' && (path === P.commentList || path === P.replyList)) {
      let all: InboxComment[];
      if (path === P.commentList) {
        const work = workOfItem(core, user, url.searchParams.get('item_id') ?? '');
        if (!work) {
          return json({ status_code: 2, status_msg: '作品不存在' });
        }
        all = core.inbox.commentsOf(core.platform, user, work.id).filter((c) => !c.parentId);
      } else {
        const root = url.searchParams.get('comment_id') ?? '';
        all = core.inbox
          .commentsOf(core.platform, user)
          .filter((c) => c.rootId === root)
          .reverse(); // replies read oldest first under their comment
      }
      const p = page(all, url, COMMENT_PAGE_MAX);
      return json({
        status_code: 0,
        status_msg: '',
        comment_info_list: p.items.map((c) => commentInfo(core, c)),
        cursor: p.cursor,
        has_more: p.has_more,
        total_count: p.total,
      });
    }
    if (req.method === 'POST' && path === P.reply) {
      const session = cookieOf(req, 'sessionid') ?? '';
      if (req.headers['x-secsdk-csrf-token'] !== csrfOf(session)) {
        return json({ status_code: 5, status_msg: 'csrf 校验失败' }); // the code is our assumption
      }
      const b = await readJson(req);
      const text = typeof b.text === 'string' ? b.text.trim() : '';
      const work = workOfItem(core, user, typeof b.item_id === 'string' ? b.item_id : '');
      if (!work || !text) {
        return json({ status_code: 2, status_msg: work ? '评论内容不能为空' : '作品不存在' });
      }
      // The capital I is the real field name: without it (comment_id, say) the text goes up as a new comment.
      const targetId = typeof b.comment_Id === 'string' ? b.comment_Id : '';
      const target = targetId ? core.inbox.comment(core.platform, user, targetId) : undefined;
      if (targetId && (!target || target.workId !== work.id)) {
        return json({ status_code: 2, status_msg: '评论不存在' });
      }
      return faultyWrite(
        core,
        req,
        res,
        () => {
          const c = core.inbox.addComment({
            platform: core.platform,
            account: user,
            workId: work.id,
            parentId: target?.id ?? '',
            rootId: target ? target.rootId || target.id : '',
            author: core.inbox.self(core.platform, user),
            fromSelf: true,
            text,
            createdAt: Date.now(),
          });
          core.inbox.record({
            platform: core.platform,
            account: user,
            kind: 'comment_reply',
            id: c.id,
            target: target?.id ?? '',
            workId: work.id,
            text,
            clientId: '',
          });
          return c;
        },
        (c) => ({ status: 200, body: { status_code: 0, status_msg: '', comment_info: commentInfo(core, c) } }),
      );
    }
    return false;
  };
}
