import type { HarvestItem, HarvestThread } from '@vidmatrix/contract/api/harvest';
import type { Page } from 'playwright-core';
import {
  RATE_LIMIT_WORDS,
  siteUrl,
  type SitePath,
  VERIFICATION_WORDS,
  withHarvestOverrides,
  type HarvestOverrides,
  refusalKind,
} from './definition.ts';
import { douyinHarvest } from './douyin.ts';
import {
  CONFIRM_SKEW_S,
  decodeCursor,
  encodeCursor,
  fetchInPage,
  knownThreads,
  jsonOf,
  openSitePage,
  type PageAnswer,
  writeOnce,
} from './in-page.ts';
import { messageOf, varintOf, type WireField, type WireMessage, writeMessage } from './protobuf.ts';
import { HarvestError, type Harvester, type ReadRequest, type WriteResult } from './types.ts';
import {
  encodeWalk,
  type ListedPost,
  nextInWalk,
  postCount,
  postsToRead,
  type PostWalk,
  restCursor,
  restingAt,
  sinceFor,
} from './walk.ts';
import { douyinIm, type ConvRef } from './douyin-im.ts';

interface CreatorComment {
  comment_id: string;
  create_time: string | number;
  text: string;
  user_info?: { user_id?: string | number; screen_name?: string };
  /** Whom a reply under a reply answers (null under the first-level comment itself). */
  reply_to_user_info?: { user_id?: string | number; screen_name?: string } | null;
  level?: number;
  reply_count?: number;
  is_author?: boolean;
}

interface CreatorAnswer {
  status_code?: number;
  status_msg?: string;
  item_info_list?: { item_id: string; item_id_plain?: string | number; title?: string; comment_count?: number }[];
  comment_info_list?: CreatorComment[];
  comment_info?: CreatorComment;
  cursor?: number | string;
  has_more?: boolean | number;
}

interface PostRef extends ListedPost {
  plain: string;
  title: string;
}
interface CommentCursor extends PostWalk {
  posts: PostRef[];
  /** The pass's `since` as it began: a pass resumed by a later claim keeps it (the server's has moved on). */
  s?: number;
}
interface MessageCursor {
  self: string;
  convs: ConvRef[];
  i: number;
  c: string;
}

const isCommentCursor = (v: unknown): v is CommentCursor =>
  typeof v === 'object' &&
  v !== null &&
  Array.isArray((v as CommentCursor).posts) &&
  typeof (v as CommentCursor).i === 'number';
const isMessageCursor = (v: unknown): v is MessageCursor =>
  typeof v === 'object' &&
  v !== null &&
  Array.isArray((v as MessageCursor).convs) &&
  typeof (v as MessageCursor).self === 'string';

