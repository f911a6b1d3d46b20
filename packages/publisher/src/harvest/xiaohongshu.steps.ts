import type { HarvestItem, HarvestThread } from '@vidmatrix/contract/api/harvest';
import type { Page } from 'playwright-core';
import { type HarvestOverrides, siteUrl, type SitePath, withHarvestOverrides, refusalKind } from './definition.ts';
import {
  CONFIRM_SKEW_S,
  decodeCursor,
  encodeCursor,
  fetchInPage,
  jsonOf,
  knownThreads,
  openSitePage,
  type PageAnswer,
  writeOnce,
} from './in-page.ts';
import { HarvestError, type Harvester, type ReadRequest, type WriteResult } from './types.ts';
import {
  encodeWalk,
  type ListedPost,
  nextInWalk,
  postsToRead,
  type PostWalk,
  restCursor,
  restingAt,
  sinceFor,
} from './walk.ts';
import { xiaohongshuHarvest } from './xiaohongshu.ts';

interface Envelope<T> {
  code?: number;
  success?: boolean;
  msg?: string;
  data?: T;
}

interface XhsComment {
  id: string;
  note_id: string;
  content: string;
  create_time: number;
  user_info?: { user_id?: string; nickname?: string };
  show_tags?: string[];
  target_comment?: { id?: string };
  sub_comments?: XhsComment[];
  sub_comment_cursor?: string;
  sub_comment_has_more?: boolean;
  /** Replies under it in all (a numeric string). */
  sub_comment_count?: string | number;
}

interface ProMessage {
  message_id: string;
  sender_id: string;
  content: string;
  create_time: number;
}

interface PostRef extends ListedPost {
  title: string;
}
interface CommentCursor extends PostWalk {
  posts: PostRef[];
  /** The pass's `since` as it began: a pass resumed by a later claim keeps it (the server's has moved on). */
  s?: number;
}
interface Contact {
  id: string;
  name: string;
}
interface MessageCursor {
  contacts: Contact[];
  i: number;
  c: string;
}

const isCommentCursor = (v: unknown): v is CommentCursor =>
  Array.isArray((v as CommentCursor | null)?.posts) && typeof (v as CommentCursor).c === 'string';
const isMessageCursor = (v: unknown): v is MessageCursor =>
  Array.isArray((v as MessageCursor | null)?.contacts) && typeof (v as MessageCursor).c === 'string';

