import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { esc, faultyWrite, listDocument, seconds, sessionUser } from '../../inbox/common.ts';
import type { InboxComment, InboxMessage } from '../../inbox/inbox.ts';
import { readBody } from '../../http.ts';
import type { Work } from '../../state.ts';
import type { SiteCore } from '../site.ts';

/**
 * 视频号助手's comments and private messages (research/leads.md §4): the pages' micro-apps (drawn in an
 * iframe of /platform/interaction/comment and /platform/private_msg) and the POST calls under
 * `/cgi-bin/mmfinderassistant-bin/`. Replies target a post's exportId (not its objectId); comment_list
 * pages by lastBuff + downContinueFlag; private messages by a `cookie` (history: isContinue; new: from
 * get-login-cookie); a write counts only with `data.baseResp.errcode` 0 (and `svrMsgId` for messages);
 * 300333/300334 mean the login cookie expired.
 */
export const CHANNELS_INBOX_PATHS = {
  commentApp: '/micro/interaction/comment',
  messageApp: '/micro/interaction/private_msg',
  commentList: '/cgi-bin/mmfinderassistant-bin/comment/comment_list',
  createComment: '/cgi-bin/mmfinderassistant-bin/comment/create_comment',
  loginCookie: '/cgi-bin/mmfinderassistant-bin/private-msg/get-login-cookie',
  history: '/cgi-bin/mmfinderassistant-bin/private-msg/get-history-msg',
  newMessages: '/cgi-bin/mmfinderassistant-bin/private-msg/get-new-msg',
  sessionInfo: '/cgi-bin/mmfinderassistant-bin/private-msg/get-session-info',
  send: '/cgi-bin/mmfinderassistant-bin/private-msg/send-private-msg',
  finderUsername: '/cgi-bin/mmfinderassistant-bin/private-msg/get-finder-username',
} as const;

const PAGE = 10;
const HISTORY_PAGE = 20;
/** The text message type. */
const TEXT = 1;

/** A post's exportId, which replies target (post_list gives both; it is not the objectId). */
export const exportIdOf = (objectId: string) =>
  `export/UzFfAgtgekIEAQAAAAAA${createHash('sha256').update(`export:${objectId}`).digest('base64url').slice(0, 24)}`;

/** The account's finder username (`_log_finder_id`, a message's fromUsername when it writes). */
export const finderUsernameOf = (account: string) =>
  `v2_060000231003b20faec8c${createHash('sha256').update(`finder:${account}`).digest('hex').slice(0, 20)}@finder`;

/** The conversation id of the account and a person (our assumption of its shape). */
const sessionIdOf = (account: string, peer: string) =>
  `${createHash('sha256').update(`session:${account}:${peer}`).digest('hex').slice(0, 32)}@findermsg`;