/** Douyin's harvesting (creator comment API, www.douyin.com's protobuf IM) under these overrides. */
export function douyinHarvester(overrides: HarvestOverrides = {}): Harvester {
  const def = withHarvestOverrides(douyinHarvest, overrides);
  const t = def.timeouts;

  const url = (at: SitePath, query: Record<string, string> = {}) => {
    const q = new URLSearchParams(query).toString();
    return siteUrl(def, at) + (q ? `?${q}` : '');
  };

  /** Reads a creator API answer: status_code 0, or why not (risk signals first: CreatorHub's empty 2xx, MediaCrawler's `blocked`). */
  function creator(a: PageAnswer, what: string, write: boolean): CreatorAnswer {
    if (a.error) {
      throw new HarvestError('failed', `${what}: no answer (${a.error})`);
    }
    const text = a.text.trim();
    if (a.status === 429 || text === 'blocked') {
      throw new HarvestError('rate_limited', `${what}: blocked by risk control`, text);
    }
    if (a.status >= 200 && a.status < 300 && text === '') {
      throw new HarvestError('verification', `${what}: an empty answer (risk control)`);
    }
    const body = jsonOf<CreatorAnswer>(a, what);
    if (body.status_code === def.loggedOutCode) {
      throw new HarvestError('logged_out', `${what}: status_code ${def.loggedOutCode}`, body.status_msg ?? '');
    }
    if (body.status_code !== 0) {
      const msg = body.status_msg ?? '';
      const kind = refusalKind(
        { rateLimited: RATE_LIMIT_WORDS.test(msg), verification: VERIFICATION_WORDS.test(msg) },
        write,
      );
      throw new HarvestError(kind, `${what}: status_code ${String(body.status_code)}`, msg);
    }
    return body;
  }

  const get = async (page: Page, at: SitePath, query: Record<string, string>, what: string) =>
    creator(await fetchInPage(page, url(at, query), { timeoutMs: t.read }), what, false);

  /**
   * One comment; a reply (from reply/list) names its first-level comment as parent and thread (the list
   * gives no other parent). The account's own reply to a reply names whom it answered (reply_to_user_info)
   * as peer_id, so it is filed under that customer rather than under the thread's first commenter.
   */
  function commentItem(c: CreatorComment, post: PostRef, parent: string): HarvestItem {
    const answered = c.is_author === true ? String(c.reply_to_user_info?.user_id ?? '') : '';
    return {
      ...(answered ? { peer_id: answered } : {}),
      source: 'comment',
      item_id: c.comment_id,
      post_id: post.id,
      post_title: post.title,
      parent_id: parent,
      root_id: parent,
      author_id: String(c.user_info?.user_id ?? ''),
      author_name: c.user_info?.screen_name ?? '',
      from_self: c.is_author === true,
      text: c.text,
      created_at: Number(c.create_time) || 0,
      link: post.plain ? def.link.replace('{id}', post.plain) : '',
    };
  }

  /**
   * Every reply under one first-level comment, whatever its age: the thread's count changed, so a reply
   * dated before the pass's `since` may not have been read (the server drops what it has).
   */
  async function replies(page: Page, post: PostRef, commentId: string): Promise<HarvestItem[]> {
    const out: HarvestItem[] = [];
    let cursor = '0';
    for (let round = 0; round < 20; round += 1) {
      const body = await get(
        page,
        def.calls.replyList,
        { comment_id: commentId, cursor, count: String(def.limits.replies) },
        'douyin reply list',
      );
      for (const c of body.comment_info_list ?? []) {
        out.push(commentItem(c, post, commentId));
      }
      if (!body.has_more || (body.comment_info_list ?? []).length === 0) {
        break;
      }
      cursor = String(body.cursor ?? '');
    }
    return out;
  }

  const { imRequest, imEnvelope, messageItem, conversations, history, findConversation } = douyinIm(def);

  /** One page of item/list (`cursor` as the list gave it): its posts with their comment counts, and what comes after. */
  async function postPage(page: Page, cursor: string) {
    const list = await get(
      page,
      def.calls.itemList,
      { cursor, count: String(def.limits.recentPosts) },
      'douyin item list',
    );
    const posts: PostRef[] = (list.item_info_list ?? []).slice(0, def.limits.recentPosts).map((p) => ({
      id: p.item_id,
      plain: String(p.item_id_plain ?? ''),
      title: p.title ?? '',
      ...(typeof p.comment_count === 'number' ? { k: p.comment_count } : {}),
    }));
    const next = list.has_more && posts.length > 0 ? String(list.cursor ?? '') : '';
    return { posts, next };
  }

  /** A new walk: the newest posts and the older page the rotation is at (then the next one, or back to the second). */
  async function newWalk(page: Page, request: ReadRequest, at: string): Promise<CommentCursor> {
    const newest = await postPage(page, '0');
    const from = at || newest.next;
    const older = from ? await postPage(page, from) : { posts: [], next: '' };
    const posts = await postsToRead(request, newest.posts, older.posts);
    return { posts, i: 0, c: '0', s: request.since, r: 0, d: [], o: older.next };
  }

  const harvester: Harvester = {
    platform: 'douyin',
    version: def.version,

    async readComments(page, request) {
      await openSitePage(page, def, def.pages.comments);
      const state =
        decodeCursor(request.cursor, isCommentCursor) ??
        (await newWalk(page, request, restingAt(request.cursor) ?? ''));
      const post = state.posts[state.i];
      if (!post) {
        return { items: [], cursor: restCursor(state.o ?? '') };
      }
      const since = sinceFor(post, state.s ?? request.since);
      const body = await get(
        page,
        def.calls.commentList,
        { item_id: post.id, cursor: state.c, count: String(def.limits.comments), sort: 'TIME' },
        'douyin comment list',
      );
      const list = body.comment_info_list ?? [];
      const items: HarvestItem[] = [];
      const threads: HarvestThread[] = [];
      const known = await knownThreads(
        request,
        list.filter((c) => (c.reply_count ?? 0) > 0).map((c) => c.comment_id),
      );
      for (const c of list) {
        const item = commentItem(c, post, '');
        if (item.created_at >= since) {
          items.push(item);
        }
        // A thread's replies come only from reply/list: one whose reply count changed since it was last read
        // is read whatever the age of its first comment (a buyer answers under an old thread), and all of it.
        const count = c.reply_count ?? 0;
        if (count > 0 && known.get(c.comment_id) !== count) {
          items.push(...(await replies(page, post, c.comment_id)));
          threads.push({ root_id: c.comment_id, replies: count });
        }
      }
      const after = Boolean(body.has_more) && list.length > 0 ? String(body.cursor ?? '') : '';
      const next = nextInWalk(state, state.posts.length, after, { threadPages: def.limits.threadPages, first: '0' });
      threads.push(...postCount(state, next, after, post));
      return { items, threads, cursor: encodeWalk(next, state.o ?? '') };
    },

    async readMessages(page, { cursor, since }) {
      await openSitePage(page, def, def.pages.chat);
      let state = decodeCursor(cursor, isMessageCursor);
      if (!state) {
        const { self, convs } = await conversations(page);
        state = { self, convs: convs.filter((c) => c.last >= since).map(({ last: _last, ...c }) => c), i: 0, c: '0' };
      }
      const conv = state.convs[state.i];
      if (!conv) {
        return { items: [], cursor: '' };
      }
      const page1 = await history(page, conv, BigInt(state.c), state.self);
      const items = page1.items.filter((m) => m.created_at >= since);
      const oldest = Math.min(...page1.items.map((m) => m.created_at));
      const more = page1.more && page1.items.length > 0 && oldest >= since;
      const next = more ? { ...state, c: String(page1.next) } : { ...state, i: state.i + 1, c: '0' };
      return { items, cursor: next.i < next.convs.length ? encodeCursor(next) : '' };
    },

    async replyComment(page, target, text, _clientId) {
      await openSitePage(page, def, def.pages.comments);
      const head = await fetchInPage(page, url(def.calls.csrf), { method: 'HEAD', timeoutMs: t.read });
      const token = (head.headers[def.csrf.responseHeader.toLowerCase()] ?? '').split(',')[def.csrf.field] ?? '';
      if (!token) {
        throw new HarvestError('failed', 'douyin: no csrf token in the HEAD answer');
      }
      const post: PostRef = { id: target.post_id, plain: '', title: target.post_title };
      const root = target.root_id || target.parent_id || target.item_id;
      const startedAt = Math.floor(Date.now() / 1000);
      return writeOnce(
        () =>
          fetchInPage(page, url(def.calls.reply), {
            method: 'POST',
            headers: { 'content-type': 'application/json', [def.csrf.requestHeader]: token },
            // comment_Id with a capital I is the real field: without it the text would go up as a new comment.
            body: JSON.stringify({ comment_Id: target.item_id, item_id: target.post_id, text }),
            timeoutMs: t.write,
          }),
        (a): WriteResult => {
          const body = creator(a, 'douyin reply', true);
          return body.comment_info
            ? { outcome: 'sent', item: { ...commentItem(body.comment_info, post, root), link: target.link } }
            : { outcome: 'ambiguous' };
        },
        () => harvester.confirmReply(page, target, text, startedAt),
      );
    },

    async confirmReply(page, target, text, after) {
      await openSitePage(page, def, def.pages.comments);
      const post: PostRef = { id: target.post_id, plain: '', title: target.post_title };
      const root = target.root_id || target.parent_id || target.item_id;
      const found = await replies(page, post, root);
      return found.find((r) => r.from_self && r.text === text && r.created_at >= after - CONFIRM_SKEW_S);
    },

    async sendMessage(page, to, text, clientId) {
      await openSitePage(page, def, def.pages.chat);
      const { self, conv } = await findConversation(page, to.author_id);
      const startedAt = Math.floor(Date.now() / 1000);
      const content = JSON.stringify({ mention_users: [], aweType: def.im.aweType, richTextInfos: [], text });
      const ext = (k: string, v: string): WireField => [
        5,
        writeMessage([
          [1, k],
          [2, v],
        ]),
      ];
      const body: WireField[] = [
        [1, conv.conv],
        [2, def.im.singleChat],
        [3, BigInt(conv.short)],
        [4, content],
        ext('s:client_message_id', clientId),
        ext('s:stime', String(Date.now())),
        [6, def.im.textMsg],
        [7, conv.ticket],
        [8, clientId],
      ];
      let sentEnv: WireMessage | undefined;
      const result = await writeOnce(
        async () => {
          const a = await fetchInPage(page, url(def.calls.send), {
            method: 'POST',
            headers: { 'content-type': 'application/x-protobuf' },
            bytes: imRequest(def.im.send, body),
            binary: true,
            timeoutMs: t.write,
          });
          if (!a.error && a.status < 500) {
            sentEnv = await imEnvelope(page, a, def.im.send, true);
          }
          return a;
        },
        (): WriteResult => {
          const m = sentEnv ? messageOf(messageOf(messageOf(sentEnv, 6), def.im.send), 1) : undefined;
          return m && varintOf(m, 3) > 0n ? { outcome: 'sent', item: messageItem(m, self, conv) } : { outcome: 'sent' };
        },
        () => harvester.confirmMessage(page, to, text, startedAt),
      );
      return result;
    },

    async confirmMessage(page, to, text, after) {
      await openSitePage(page, def, def.pages.chat);
      const { self, conv } = await findConversation(page, to.author_id);
      const { items } = await history(page, conv, 0n, self);
      return items.find((m) => m.from_self && m.text === text && m.created_at >= after - CONFIRM_SKEW_S);
    },
  };
  return harvester;
}