/** Xiaohongshu's harvesting (edith comments signed in a www page, the 专业号 workbench) under these overrides. */
export function xiaohongshuHarvester(overrides: HarvestOverrides = {}): Harvester {
  const def = withHarvestOverrides(xiaohongshuHarvest, overrides);
  const t = def.timeouts;
  const url = (at: SitePath, query: Record<string, string> = {}) => {
    const q = new URLSearchParams(query).toString();
    return siteUrl(def, at) + (q ? `?${q}` : '');
  };

  /** Reads an envelope: success, or why not (HTTP statuses first: 461/471 captcha, 401/403/429 blocked). */
  function envelope<T>(a: PageAnswer, what: string, write: boolean): Envelope<T> {
    if (a.error) {
      throw new HarvestError('failed', `${what}: no answer (${a.error})`);
    }
    if ((def.codes.verificationHttp as readonly number[]).includes(a.status)) {
      throw new HarvestError('verification', `${what}: HTTP ${a.status} (Verifytype ${a.headers.verifytype ?? ''})`);
    }
    if ((def.codes.rateLimitedHttp as readonly number[]).includes(a.status)) {
      throw new HarvestError('rate_limited', `${what}: HTTP ${a.status}`, a.text.slice(0, 200));
    }
    const body = jsonOf<Envelope<T>>(a, what);
    if (body.success === true || body.code === 0) {
      return body;
    }
    const code = Number(body.code);
    const text = body.msg ?? '';
    const kind = refusalKind(
      {
        loggedOut: (def.codes.loggedOut as readonly number[]).includes(code),
        rateLimited: (def.codes.rateLimited as readonly number[]).includes(code),
        verification: (def.codes.verification as readonly number[]).includes(code),
      },
      write,
    );
    throw new HarvestError(kind, `${what}: code ${code}`, text);
  }

  /** X-s / X-t for a call, from the page's own signer (the URI as the server sees it: path and query). */
  async function sign(page: Page, full: string, data?: unknown): Promise<Record<string, string>> {
    const u = new URL(full);
    const headers = await page
      .evaluate(
        ([fn, uri, body]) => {
          const signer = (window as unknown as Record<string, unknown>)[fn];
          return typeof signer === 'function'
            ? (signer as (u: string, d: unknown) => Record<string, string>)(uri, body ?? undefined)
            : undefined;
        },
        [def.signer, u.pathname + u.search, data ?? null] as const,
      )
      .catch(() => undefined);
    if (!headers) {
      throw new HarvestError('failed', `xiaohongshu: the page has no ${def.signer}`);
    }
    return { 'X-s': String(headers['X-s'] ?? ''), 'X-t': String(headers['X-t'] ?? '') };
  }

  async function edithGet<T>(page: Page, at: SitePath, query: Record<string, string>, what: string) {
    const full = url(at, query);
    const a = await fetchInPage(page, full, { headers: await sign(page, full), timeoutMs: t.read });
    return envelope<T>(a, what, false).data;
  }

  const proGet = async <T>(page: Page, at: SitePath, query: Record<string, string>, what: string) =>
    envelope<T>(await fetchInPage(page, url(at, query), { timeoutMs: t.read }), what, false).data;

  function commentItem(c: XhsComment, post: PostRef, parent: string): HarvestItem {
    return {
      source: 'comment',
      item_id: c.id,
      post_id: c.note_id || post.id,
      post_title: post.title,
      parent_id: parent ? (c.target_comment?.id ?? parent) : '',
      root_id: parent,
      author_id: c.user_info?.user_id ?? '',
      author_name: c.user_info?.nickname ?? '',
      from_self: (c.show_tags ?? []).includes(def.authorTag),
      text: c.content,
      created_at: Math.floor(Number(c.create_time) / 1000) || 0,
      link: def.link.replace('{id}', c.note_id || post.id),
    };
  }

  /** A comment's replies: the ones it came with, then sub/page from its cursor while there are more. */
  async function subComments(page: Page, post: PostRef, root: XhsComment): Promise<HarvestItem[]> {
    const out = (root.sub_comments ?? []).map((s) => commentItem(s, post, root.id));
    let cursor = root.sub_comment_cursor ?? '';
    let more = root.sub_comment_has_more === true;
    for (let round = 0; more && round < def.limits.subPages; round += 1) {
      const data = await edithGet<{ comments?: XhsComment[]; cursor?: string; has_more?: boolean }>(
        page,
        def.calls.subPage,
        { note_id: post.id, root_comment_id: root.id, num: String(def.limits.subComments), cursor },
        'xiaohongshu sub comments',
      );
      out.push(...(data?.comments ?? []).map((s) => commentItem(s, post, root.id)));
      cursor = data?.cursor ?? '';
      more = data?.has_more === true && cursor !== '';
    }
    return out;
  }

  async function thread(page: Page, contact: Contact, cursor: string) {
    const data = await proGet<{ messages?: ProMessage[]; cursor?: string; has_more?: boolean }>(
      page,
      def.calls.messages,
      { user_id: contact.id, cursor, num: String(def.limits.messages) },
      'xiaohongshu messages',
    );
    const items = (data?.messages ?? []).map((m): HarvestItem => ({
      source: 'message',
      item_id: String(m.message_id),
      post_id: '',
      post_title: '',
      parent_id: '',
      author_id: m.sender_id,
      author_name: m.sender_id === contact.id ? contact.name : '',
      from_self: m.sender_id !== contact.id,
      peer_id: contact.id,
      text: m.content,
      created_at: Math.floor(Number(m.create_time) / 1000) || 0,
      link: '',
    }));
    return { items, cursor: data?.cursor ?? '', more: data?.has_more === true };
  }

  /** One page of the creator's note list (`at`: its page number): its notes, and the next page's number ('' after the last). */
  async function notesPage(page: Page, at: string) {
    const posted = envelope<{ notes?: { id: string; display_title?: string }[]; page?: number }>(
      await fetchInPage(page, url(def.calls.posted, { tab: '0', page: at }), { timeoutMs: t.read }),
      'xiaohongshu notes',
      false,
    );
    const posts: PostRef[] = (posted.data?.notes ?? [])
      .slice(0, def.limits.recentPosts)
      .map((n) => ({ id: n.id, title: n.display_title ?? '' }));
    const next = Number(posted.data?.page ?? -1);
    return { posts, next: posts.length > 0 && next > Number(at) ? String(next) : '' };
  }

  /**
   * A new walk: the newest notes and the older page the rotation is at (then the next one, or back to the
   * second). The list shows no comment counts (research §3), so every note of both pages is read.
   */
  async function newWalk(page: Page, request: ReadRequest, at: string): Promise<CommentCursor> {
    await openSitePage(page, def, def.pages.notes);
    const newest = await notesPage(page, '0');
    const from = at || newest.next;
    const older = from ? await notesPage(page, from) : { posts: [], next: '' };
    const posts = await postsToRead(request, newest.posts, older.posts);
    return { posts, i: 0, c: '', s: request.since, o: older.next };
  }

  const harvester: Harvester = {
    platform: 'xiaohongshu',
    version: def.version,

    async readComments(page, request) {
      const state =
        decodeCursor(request.cursor, isCommentCursor) ??
        (await newWalk(page, request, restingAt(request.cursor) ?? ''));
      const post = state.posts[state.i];
      if (!post) {
        return { items: [], cursor: restCursor(state.o ?? '') };
      }
      const since = sinceFor(post, state.s ?? request.since);
      await openSitePage(page, def, def.pages.explore);
      const data = await edithGet<{ comments?: XhsComment[]; cursor?: string; has_more?: boolean }>(
        page,
        def.calls.commentPage,
        { note_id: post.id, cursor: state.c, top_comment_id: '', image_formats: 'jpg,webp,avif', xsec_token: '' },
        'xiaohongshu comments',
      );
      const list = data?.comments ?? [];
      const items: HarvestItem[] = [];
      const threads: HarvestThread[] = [];
      // Replies past the ones a comment comes with need sub/page: only for a thread whose count changed since
      // it was last read, whatever the age of its first comment (a buyer answers under an old one); past
      // `since` the note's older pages are still walked for them (walk.ts).
      const paged = list.filter((c) => c.sub_comment_has_more === true);
      const known = await knownThreads(
        request,
        paged.map((c) => c.id),
      );
      const fresh = (i: HarvestItem) => i.created_at >= since;
      for (const c of list) {
        const count = Number(c.sub_comment_count ?? 0);
        const top = [commentItem(c, post, '')].filter(fresh);
        if (c.sub_comment_has_more !== true || known.get(c.id) === count) {
          items.push(...top, ...(c.sub_comments ?? []).map((r) => commentItem(r, post, c.id)).filter(fresh));
          continue;
        }
        // A thread whose count changed: all its replies, a late one dated before `since` included.
        items.push(...top, ...(await subComments(page, post, c)));
        threads.push({ root_id: c.id, replies: count });
      }
      const after = data?.has_more === true && list.length > 0 ? (data.cursor ?? '') : '';
      const next = nextInWalk(state, state.posts.length, after, { threadPages: def.limits.threadPages, first: '' });
      return { items, threads, cursor: encodeWalk(next, state.o ?? '') };
    },

    async readMessages(page, { cursor, since }) {
      await openSitePage(page, def, def.pages.workbench);
      let state = decodeCursor(cursor, isMessageCursor);
      if (!state) {
        const contacts: Contact[] = [];
        let c = '';
        for (let round = 0; round < 10; round += 1) {
          const data = await proGet<{
            contacts?: { user_id: string; nickname?: string; last_time?: number }[];
            cursor?: string;
            has_more?: boolean;
          }>(page, def.calls.contacts, { cursor: c, num: String(def.limits.contacts) }, 'xiaohongshu contacts');
          const list = data?.contacts ?? [];
          const recent = list.filter((x) => Math.floor(Number(x.last_time ?? 0) / 1000) >= since);
          contacts.push(...recent.map((x) => ({ id: x.user_id, name: x.nickname ?? '' })));
          c = data?.cursor ?? '';
          if (!data?.has_more || !c || recent.length < list.length) {
            break;
          }
        }
        state = { contacts, i: 0, c: '' };
      }
      const contact = state.contacts[state.i];
      if (!contact) {
        return { items: [], cursor: '' };
      }
      const got = await thread(page, contact, state.c);
      const items = got.items.filter((m) => m.created_at >= since);
      const oldest = Math.min(...got.items.map((m) => m.created_at));
      const more = got.more && got.items.length > 0 && oldest >= since && got.cursor !== '';
      const next = more ? { ...state, c: got.cursor } : { ...state, i: state.i + 1, c: '' };
      return { items, cursor: next.i < next.contacts.length ? encodeCursor(next) : '' };
    },

    async replyComment(page, target, text) {
      await openSitePage(page, def, def.pages.explore);
      const startedAt = Math.floor(Date.now() / 1000);
      const data = { note_id: target.post_id, content: text, target_comment_id: target.item_id, at_users: [] };
      const full = url(def.calls.commentPost);
      return writeOnce(
        async () =>
          fetchInPage(page, full, {
            method: 'POST',
            headers: { 'content-type': 'application/json;charset=UTF-8', ...(await sign(page, full, data)) },
            body: JSON.stringify(data),
            timeoutMs: t.write,
          }),
        (a): WriteResult => {
          const body = envelope<{ comment?: XhsComment }>(a, 'xiaohongshu comment', true);
          const c = body.data?.comment;
          const post = { id: target.post_id, title: target.post_title };
          return c?.id
            ? {
                outcome: 'sent',
                item: {
                  ...commentItem(c, post, target.item_id),
                  root_id: target.root_id || target.parent_id || target.item_id,
                  from_self: true,
                },
              }
            : { outcome: 'ambiguous' };
        },
        () => harvester.confirmReply(page, target, text, startedAt),
      );
    },

    async confirmReply(page, target, text, after) {
      await openSitePage(page, def, def.pages.explore);
      const post = { id: target.post_id, title: target.post_title };
      const root = target.root_id || target.parent_id || target.item_id;
      const found = await subComments(page, post, {
        id: root,
        note_id: post.id,
        content: '',
        create_time: 0,
        sub_comment_has_more: true,
      });
      return found.find((c) => c.from_self && c.text === text && c.created_at >= after - CONFIRM_SKEW_S);
    },

    async sendMessage(page, to, text) {
      await openSitePage(page, def, def.pages.workbench);
      const startedAt = Math.floor(Date.now() / 1000);
      return writeOnce(
        () =>
          fetchInPage(page, url(def.calls.send), {
            method: 'POST',
            headers: { 'content-type': 'application/json;charset=UTF-8' },
            body: JSON.stringify({ receiver_id: to.author_id, content_type: 'TEXT', content: text }),
            timeoutMs: t.write,
          }),
        (a): WriteResult => {
          const body = envelope<{ message_id?: string; create_time?: number }>(a, 'xiaohongshu send', true);
          const id = body.data?.message_id ? String(body.data.message_id) : '';
          return id
            ? {
                outcome: 'sent',
                item: {
                  ...to,
                  item_id: id,
                  author_id: '',
                  author_name: '',
                  from_self: true,
                  text,
                  created_at: Math.floor(Number(body.data?.create_time ?? Date.now()) / 1000),
                },
              }
            : { outcome: 'ambiguous' };
        },
        () => harvester.confirmMessage(page, to, text, startedAt),
      );
    },

    async confirmMessage(page, to, text, after) {
      await openSitePage(page, def, def.pages.workbench);
      const { items } = await thread(page, { id: to.author_id, name: to.author_name }, '');
      return items.find((m) => m.from_self && m.text === text && m.created_at >= after - CONFIRM_SKEW_S);
    },
  };
  return harvester;
}
