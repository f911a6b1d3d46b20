import type { HarvestItem } from '@vidmatrix/contract/api/harvest';
import type { Page } from 'playwright-core';
import { channelsHarvest } from './channels.ts';
import {
  type HarvestOverrides,
  RATE_LIMIT_WORDS,
  siteUrl,
  type SitePath,
  VERIFICATION_WORDS,
  withHarvestOverrides,
  refusalKind,
} from './definition.ts';
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
import { HarvestError, type Harvester, type ReadRequest, type WriteResult } from './types.ts';
import {
  encodeWalk,
  type ListedPost,
  nextInWalk,
  postKey,
  postsToRead,
  type PostWalk,
  restCursor,
  restingAt,
  sinceFor,
} from './walk.ts';

interface Envelope<T> {
  errCode?: number;
  errcode?: number;
  errMsg?: string;
  data?: T & { baseResp?: { errcode?: number; errmsg?: string } };
}

interface ChannelsComment {
  commentId: string;
  commentNickname?: string;
  commentContent: string;
  commentCreatetime: string | number;
  username?: string;
  replyCommentId?: string;
  levelTwoComment?: ChannelsComment[];
}

interface ChannelsMessage {
  msgType: number;
  fromUsername: string;
  toUsername: string;
  textMsg?: { content?: string };
  svrMsgId: string;
  sessionId: string;
  createTime: string | number;
}

/** A post: `id` its objectId, `k` its commentCount as post_list shows it. */
interface PostRef extends ListedPost {
  exportId: string;
  title: string;
}
/** The walk's `c` is a post's lastBuff. */
interface CommentCursor extends PostWalk {
  posts: PostRef[];
  /** The pass's `since` as it began: a pass resumed by a later claim keeps it (the server's has moved on). */
  s?: number;
  /** Per post (in order), its commentCount on its first page (kept as its thread's count once its walk ends). */
  k?: number[];
}

const isCommentCursor = (v: unknown): v is CommentCursor =>
  Array.isArray((v as CommentCursor | null)?.posts) && typeof (v as CommentCursor).c === 'string';
const isHistoryCursor = (v: unknown): v is { cookie: string } =>
  typeof (v as { cookie?: unknown } | null)?.cookie === 'string';

/** The comment id inside an item id (`objectId:commentId`), or the id itself. */
const commentIdOf = (itemId: string) => itemId.slice(itemId.indexOf(':') + 1);

