import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { esc, faultyWrite, listDocument, redirect, seconds } from '../../inbox/common.ts';
import type { InboxComment, InboxMessage } from '../../inbox/inbox.ts';
import { readBody } from '../../http.ts';
import type { SiteCore } from '../site.ts';
import { aidOf, type WbiKeys } from './member-api.ts';
import { csrfOf, envelope, NOT_LOGGED_IN, sessionOfRequest } from './session.ts';

/**
 * Bilibili's comments and private messages (research/leads.md §5, from bilibili-API-collect): the creator
 * centre's reply list and x/v2/reply/add (member. and api. hosts), and api.vc's session_svr, svr_sync and
 * web_im/send_msg (Wbi-signed). rpid and msg_key are written as bare JSON numbers beyond 2^53.
 */
export const BILIBILI_INBOX_PATHS = {
  /** member.bilibili.com's comment page (the code index's creator URL). */
  commentPage: '/platform/comment/article',
  /** message.bilibili.com's page (#/whisper, #/reply): its root, on the one sandbox host. */
  messagePage: '/',
  replies: '/x/web/replies',
  replyAdd: '/x/v2/reply/add',
  singleUnread: '/session_svr/v1/session_svr/single_unread',
  sessions: '/session_svr/v1/session_svr/get_sessions',
  messages: '/svr_sync/v1/svr_sync/fetch_session_msgs',
  ack: '/session_svr/v1/session_svr/update_ack',
  send: '/web_im/v1/web_im/send_msg',
} as const;

const REPLY_MAX = 1000;
const MESSAGE_MAX = 500; // our assumption for 21007 (the research gives the code, not the length)
const PS_MAX = 50;
const SESSIONS_MAX = 100;
const MESSAGES_MAX = 200;
/** Words a message may carry and still go out, with a warning (research §5: 支付宝 → key_hit_infos.toast). */
const WARNED_WORDS = ['支付宝', '转账', '银行卡'];

/** The mixin key's index table (bilibili-API-collect docs/misc/sign/wbi.md). */
const MIXIN = [
  46, 47, 18, 2, 53, 8, 23, 32, 15, 50, 10, 31, 58, 3, 45, 35, 27, 43, 5, 49, 33, 9, 42, 19, 29, 28, 14, 39, 12, 38, 41,
  13, 37, 48, 7, 16, 24, 55, 40, 61, 26, 17, 0, 1, 60, 51, 30, 4, 22, 25, 54, 21, 56, 59, 6, 63, 57, 62, 11, 36, 20, 34,
  44, 52,
];