const encodeBuff = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64');
function decodeBuff(v: unknown): Record<string, unknown> {
  try {
    const o: unknown = JSON.parse(Buffer.from(typeof v === 'string' ? v : '', 'base64').toString('utf8'));
    return o && typeof o === 'object' ? (o as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** A Channels envelope; `baseResp` inside data where the call reports one. */
const ok = (data: Record<string, unknown>, baseResp = false) => ({
  errCode: 0,
  errMsg: 'ok',
  data: baseResp ? { baseResp: { errcode: 0, errmsg: '' }, ...data } : data,
});
const fail = (errCode: number, errMsg: string) => ({ errCode, errMsg, data: {} });

/** Risk answers: codes are our assumption (the research found no rate numbers for Channels). */
function riskAnswer(core: SiteCore) {
  switch (core.switches().inboxRisk) {
    case 'rate_limit':
      return fail(300500, '操作过于频繁，请稍后再试');
    case 'verify':
      return fail(300800, '当前操作存在风险，请完成安全验证');
    case 'blocked':
      return fail(300900, '账号已被限制使用该功能');
    case null:
      return undefined;
  }
}

function commentItem(core: SiteCore, c: InboxComment, finder: string): Record<string, unknown> {
  const replies = c.parentId
    ? []
    : core.inbox
        .commentsOf(core.platform, c.account, c.workId)
        .filter((r) => r.rootId === c.id)
        .reverse();
  return {
    commentId: c.id,
    commentNickname: c.author.name,
    commentContent: c.text,
    commentCreatetime: String(seconds(c.createdAt)),
    commentHeadurl: '',
    commentLikeCount: 0,
    username: c.fromSelf ? finder : c.author.id,
    readFlag: false,
    visibleFlag: 1,
    displayFlag: 1,
    blacklistFlag: 0,
    likeFlag: 0,
    replyCommentId: c.parentId,
    levelTwoComment: replies.map((r) => commentItem(core, r, finder)),
  };
}

function messageItem(m: InboxMessage, finder: string) {
  return {
    msgType: TEXT,
    fromUsername: m.fromSelf ? finder : m.peer.id,
    toUsername: m.fromSelf ? m.peer.id : finder,
    textMsg: { content: m.text },
    svrMsgId: m.id,
    sessionId: sessionIdOf(m.account, m.peer.id),
    createTime: String(seconds(m.createdAt)),
    clientMsgId: m.clientId,
  };
}

/** A body as JSON or form fields (the calls use both), with nested JSON fields parsed. */
function parseBody(raw: string, type: string): Record<string, unknown> {
  if (type.includes('json')) {
    try {
      const v: unknown = JSON.parse(raw || '{}');
      return v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(raw));
}

/** The micro-apps: server-drawn lists inside the shell's iframe (the real ones read the calls below). */
function commentApp(core: SiteCore, user: string): string {
  const works = core.worksOf(user).slice().reverse();
  const blocks = works
    .map((w) => {
      const rows = core.inbox
        .commentsOf(core.platform, user, w.id)
        .filter((c) => !c.parentId)
        .map((c) => `<li class="comment-item"><span class="nick">${esc(c.author.name)}</span>${esc(c.text)}</li>`)
        .join('');
      return `<section class="feed-comment" data-export-id="${esc(exportIdOf(w.id))}"><h3>${esc(w.title)}</h3><ul>${rows}</ul></section>`;
    })
    .join('');
  return listDocument('评论管理 - 视频号助手', `<h1>评论管理</h1>${blocks || '<p class="empty">暂无评论</p>'}`);
}

function messageApp(core: SiteCore, user: string): string {
  const rows = core.inbox
    .conversations(core.platform, user)
    .map(
      ({ peer, messages }) =>
        `<li class="session-item"><span class="nick">${esc(peer.name)}</span>${esc(messages.at(-1)?.text ?? '')}</li>`,
    )
    .join('');
  return listDocument(
    '私信 - 视频号助手',
    `<div class="tabs"><span class="tab active">私信</span><span class="tab">打招呼消息</span></div><ul>${rows || '<li class="empty">暂无私信</li>'}</ul>`,
  );
}

/** Channels' comment and private-message calls and micro-apps (under /channels). */
export function channelsInbox(core: SiteCore) {
  const P = CHANNELS_INBOX_PATHS;
  const calls = new Set<string>([
    P.commentList,
    P.createComment,
    P.loginCookie,
    P.history,
    P.newMessages,
    P.sessionInfo,
    P.send,
    P.finderUsername,
  ]);
  return async (req: IncomingMessage, res: ServerResponse, _url: URL, path: string): Promise<boolean> => {
    const user = sessionUser(core, req);
    if (req.method === 'GET' && (path === P.commentApp || path === P.messageApp)) {
      if (!user) {
        core.send(res, 200, listDocument('视频号助手', '<p class="empty">登录已失效</p>'));
        return true;
      }
      core.send(res, 200, path === P.commentApp ? commentApp(core, user) : messageApp(core, user));
      return true;
    }
    if (req.method !== 'POST' || !calls.has(path)) {
      return false;
    }
    const json = (body: unknown) => {
      core.send(res, 200, body);
      return true;
    };
    const b = parseBody((await readBody(req)).toString('utf8'), req.headers['content-type'] ?? '');
    if (!user) {
      return json(fail(300333, '登录已失效，请重新登录'));
    }
    const risk = riskAnswer(core);
    if (risk) {
      return json(risk);
    }
    const finder = finderUsernameOf(user);
    const works = core.worksOf(user);
    const workOfExport = (exportId: unknown): Work | undefined => works.find((w) => exportIdOf(w.id) === exportId);
    if (path === P.commentList) {
      const work = workOfExport(b.exportId);
      if (!work) {
        return json(fail(300002, '作品不存在'));
      }
      const all = core.inbox.commentsOf(core.platform, user, work.id).filter((c) => !c.parentId);
      const from = Number(decodeBuff(b.lastBuff).offset ?? 0) || 0;
      const pageOf = all.slice(from, from + PAGE);
      const more = from + PAGE < all.length;
      return json(
        ok({
          comment: pageOf.map((c) => commentItem(core, c, finder)),
          lastBuff: more ? encodeBuff({ offset: from + PAGE }) : '',
          downContinueFlag: more ? 1 : 0,
          commentCount: core.inbox.commentsOf(core.platform, user, work.id).length,
        }),
      );
    }
    if (path === P.createComment) {
      const work = workOfExport(b.exportId);
      const content = typeof b.content === 'string' ? b.content.trim() : '';
      const replyTo = typeof b.replyCommentId === 'string' ? b.replyCommentId : '';
      const target = replyTo ? core.inbox.comment(core.platform, user, replyTo) : undefined;
      if (!work || !content || (replyTo && target?.workId !== work.id)) {
        return json(fail(300002, work ? '评论不存在' : '作品不存在'));
      }
      const clientId = typeof b.clientId === 'string' ? b.clientId : '';
      const again = clientId
        ? core.inbox.commentsOf(core.platform, user, work.id).find((c) => c.fromSelf && c.clientId === clientId)
        : undefined;
      if (again) {
        return json(ok({ commentId: again.id }, true)); // the same clientId is the same comment
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
            text: content,
            createdAt: Date.now(),
            clientId,
          });
          core.inbox.record({
            platform: core.platform,
            account: user,
            kind: 'comment_reply',
            id: c.id,
            target: target?.id ?? '',
            workId: work.id,
            text: content,
            clientId,
          });
          return c;
        },
        (c) => ({ status: 200, body: ok({ commentId: c.id }, true) }),
      );
    }
    const all = core.inbox.messages.filter((m) => m.platform === core.platform && m.account === user);
    const position = all.length;
    if (path === P.finderUsername) {
      return json(ok({ finderUsername: finder }, true)); // the answer's shape is our assumption
    }
    if (path === P.loginCookie) {
      return json(ok({ cookie: encodeBuff({ n: position }) }, true));
    }
    if (path === P.history) {
      const from = Number(decodeBuff(b.cookie).h ?? 0) || 0;
      const newestFirst = all.slice().reverse();
      const pageOf = newestFirst.slice(from, from + HISTORY_PAGE);
      const more = from + HISTORY_PAGE < newestFirst.length;
      return json(
        ok({
          msg: pageOf.map((m) => messageItem(m, finder)),
          cookie: encodeBuff({ h: from + pageOf.length }),
          isContinue: more ? 1 : 0,
        }),
      );
    }
    if (path === P.newMessages) {
      const since = Number(decodeBuff(b.cookie).n);
      if (!Number.isInteger(since)) {
        return json(fail(300334, '登录态已过期')); // an unknown cookie: the client starts again from get-login-cookie
      }
      return json(
        ok({ msg: all.slice(since).map((m) => messageItem(m, finder)), cookie: encodeBuff({ n: position }) }, true),
      );
    }
    if (path === P.sessionInfo) {
      const sessions = core.inbox.conversations(core.platform, user).map(({ peer }) => ({
        sessionId: sessionIdOf(user, peer.id),
        username: peer.id,
        nickname: peer.name,
      }));
      return json(ok({ sessionInfo: sessions }));
    }
    // send-private-msg: to a person the account has a conversation with; clientMsgId seen before is not sent twice.
    const to = typeof b.toUsername === 'string' ? b.toUsername : '';
    const conversation = core.inbox.conversations(core.platform, user).find((c) => c.peer.id === to);
    const text = (b.textMsg as { content?: unknown } | undefined)?.content;
    const content = typeof text === 'string' ? text.trim() : '';
    if (!conversation || b.sessionId !== sessionIdOf(user, to) || !content) {
      return json(fail(300002, conversation ? '消息内容不能为空' : '会话不存在'));
    }
    const clientMsgId = typeof b.clientMsgId === 'string' ? b.clientMsgId : '';
    const again = clientMsgId ? conversation.messages.find((m) => m.fromSelf && m.clientId === clientMsgId) : undefined;
    if (again) {
      return json(ok({ svrMsgId: again.id }, true));
    }
    return faultyWrite(
      core,
      req,
      res,
      () => {
        const m = core.inbox.addMessage({
          platform: core.platform,
          account: user,
          peer: conversation.peer,
          fromSelf: true,
          text: content,
          createdAt: Date.now(),
          clientId: clientMsgId,
        });
        core.inbox.record({
          platform: core.platform,
          account: user,
          kind: 'message',
          id: m.id,
          target: conversation.peer.id,
          workId: '',
          text: content,
          clientId: clientMsgId,
        });
        return m;
      },
      (m) => ({ status: 200, body: ok({ svrMsgId: m.id }, true) }),
    );
  };
}