/** WeChat Channels' harvesting (视频号助手's comment and private-message calls) under these overrides. */
export function channelsHarvester(overrides: HarvestOverrides = {}): Harvester {
  const def = withHarvestOverrides(channelsHarvest, overrides);
  const t = def.timeouts;

  /** Reads an envelope: errCode 0 (and baseResp.errcode 0 where there is one), or why not. */
  function envelope<T>(a: PageAnswer, what: string, write: boolean): NonNullable<Envelope<T>['data']> {
    if (a.error) {
      throw new HarvestError('failed', `${what}: no answer (${a.error})`);
    }
    const body = jsonOf<Envelope<T>>(a, what);
    const outer = Number(body.errCode ?? body.errcode);
    const base = body.data?.baseResp;
    const [code, text] = outer !== 0 ? [outer, body.errMsg ?? ''] : [Number(base?.errcode ?? 0), base?.errmsg ?? ''];
    if (code === 0 && !Number.isNaN(outer)) {
      return body.data ?? ({} as NonNullable<Envelope<T>['data']>);
    }
    const kind = refusalKind(
      {
        loggedOut: (def.codes.loggedOut as readonly number[]).includes(code),
        rateLimited: RATE_LIMIT_WORDS.test(text),
        verification: VERIFICATION_WORDS.test(text),
      },
      write,
    );
    throw new HarvestError(kind, `${what}: errCode ${code}`, text);
  }

  async function post<T>(page: Page, at: SitePath, fields: Record<string, unknown>, what: string, form = false) {
    const body = { ...def.commonBody, timestamp: String(Date.now()), _log_finder_id: '', ...fields };
    const encoded = form
      ? new URLSearchParams(
          Object.entries(body).map(([k, v]) => [
            k,
            v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v),
          ]),
        ).toString()
      : JSON.stringify(body);
    const a = await fetchInPage(page, siteUrl(def, at), {
      method: 'POST',
      headers: {
        'content-type': form ? 'application/x-www-form-urlencoded;charset=UTF-8' : 'application/json',
        [def.uinHeader[0]]: def.uinHeader[1],
      },
      body: encoded,
      timeoutMs: t.read,
    });
    return envelope<T>(a, what, false);
  }

  const finder = async (page: Page) =>
    (await post<{ finderUsername?: string }>(page, def.calls.finderUsername, {}, 'channels finder username'))
      .finderUsername ?? '';

  /** A first-level comment and its levelTwoComment[] (each naming the one it answers and its thread). */
  function commentItems(c: ChannelsComment, p: PostRef, self: string, parent: string): HarvestItem[] {
    const item: HarvestItem = {
      source: 'comment',
      item_id: `${p.id}:${c.commentId}`,
      post_id: p.exportId,
      post_title: p.title,
      parent_id: parent ? `${p.id}:${c.replyCommentId || parent}` : '',
      root_id: parent ? `${p.id}:${parent}` : '',
      author_id: c.username ?? '',
      author_name: c.commentNickname ?? '',
      from_self: Boolean(self) && c.username === self,
      text: c.commentContent,
      created_at: Number(c.commentCreatetime) || 0,
      link: '',
    };
    return [item, ...(c.levelTwoComment ?? []).flatMap((r) => commentItems(r, p, self, c.commentId))];
  }

  async function commentPage(page: Page, p: PostRef, buff: string, self: string) {
    const data = await post<{
      comment?: ChannelsComment[];
      lastBuff?: string;
      downContinueFlag?: number;
      commentCount?: number | string;
    }>(
      page,
      def.calls.commentList,
      { exportId: p.exportId, lastBuff: buff, commentSelection: false, forMcn: false },
      'channels comment list',
      true,
    );
    const list = data.comment ?? [];
    return {
      items: list.flatMap((c) => commentItems(c, p, self, '')),
      count: list.length,
      /** Comments on the post in all, replies included. */
      total: Number(data.commentCount ?? -1),
      buff: data.lastBuff ?? '',
      more: data.downContinueFlag === 1,
    };
  }

  async function history(page: Page, cookie: string, self: string) {
    const data = await post<{ msg?: ChannelsMessage[]; cookie?: string; isContinue?: number }>(
      page,
      def.calls.history,
      { cookie },
      'channels history',
      true,
    );
    const sessions = await post<{ sessionInfo?: { username: string; nickname?: string }[] }>(
      page,
      def.calls.sessionInfo,
      {},
      'channels sessions',
    );
    const names = new Map((sessions.sessionInfo ?? []).map((s) => [s.username, s.nickname ?? '']));
    const items = (data.msg ?? [])
      .filter((m) => m.msgType === def.textMsg)
      .map((m): HarvestItem => ({
        source: 'message',
        item_id: String(m.svrMsgId),
        post_id: '',
        post_title: '',
        parent_id: '',
        author_id: m.fromUsername,
        author_name: m.fromUsername === self ? '' : (names.get(m.fromUsername) ?? ''),
        from_self: m.fromUsername === self,
        peer_id: m.fromUsername === self ? m.toUsername : m.fromUsername,
        text: m.textMsg?.content ?? '',
        created_at: Number(m.createTime) || 0,
        link: '',
      }));
    return { items, cookie: data.cookie ?? '', more: data.isContinue === 1 };
  }

  /** One page of post_list (`at`: its currentPage, from 1): its posts with their commentCount, and the next page ('' after the last). */
  async function postPage(page: Page, at: number) {
    const data = await post<{
      list?: { objectId: string; exportId: string; desc?: { description?: string }; commentCount?: number | string }[];
      totalCount?: number;
    }>(
      page,
      def.calls.postList,
      { pageSize: def.limits.recentPosts, currentPage: at, userpageType: 11, needAllCommentCount: true },
      'channels post list',
    );
    const posts: PostRef[] = (data.list ?? []).slice(0, def.limits.recentPosts).map((p) => ({
      id: String(p.objectId),
      exportId: p.exportId,
      title: p.desc?.description ?? '',
      ...(p.commentCount !== undefined && Number.isFinite(Number(p.commentCount)) ? { k: Number(p.commentCount) } : {}),
    }));
    const more = posts.length > 0 && at * def.limits.recentPosts < Number(data.totalCount ?? 0);
    return { posts, next: more ? String(at + 1) : '' };
  }

  /** A new walk: the newest posts and the older page the rotation is at (then the next one, or back to the second). */
  async function newWalk(page: Page, request: ReadRequest, at: string): Promise<CommentCursor> {
    const newest = await postPage(page, 1);
    const from = at || newest.next;
    const older = from ? await postPage(page, Number(from)) : { posts: [], next: '' };
    const posts = await postsToRead(request, newest.posts, older.posts);
    return { posts, i: 0, c: '', s: request.since, o: older.next };
  }

  const harvester: Harvester = {
    platform: 'channels',
    version: def.version,

    async readComments(page, request) {
      await openSitePage(page, def, def.pages.comments);
      const self = await finder(page);
      const state =
        decodeCursor(request.cursor, isCommentCursor) ??
        (await newWalk(page, request, restingAt(request.cursor) ?? ''));
      const p = state.posts[state.i];
      if (!p) {
        return { items: [], cursor: restCursor(state.o ?? '') };
      }
      const since = sinceFor(p, state.s ?? request.since);
      const got = await commentPage(page, p, state.c, self);
      // A thread's levelTwoComment[] comes with its first comment: past `since` the post's older pages are
      // walked (walk.ts) for new replies in old threads, unless the post's count of comments and replies
      // (commentCount, the post kept as one thread) is the one it was last read at.
      const first = state.r !== 1;
      const unchanged =
        first && got.total >= 0 && (await knownThreads(request, [postKey(p.id)])).get(postKey(p.id)) === got.total;
      const after = !unchanged && got.more && got.count > 0 ? got.buff : '';
      const k = first ? [...(state.k ?? []), got.total] : (state.k ?? []);
      const next = nextInWalk({ ...state, k }, state.posts.length, after, {
        threadPages: def.limits.threadPages,
        first: '',
      });
      // The count is kept once the post's walk ends (a pass stopped half-way reads it again).
      const ended = first ? after === '' : next?.i !== state.i;
      const total = k[state.i] ?? -1;
      const threads = ended && !unchanged && total >= 0 ? [{ root_id: postKey(p.id), replies: total }] : [];
      return {
        // Once the post's count moved, every reply read is kept: one dated before `since` may be unread.
        items: got.items.filter((c) => c.created_at >= since || (!unchanged && c.parent_id !== '')),
        threads,
        cursor: encodeWalk(next, state.o ?? ''),
      };
    },

    async readMessages(page, { cursor, since }) {
      await openSitePage(page, def, def.pages.messages);
      const self = await finder(page);
      const from = decodeCursor(cursor, isHistoryCursor)?.cookie ?? '';
      const got = await history(page, from, self);
      const oldest = Math.min(...got.items.map((m) => m.created_at));
      const more = got.more && got.items.length > 0 && oldest >= since && got.cookie !== '';
      return {
        items: got.items.filter((m) => m.created_at >= since),
        cursor: more ? encodeCursor({ cookie: got.cookie }) : '',
      };
    },

    async replyComment(page, target, text, clientId, options = {}) {
      await openSitePage(page, def, def.pages.comments);
      const commentId = commentIdOf(target.item_id);
      const root = commentIdOf(options.rootId || target.root_id || target.parent_id || target.item_id);
      const startedAt = Math.floor(Date.now() / 1000);
      const body = {
        ...def.commonBody,
        timestamp: String(Date.now()),
        _log_finder_id: '',
        clientId,
        content: text,
        exportId: target.post_id,
        replyCommentId: commentId,
        rootCommentId: root,
        comment: {
          commentId,
          commentContent: target.text,
          commentNickname: target.author_name,
          username: target.author_id,
          commentCreatetime: String(target.created_at),
        },
      };
      return writeOnce(
        () =>
          fetchInPage(page, siteUrl(def, def.calls.createComment), {
            method: 'POST',
            headers: { 'content-type': 'application/json', [def.uinHeader[0]]: def.uinHeader[1] },
            body: JSON.stringify(body),
            timeoutMs: t.write,
          }),
        (a): WriteResult => {
          const data = envelope<{ commentId?: string }>(a, 'channels create comment', true);
          const objectId = target.item_id.split(':')[0] ?? '';
          return data.commentId && data.baseResp
            ? {
                outcome: 'sent',
                item: {
                  ...target,
                  item_id: `${objectId}:${data.commentId}`,
                  parent_id: target.item_id,
                  root_id: `${objectId}:${root}`,
                  author_id: '',
                  author_name: '',
                  from_self: true,
                  text,
                  created_at: startedAt,
                },
              }
            : { outcome: 'ambiguous' };
        },
        () => harvester.confirmReply(page, target, text, startedAt),
      );
    },

    async confirmReply(page, target, text, after) {
      await openSitePage(page, def, def.pages.comments);
      const self = await finder(page);
      const p = { id: target.item_id.split(':')[0] ?? '', exportId: target.post_id, title: target.post_title };
      let buff = '';
      for (let round = 0; round < def.limits.confirmPages; round += 1) {
        const got = await commentPage(page, p, buff, self);
        const found = got.items.find((c) => c.from_self && c.text === text && c.created_at >= after - CONFIRM_SKEW_S);
        if (found || !got.more || !got.buff) {
          return found;
        }
        buff = got.buff;
      }
      return undefined;
    },

    async sendMessage(page, to, text, clientId) {
      await openSitePage(page, def, def.pages.messages);
      const self = await finder(page);
      const sessions = await post<{ sessionInfo?: { sessionId: string; username: string }[] }>(
        page,
        def.calls.sessionInfo,
        {},
        'channels sessions',
      );
      const session = (sessions.sessionInfo ?? []).find((s) => s.username === to.author_id);
      if (!session) {
        throw new HarvestError('refused', `channels: no conversation with ${to.author_id}`);
      }
      const startedAt = Math.floor(Date.now() / 1000);
      const body = {
        ...def.commonBody,
        timestamp: String(Date.now()),
        _log_finder_id: self,
        sessionId: session.sessionId,
        fromUsername: self,
        toUsername: to.author_id,
        msgType: def.textMsg,
        textMsg: { content: text },
        clientMsgId: clientId,
      };
      return writeOnce(
        () =>
          fetchInPage(page, siteUrl(def, def.calls.send), {
            method: 'POST',
            headers: { 'content-type': 'application/json', [def.uinHeader[0]]: def.uinHeader[1] },
            body: JSON.stringify(body),
            timeoutMs: t.write,
          }),
        (a): WriteResult => {
          const data = envelope<{ svrMsgId?: string }>(a, 'channels send', true);
          // Only baseResp.errcode 0 with an svrMsgId proves the message went out.
          return data.baseResp && data.svrMsgId
            ? {
                outcome: 'sent',
                item: {
                  ...to,
                  item_id: String(data.svrMsgId),
                  author_id: self,
                  author_name: '',
                  from_self: true,
                  text,
                  created_at: startedAt,
                },
              }
            : { outcome: 'ambiguous' };
        },
        () => harvester.confirmMessage(page, to, text, startedAt),
      );
    },

    async confirmMessage(page, _to, text, after) {
      await openSitePage(page, def, def.pages.messages);
      const self = await finder(page);
      const { items } = await history(page, '', self);
      return items.find((m) => m.from_self && m.text === text && m.created_at >= after - CONFIRM_SKEW_S);
    },
  };
  return harvester;
}