/** The w_rid a query must carry under these keys (every parameter but w_rid, sorted, values without !'()*). */
export function wbiSignature(query: URLSearchParams, keys: WbiKeys): string {
  const raw = keys.img + keys.sub;
  const mixin = MIXIN.map((i) => raw[i] ?? '')
    .join('')
    .slice(0, 32);
  const params = [...query.entries()]
    .filter(([k]) => k !== 'w_rid')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v.replace(/[!'()*]/g, ''))}`)
    .join('&');
  return createHash('md5')
    .update(params + mixin)
    .digest('hex');
}

/** JSON text with `big(…)` values written as bare numbers (a JSON.parse would round them). */
const big = (digits: string) => `@@${digits}@@`;
const bigJson = (body: unknown) => JSON.stringify(body).replace(/"@@(\d+)@@"/g, '$1');

function commentItem(core: SiteCore, c: InboxComment) {
  const work = core.worksOf(c.account).find((w) => w.id === c.workId);
  return {
    id: big(c.id),
    oid: aidOf(c.workId),
    type: 1,
    mid: Number(c.author.id),
    replier: c.author.name,
    message: c.text,
    ctime: seconds(c.createdAt),
    root: big(c.rootId || '0'),
    parent: big(c.parentId || '0'),
    bvid: c.workId,
    title: work?.title ?? '',
    relation: 0,
  };
}

function messageItem(self: string, m: InboxMessage) {
  return {
    sender_uid: Number(m.fromSelf ? self : m.peer.id),
    receiver_type: 1,
    receiver_id: Number(m.fromSelf ? m.peer.id : self),
    msg_type: 1,
    content: JSON.stringify({ content: m.text }),
    msg_seqno: m.seq,
    timestamp: seconds(m.createdAt),
    msg_key: big(m.id),
    msg_status: 0,
    msg_source: 1,
  };
}

const num = (v: string | null, fallback: number) => {
  const n = Number(v);
  return v !== null && v !== '' && Number.isFinite(n) ? n : fallback;
};

/** Bilibili's comment and private-message endpoints and pages (under /bilibili). */
export function bilibiliInbox(core: SiteCore, wbi: WbiKeys) {
  const P = BILIBILI_INBOX_PATHS;
  return async (req: IncomingMessage, res: ServerResponse, url: URL, path: string): Promise<boolean> => {
    const found = sessionOfRequest(core, req);
    const user = found?.session.user;
    const get = req.method === 'GET';
    if (get && (path === P.commentPage || path === P.messagePage)) {
      if (!user) {
        return redirect(core, res, '/bilibili/passport/login');
      }
      core.send(res, 200, path === P.commentPage ? commentPage(core, user) : messagePage(core, user));
      return true;
    }
    const gets = [P.replies, P.singleUnread, P.sessions, P.messages] as string[];
    const posts = [P.replyAdd, P.ack, P.send] as string[];
    if (!(get && gets.includes(path)) && !(req.method === 'POST' && posts.includes(path))) {
      return false;
    }
    const answer = (body: unknown): true => {
      core.send(res, 200, bigJson(body), { 'content-type': 'application/json; charset=utf-8' });
      return true;
    };
    const form = req.method === 'POST' ? new URLSearchParams((await readBody(req)).toString('utf8')) : undefined;
    if (!found || !user) {
      return answer(NOT_LOGGED_IN);
    }
    if (form && form.get('csrf') !== csrfOf(found.token)) {
      return answer(envelope(-111, 'csrf 校验失败'));
    }
    const risk = core.switches().inboxRisk;
    const isMessage = path !== P.replies && path !== P.replyAdd;
    if (risk) {
      // Comments: -509 请求过于频繁, 12015 需要评论验证码, -412 拦截; messages: 21020, -352 风控校验失败, 21046.
      const codes = isMessage
        ? {
            rate_limit: [21020, '发送频率过快，请稍后再试'],
            verify: [-352, '风控校验失败'],
            blocked: [21046, '请在24小时后再发'],
          }
        : {
            rate_limit: [-509, '请求过于频繁，请稍后再试'],
            verify: [12015, '需要评论验证码'],
            blocked: [-412, '请求被拦截'],
          };
      const [code, message] = codes[risk] as [number, string];
      return answer(envelope(code, message));
    }
    const self = core.inbox.self(core.platform, user);
    if (path === P.replies) {
      const bvid = url.searchParams.get('bvid') ?? '';
      const all = core.inbox.commentsOf(core.platform, user).filter((c) => !bvid || c.workId === bvid);
      const ps = Math.min(PS_MAX, Math.max(1, num(url.searchParams.get('ps'), 10)));
      const pn = Math.max(1, num(url.searchParams.get('pn'), 1));
      const items = all.slice((pn - 1) * ps, pn * ps).map((c) => commentItem(core, c));
      return answer({ ...envelope(0, '0', items), pager: { current: pn, size: ps, total: all.length } });
    }
    if (path === P.replyAdd) {
      return replyAdd(core, req, res, user, form ?? new URLSearchParams(), answer);
    }
    const conversations = core.inbox.conversations(core.platform, user);
    if (path === P.singleUnread) {
      const unread = conversations.filter((c) => c.messages.at(-1)?.fromSelf === false).length;
      return answer(envelope(0, '0', { unfollow_unread: unread, follow_unread: 0, unfollow_push_msg: 0 }));
    }
    if (path === P.sessions) {
      const size = Math.min(SESSIONS_MAX, Math.max(1, num(url.searchParams.get('size'), 20)));
      const endTs = num(url.searchParams.get('end_ts'), Number.MAX_SAFE_INTEGER);
      const list = conversations
        .map((c) => ({ c, ts: (c.messages.at(-1)?.createdAt ?? 0) * 1000 }))
        .filter(({ ts }) => ts < endTs);
      return answer(
        envelope(0, '0', {
          session_list: list.slice(0, size).map(({ c, ts }) => ({
            talker_id: Number(c.peer.id),
            session_type: 1,
            unread_count: c.messages.at(-1)?.fromSelf === false ? 1 : 0,
            session_ts: ts, // µs
            last_msg: c.messages.at(-1) ? messageItem(self.id, c.messages.at(-1) as InboxMessage) : null,
          })),
          has_more: list.length > size ? 1 : 0,
        }),
      );
    }
    if (path === P.messages) {
      const talker = url.searchParams.get('talker_id') ?? '';
      const thread = conversations.find((c) => c.peer.id === talker)?.messages ?? [];
      const size = Math.min(MESSAGES_MAX, Math.max(1, num(url.searchParams.get('size'), 20)));
      const begin = num(url.searchParams.get('begin_seqno'), 0);
      const end = num(url.searchParams.get('end_seqno'), Number.MAX_SAFE_INTEGER);
      const range = thread.filter((m) => m.seq > begin && m.seq < end).reverse(); // newest first
      const page = range.slice(0, size);
      return answer(
        envelope(0, '0', {
          messages: page.map((m) => messageItem(self.id, m)),
          has_more: range.length > size ? 1 : 0,
          min_seqno: page.at(-1)?.seq ?? 0,
          max_seqno: page[0]?.seq ?? 0,
        }),
      );
    }
    if (path === P.ack) {
      return answer(envelope(0, '0'));
    }
    // web_im send_msg: Wbi-signed (w_rid, wts), csrf and csrf_token, msg[content] a JSON string.
    if (url.searchParams.get('w_rid') !== wbiSignature(url.searchParams, wbi) || !url.searchParams.get('wts')) {
      return answer(envelope(-403, '访问权限不足'));
    }
    const f = form ?? new URLSearchParams();
    const receiver = f.get('msg[receiver_id]') ?? '';
    let text = '';
    try {
      const content = JSON.parse(f.get('msg[content]') ?? '') as { content?: unknown };
      text = typeof content.content === 'string' ? content.content : '';
    } catch {
      text = '';
    }
    const peer =
      conversations.find((c) => c.peer.id === receiver)?.peer ?? core.inbox.personById(core.platform, user, receiver);
    if (!peer || f.get('msg[sender_uid]') !== self.id || !text.trim()) {
      return answer(envelope(-400, '请求错误'));
    }
    if (text.length > MESSAGE_MAX) {
      return answer(envelope(21007, '消息过长，无法发送'));
    }
    if (core.switches().bilibiliRecipientPrivacy) {
      return answer(envelope(25003, '由于对方的隐私设置，你无法发送消息'));
    }
    const thread = core.inbox.thread(core.platform, user, peer.id);
    if (!thread.some((m) => !m.fromSelf) && thread.some((m) => m.fromSelf)) {
      return answer(envelope(21047, '对方主动回复或关注你前，最多发送1条消息'));
    }
    const clientId = f.get('msg[dev_id]') ?? '';
    return faultyWrite(
      core,
      req,
      res,
      () => {
        const m = core.inbox.addMessage({
          platform: core.platform,
          account: user,
          peer,
          fromSelf: true,
          text,
          createdAt: Date.now(),
          clientId,
        });
        core.inbox.record({
          platform: core.platform,
          account: user,
          kind: 'message',
          id: m.id,
          target: peer.id,
          workId: '',
          text,
          clientId,
        });
        return m;
      },
      (m) => {
        const warned = WARNED_WORDS.some((w) => text.includes(w));
        const data = {
          msg_key: big(m.id),
          msg_content: JSON.stringify({ content: text }),
          ...(warned ? { key_hit_infos: { toast: '对方可能涉及诈骗，请谨慎转账或透露个人信息' } } : {}),
        };
        return {
          status: 200,
          body: bigJson(envelope(0, '0', data)),
          headers: { 'content-type': 'application/json; charset=utf-8' },
        };
      },
    );
  };
}

/** x/v2/reply/add: type 1, oid (the aid), root and parent, message ≤ 1000, csrf (checked before). */
function replyAdd(
  core: SiteCore,
  req: IncomingMessage,
  res: ServerResponse,
  user: string,
  f: URLSearchParams,
  answer: (body: unknown) => true,
): true {
  const work = core.worksOf(user).find((w) => String(aidOf(w.id)) === f.get('oid'));
  const message = (f.get('message') ?? '').trim();
  if (f.get('type') !== '1' || !work || !message) {
    return answer(envelope(-400, '请求错误'));
  }
  if (message.length > REPLY_MAX) {
    return answer(envelope(12025, '评论字数过多'));
  }
  const sensitive = core.switches().bilibiliSensitiveWords.find((w) => w && message.includes(w));
  if (sensitive) {
    return answer(envelope(12016, '评论内容包含敏感信息'));
  }
  const root = f.get('root') ?? '0';
  const parentId = f.get('parent') ?? '0';
  const parent = parentId !== '0' ? core.inbox.comment(core.platform, user, parentId) : undefined;
  if (
    (parentId !== '0' || root !== '0') &&
    (!parent || parent.workId !== work.id || (parent.rootId || parent.id) !== root)
  ) {
    return answer(envelope(12022, '已经被删除了')); // the root must be the parent's thread (code: our assumption)
  }
  const own = core.inbox.commentsOf(core.platform, user, work.id).filter((c) => c.fromSelf);
  if (own[0]?.text === message) {
    return answer(envelope(12051, '重复评论，请勿刷屏'));
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
        parentId: parent?.id ?? '',
        rootId: parent ? parent.rootId || parent.id : '',
        author: core.inbox.self(core.platform, user),
        fromSelf: true,
        text: message,
        createdAt: Date.now(),
      });
      core.inbox.record({
        platform: core.platform,
        account: user,
        kind: 'comment_reply',
        id: c.id,
        target: parent?.id ?? '',
        workId: work.id,
        text: message,
        clientId: '',
      });
      return c;
    },
    (c) => ({
      status: 200,
      body: bigJson(envelope(0, '0', { rpid: big(c.id), rpid_str: c.id, success_toast: '发送成功' })),
      headers: { 'content-type': 'application/json; charset=utf-8' },
    }),
  );
}

function commentPage(core: SiteCore, user: string): string {
  const rows = core.inbox
    .commentsOf(core.platform, user)
    .map((c) => `<li class="comment-item"><span class="nick">${esc(c.author.name)}</span>${esc(c.text)}</li>`)
    .join('');
  return listDocument(
    '评论管理 - 哔哩哔哩创作中心',
    `<h1>评论管理</h1><ul>${rows || '<li class="empty">暂无评论</li>'}</ul>`,
  );
}

function messagePage(core: SiteCore, user: string): string {
  const rows = core.inbox
    .conversations(core.platform, user)
    .map(
      ({ peer, messages }) =>
        `<li class="session-item"><span class="nick">${esc(peer.name)}</span>${esc(messages.at(-1)?.text ?? '')}</li>`,
    )
    .join('');
  return listDocument(
    '消息中心 - 哔哩哔哩',
    `<h1>我的消息</h1><ul class="whisper">${rows || '<li class="empty">暂无消息</li>'}</ul>`,
  );
}
