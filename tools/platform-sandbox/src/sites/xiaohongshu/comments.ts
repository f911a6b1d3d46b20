import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { faultyWrite, listDocument, sessionUser } from '../../inbox/common.ts';
import type { InboxComment } from '../../inbox/inbox.ts';
import { readBody } from '../../http.ts';
import type { SiteCore } from '../site.ts';

/**
 * Comments on the account's notes as www.xiaohongshu.com reads and writes them through edith
 * (research/leads.md §3): `comment/page`, `comment/sub/page`, `comment/post`, each signed with the X-s /
 * X-t headers the page's own `window._webmsxyw(url, data)` computes (MediaCrawler's xhs client calls it
 * inside the page). A call without a valid signature answers 300011; 461 + Verifytype is a captcha;
 * 300012 an IP block; 429 too many requests.
 */
export const XHS_COMMENT_PATHS = {
  /** A www page where the signer lives (any www page has it). */
  explore: '/explore',
  page: '/api/sns/web/v2/comment/page',
  subPage: '/api/sns/web/v2/comment/sub/page',
  post: '/api/sns/web/v1/comment/post',
} as const;

const PAGE = 10;
const SUB_PREVIEW = 1;

/** FNV-1a over UTF-16 units: the sandbox signer's hash, the same in the page (its source) and here. */
function fnv(text: string, seed: number): string {
  let h = (2166136261 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}
const signOf = (secret: string, uri: string, body: string, xt: string) => {
  const text = `${secret}|${uri}|${body}|${xt}`;
  return `XYW_${[1, 2, 3, 4].map((seed) => fnv(text, seed)).join('')}`;
};

/** An edith envelope. */
const ok = (data: unknown) => ({ code: 0, success: true, msg: '成功', data });
const fail = (code: number, msg: string) => ({ code, success: false, msg, data: {} });

/** A www page with the site's signer on `window` (the real one is obfuscated; the contract is the call). */
function explorePage(secret: string): string {
  return listDocument(
    '小红书 - 你的生活指南',
    `<div id="app"><h1>发现</h1></div><script>
(() => {
const secret=${JSON.stringify(secret)};
const fnv=${fnv.toString()};
// window._webmsxyw(url, data) → {"X-s","X-t"}: url is the path with its query, data the JSON body (or undefined).
window._webmsxyw=function(url,data){
  const xt=String(Date.now());
  const text=secret+'|'+url+'|'+(data===undefined||data===null?'':JSON.stringify(data))+'|'+xt;
  return {'X-s':'XYW_'+[1,2,3,4].map((seed)=>fnv(text,seed)).join(''),'X-t':xt};
};
})();
</script>`,
  );
}

function riskAnswer(core: SiteCore): { status: number; body: unknown; headers?: Record<string, string> } | undefined {
  switch (core.switches().inboxRisk) {
    case 'verify':
      return {
        status: 461,
        body: fail(461, '需要验证'),
        headers: { verifytype: '102', verifyuuid: randomUUID() },
      };
    case 'rate_limit':
      return { status: 429, body: fail(429, '请求太频繁，请稍后再试') };
    case 'blocked':
      return { status: 200, body: fail(300012, '网络异常，请检查网络后重试') };
    case null:
      return undefined;
  }
}

/** One comment as comment/page gives it: 24-hex ids, create_time in ms, show_tags `is_author` for the account's own. */
function commentOf(core: SiteCore, c: InboxComment, withSubs: boolean): Record<string, unknown> {
  const replies = core.inbox
    .commentsOf(core.platform, c.account, c.workId)
    .filter((r) => r.rootId === c.id)
    .reverse();
  const parent = c.parentId ? core.inbox.comment(core.platform, c.account, c.parentId) : undefined;
  const person = (p: { id: string; name: string }) => ({
    user_id: p.id,
    nickname: p.name,
    image: '',
    xsec_token: createHash('sha256').update(`xsec:${p.id}`).digest('base64url').slice(0, 44),
  });
  return {
    id: c.id,
    note_id: c.workId,
    content: c.text,
    create_time: c.createdAt,
    ip_location: '广东',
    like_count: '0',
    status: 0,
    user_info: person(c.author),
    show_tags: c.fromSelf ? ['is_author'] : [],
    ...(parent ? { target_comment: { id: parent.id, user_info: person(parent.author) } } : {}),
    ...(withSubs
      ? {
          sub_comment_count: String(replies.length),
          sub_comment_cursor: replies[SUB_PREVIEW - 1]?.id ?? '',
          sub_comment_has_more: replies.length > SUB_PREVIEW,
          sub_comments: replies.slice(0, SUB_PREVIEW).map((r) => commentOf(core, r, false)),
        }
      : {}),
  };
}

/** A page after `cursor` (the last id of the page before: edith's string cursor). */
function after<T extends { id: string }>(all: T[], cursor: string, size: number) {
  const from = cursor ? all.findIndex((c) => c.id === cursor) + 1 : 0;
  const items = all.slice(from, from + size);
  const more = from + size < all.length;
  return { items, cursor: more ? (items.at(-1)?.id ?? '') : '', has_more: more };
}

/** www.xiaohongshu.com's signer page and edith's comment API (under /xiaohongshu). */
export function xiaohongshuComments(core: SiteCore) {
  const secret = randomBytes(16).toString('hex');
  const P = XHS_COMMENT_PATHS;
  return async (req: IncomingMessage, res: ServerResponse, url: URL, path: string): Promise<boolean> => {
    if (req.method === 'GET' && path === P.explore) {
      core.send(res, 200, explorePage(secret));
      return true;
    }
    const get = req.method === 'GET' && (path === P.page || path === P.subPage);
    const post = req.method === 'POST' && path === P.post;
    if (!get && !post) {
      return false;
    }
    const json = (body: unknown, status = 200, headers?: Record<string, string>) => {
      core.send(res, status, body, headers);
      return true;
    };
    const body = post ? (await readBody(req)).toString('utf8') : '';
    const user = sessionUser(core, req);
    if (!user) {
      return json(fail(-100, '登录已过期')); // the code is our assumption
    }
    const xt = String(req.headers['x-t'] ?? '');
    const uri = `/xiaohongshu${path}${get ? url.search : ''}`;
    if (!xt || req.headers['x-s'] !== signOf(secret, uri, body, xt)) {
      return json(fail(300011, '当前账号存在异常，请切换账号后重试'));
    }
    const risk = riskAnswer(core);
    if (risk) {
      return json(risk.body, risk.status, risk.headers);
    }
    const own = new Set(core.worksOf(user).map((w) => w.id));
    if (get) {
      const noteId = url.searchParams.get('note_id') ?? '';
      if (!own.has(noteId)) {
        return json(fail(-510001, '笔记不存在'));
      }
      const cursor = url.searchParams.get('cursor') ?? '';
      const all = core.inbox.commentsOf(core.platform, user, noteId);
      if (path === P.page) {
        const p = after(
          all.filter((c) => !c.parentId),
          cursor,
          PAGE,
        );
        return json(
          ok({
            comments: p.items.map((c) => commentOf(core, c, true)),
            cursor: p.cursor,
            has_more: p.has_more,
            time: Date.now(),
          }),
        );
      }
      const root = url.searchParams.get('root_comment_id') ?? '';
      const num = Math.min(PAGE, Math.max(1, Number(url.searchParams.get('num') ?? PAGE) || PAGE));
      const p = after(all.filter((c) => c.rootId === root).reverse(), cursor, num);
      return json(
        ok({ comments: p.items.map((c) => commentOf(core, c, false)), cursor: p.cursor, has_more: p.has_more }),
      );
    }
    let b: Record<string, unknown> = {};
    try {
      b = JSON.parse(body || '{}') as Record<string, unknown>;
    } catch {
      b = {};
    }
    const noteId = typeof b.note_id === 'string' ? b.note_id : '';
    const content = typeof b.content === 'string' ? b.content.trim() : '';
    const targetId = typeof b.target_comment_id === 'string' ? b.target_comment_id : '';
    const target = targetId ? core.inbox.comment(core.platform, user, targetId) : undefined;
    if (!own.has(noteId) || !content || (targetId && target?.workId !== noteId)) {
      return json(fail(-1, content ? '评论对象不存在' : '评论内容不能为空'));
    }
    return faultyWrite(
      core,
      req,
      res,
      () => {
        const c = core.inbox.addComment({
          platform: core.platform,
          account: user,
          workId: noteId,
          parentId: target?.id ?? '',
          rootId: target ? target.rootId || target.id : '',
          author: core.inbox.self(core.platform, user),
          fromSelf: true,
          text: content,
          createdAt: Date.now(),
        });
        core.inbox.record({
          platform: core.platform,
          account: user,
          kind: 'comment_reply',
          id: c.id,
          target: target?.id ?? '',
          workId: noteId,
          text: content,
          clientId: '',
        });
        return c;
      },
      (c) => ({ status: 200, body: ok({ comment: commentOf(core, c, false), toast: '评论已发布' }) }),
    );
  };
}
