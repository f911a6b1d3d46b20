import type { HarvestItem, HarvestThread } from '@vidmatrix/contract/api/harvest';
import type { Page } from 'playwright-core';
import { type HarvestOverrides, isLoginUrl, siteUrl, withHarvestOverrides } from './definition.ts';
import { CONFIRM_SKEW_S, decodeCursor, knownThreads } from './in-page.ts';
import { answerOf, callAfter, callsOf, type Envelope, type KsComment, type PageCall } from './kuaishou-calls.ts';
import { kuaishouHarvest } from './kuaishou.ts';
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

interface PostRef extends ListedPost {
  title: string;
}
/** The walk's `c` is the pcursor the next page is asked with ('' for a post's first page). */
interface CommentCursor extends PostWalk {
  posts: PostRef[];
  /** The pass's `since` as it began: a pass resumed by a later claim keeps it (the server's has moved on). */
  s?: number;
}

const isCommentCursor = (v: unknown): v is CommentCursor =>
  Array.isArray((v as CommentCursor | null)?.posts) && typeof (v as CommentCursor).c === 'string';

/** Kuaishou's harvesting: its comment page driven as a person would, the page's own calls read. */
export function kuaishouHarvester(overrides: HarvestOverrides = {}): Harvester {
  const def = withHarvestOverrides(kuaishouHarvest, overrides);
  const t = def.timeouts;
  const S = def.selectors;
  const pageUrl = siteUrl(def, def.pages.comments);
  /** What the page lists now: the chosen post, and where in the call log its listing began. */
  const shown = new WeakMap<Page, { photo: string; start: number }>();

  async function selfId(page: Page): Promise<string> {
    const cookies = await page.context().cookies(pageUrl);
    return cookies.find((c) => c.name === def.selfCookie)?.value ?? '';
  }

  function commentItem(c: KsComment, post: PostRef, self: string, root: string): HarvestItem {
    return {
      source: 'comment',
      item_id: String(c.commentId),
      post_id: post.id,
      post_title: post.title,
      parent_id: root ? String(c.replyToCommentId && c.replyToCommentId !== '0' ? c.replyToCommentId : root) : '',
      root_id: root,
      author_id: String(c.authorId),
      author_name: c.authorName ?? '',
      from_self: Boolean(self) && String(c.authorId) === self,
      text: c.content,
      created_at: Math.floor(Number(c.timestamp) / 1000) || 0,
      link: def.link.replace('{id}', post.id),
    };
  }

  /** Where in the call log the page's current load began. */
  const loadedAt = new WeakMap<Page, number>();

  /** A photoList answer: its works (with their commentCount where shown), and the next page's pcursor ('' after the last). */
  async function photoPage(call: PageCall | undefined): Promise<{ posts: PostRef[]; next: string }> {
    const body = await answerOf(def, call, 'kuaishou photo list', t.read, false);
    const list = (body.data?.list ?? []) as { photoId: string; title?: string; commentCount?: number }[];
    const pc = String(body.data?.pcursor ?? def.noMore);
    const posts = list.slice(0, def.limits.recentPosts).map((p) => ({
      id: String(p.photoId),
      title: p.title ?? '',
      ...(typeof p.commentCount === 'number' ? { k: p.commentCount } : {}),
    }));
    return { posts, next: posts.length > 0 && pc !== String(def.noMore) ? pc : '' };
  }

  /** The photoList call of the current load asked with this pcursor ('' the first), if the page made it. */
  const photoCall = (page: Page, pc: string) =>
    callsOf(page)
      .slice(loadedAt.get(page) ?? 0)
      .find((c) => c.kind === 'photoList' && String(c.body.pcursor) === pc);

  /** The pcursor of the drawer's next page of works ('' when it has none), from its last photoList answer. */
  async function drawerNext(page: Page): Promise<string> {
    const last = callsOf(page)
      .slice(loadedAt.get(page) ?? 0)
      .filter((c) => c.kind === 'photoList')
      .at(-1);
    return last ? (await photoPage(last)).next : '';
  }

  /** Loads the drawer's next page of works (its end brought into view); false when it has no more. */
  async function morePhotos(page: Page): Promise<boolean> {
    const next = await drawerNext(page);
    if (!next) {
      return false;
    }
    if (!photoCall(page, next)) {
      const mark = callsOf(page).length;
      const end = page.locator(S.drawerEnd);
      if (!(await end.isVisible())) {
        await page.locator(S.videoButton).click({ timeout: t.read });
      }
      await end.scrollIntoViewIfNeeded({ timeout: t.read });
      // The drawer may have asked already (its end was in view when it opened).
      const call =
        photoCall(page, next) ?? (await callAfter(page, mark, 'photoList', (b) => String(b.pcursor) === next, t.read));
      if (!call) {
        throw new HarvestError('failed', `kuaishou: the drawer did not load the works after pcursor ${next}`);
      }
    }
    return true;
  }

  /** Opens the comment page (unless it is open); its first photoList answer lists the newest posts. */
  async function open(page: Page, fresh = false): Promise<{ posts: PostRef[]; next: string } | undefined> {
    if (page.url().startsWith(pageUrl) && !fresh) {
      return undefined;
    }
    const from = callsOf(page).length;
    await page.goto(pageUrl, { timeout: t.navigation, waitUntil: 'domcontentloaded' });
    if (isLoginUrl(def, page.url())) {
      shown.delete(page);
      throw new HarvestError('logged_out', 'kuaishou: the comment page went to the login');
    }
    loadedAt.set(page, from);
    const photos = await callAfter(page, from, 'photoList', () => true, t.navigation);
    const listed = await photoPage(photos);
    // The page lists its newest post's comments at once.
    const first = await callAfter(
      page,
      from,
      'commentList',
      (b) => b.pcursor === '',
      listed.posts.length > 0 ? t.read : 0,
    );
    if (first) {
      shown.set(page, { photo: String(first.body.photoId), start: callsOf(page).indexOf(first) });
    }
    return listed;
  }

  /**
   * A new walk: the newest posts and the older page the rotation is at (`at`, a photoList pcursor; '' the
   * second page), loaded in the drawer page by page; then the next one, or back to the second.
   */
  async function newWalk(page: Page, request: ReadRequest, at: string, listed?: { posts: PostRef[]; next: string }) {
    // Open already: loaded again, so the page asks for the photo list as it does on load.
    const newest = listed ?? (await open(page, true)) ?? { posts: [], next: '' };
    const from = at || newest.next;
    for (let round = 0; from && round < def.limits.pages && !photoCall(page, from); round += 1) {
      if (!(await morePhotos(page))) {
        break;
      }
    }
    const call = from ? photoCall(page, from) : undefined;
    const older = call ? await photoPage(call) : { posts: [], next: '' };
    const posts = await postsToRead(request, newest.posts, older.posts);
    const walk: CommentCursor = { posts, i: 0, c: '', s: request.since, o: older.next };
    return walk;
  }

  /** The post's comment-list calls since its listing began (in order). */
  function listingCalls(page: Page, post: PostRef): PageCall[] {
    const now = shown.get(page);
    if (now?.photo !== post.id) {
      return [];
    }
    return callsOf(page)
      .slice(now.start)
      .filter((c) => c.kind === 'commentList' && String(c.body.photoId) === post.id);
  }

  /** Chooses a post through 选择视频 (its list starts again from the first page). */
  async function choose(page: Page, post: PostRef): Promise<void> {
    // An older post shows in the drawer once its page of works is loaded there.
    const item = page.locator(S.videoItem.replace('{id}', post.id));
    for (let round = 0; round < def.limits.pages && (await item.count()) === 0; round += 1) {
      if (!(await morePhotos(page))) {
        break;
      }
    }
    const from = callsOf(page).length;
    await page.locator(S.videoButton).click({ timeout: t.read });
    await page.locator(S.videoItem.replace('{id}', post.id)).click({ timeout: t.read });
    const call = await callAfter(
      page,
      from,
      'commentList',
      (b) => String(b.photoId) === post.id && b.pcursor === '',
      t.read,
    );
    if (!call) {
      throw new HarvestError('failed', `kuaishou: choosing post ${post.id} made no call`);
    }
    shown.set(page, { photo: post.id, start: callsOf(page).indexOf(call) });
  }

  /** Brings the list's end into view for one more page; false when the list has no more. */
  async function loadMore(page: Page, post: PostRef): Promise<boolean> {
    const last = listingCalls(page, post).at(-1);
    const body = last ? await answerOf(def, last, 'kuaishou comment list', t.read, false) : undefined;
    if (!body || String(body.data?.pcursor ?? def.noMore) === String(def.noMore)) {
      return false;
    }
    const mark = callsOf(page).length;
    // The page may have asked already (its end was in view); else scrolling there makes it ask.
    const asked = (b: Record<string, unknown>) =>
      String(b.photoId) === post.id && String(b.pcursor) === String(body.data?.pcursor);
    if (!listingCalls(page, post).some((c) => asked(c.body))) {
      await page.locator(S.listEnd).scrollIntoViewIfNeeded({ timeout: t.read });
      await callAfter(page, mark, 'commentList', asked, t.read);
    }
    return true;
  }

  /** A page of a post's comments: the one asked with `pc` ('' for its first, choosing the post). */
  async function commentsPage(page: Page, post: PostRef, pc: string): Promise<Envelope | undefined> {
    if (shown.get(page)?.photo !== post.id || (pc === '' && listingCalls(page, post).length === 0)) {
      await choose(page, post);
    }
    for (let round = 0; round < def.limits.pages; round += 1) {
      const call = listingCalls(page, post).find((c) => String(c.body.pcursor) === pc);
      if (call) {
        return answerOf(def, call, 'kuaishou comment list', t.read, false);
      }
      if (!(await loadMore(page, post))) {
        return undefined;
      }
    }
    return undefined;
  }

  /** A first-level comment's element, loading further pages until it shows. */
  async function commentElement(page: Page, post: PostRef, commentId: string) {
    if (shown.get(page)?.photo !== post.id) {
      await choose(page, post);
    }
    const el = page.locator(S.comment.replace('{id}', commentId));
    for (let round = 0; round < def.limits.pages && (await el.count()) === 0; round += 1) {
      if (!(await loadMore(page, post))) {
        break;
      }
      await el
        .first()
        .waitFor({ timeout: 2_000 })
        .catch(() => undefined);
    }
    if ((await el.count()) === 0) {
      throw new HarvestError('failed', `kuaishou: comment ${commentId} is not on the page`);
    }
    return el;
  }

  /** Shows a comment's replies (展开查看N条回复; again when already shown, to read them fresh). */
  async function expand(page: Page, el: ReturnType<Page['locator']>, commentId: string): Promise<KsComment[]> {
    const button = el.locator(S.expand).first();
    if ((await button.count()) === 0) {
      return [];
    }
    if ((await button.textContent())?.includes(def.collapseText)) {
      await button.click({ timeout: t.read });
    }
    const from = callsOf(page).length;
    await button.click({ timeout: t.read });
    const call = await callAfter(page, from, 'subCommentList', (b) => String(b.commentId) === commentId, t.read);
    const body = await answerOf(def, call, 'kuaishou sub comments', t.read, false);
    return (body.data?.list ?? []) as KsComment[];
  }

  const unavailable = () =>
    Promise.reject(new HarvestError('unavailable', 'kuaishou: no web private messages for creators (research §2)'));

  const harvester: Harvester = {
    platform: 'kuaishou',
    version: def.version,

    async readComments(page, request) {
      const listed = await open(page);
      const self = await selfId(page);
      const state =
        decodeCursor(request.cursor, isCommentCursor) ??
        (await newWalk(page, request, restingAt(request.cursor) ?? '', listed));
      const post = state.posts[state.i];
      if (!post) {
        return { items: [], cursor: restCursor(state.o ?? '') };
      }
      const since = sinceFor(post, state.s ?? request.since);
      const body = await commentsPage(page, post, state.c);
      const list = (body?.data?.list ?? []) as KsComment[];
      const items: HarvestItem[] = [];
      const threads: HarvestThread[] = [];
      const known = await knownThreads(
        request,
        list.filter((c) => (c.subCommentCount ?? 0) > 0).map((c) => String(c.commentId)),
      );
      for (const c of list) {
        const top = commentItem(c, post, self, '');
        if (top.created_at >= since) {
          items.push(top);
        }
        const count = c.subCommentCount ?? 0;
        if (count > 0 && known.get(String(c.commentId)) !== count) {
          threads.push({ root_id: String(c.commentId), replies: count });
          const el = page.locator(S.comment.replace('{id}', String(c.commentId)));
          const subs = await expand(page, el, String(c.commentId));
          items.push(...subs.map((s) => commentItem(s, post, self, String(c.commentId))));
        }
      }
      // A thread whose reply count (subCommentCount) changed since it was last read is expanded whatever the
      // age of its first comment, and all its replies are kept (one dated before `since` may not have been read):
      // past `since` the post's older pages are still walked (walk.ts) for new replies in old threads.
      const pcursor = String(body?.data?.pcursor ?? def.noMore);
      const after = pcursor !== String(def.noMore) && list.length > 0 ? pcursor : '';
      const next = nextInWalk(state, state.posts.length, after, { threadPages: def.limits.threadPages, first: '' });
      threads.push(...postCount(state, next, after, post));
      return { items, threads, cursor: encodeWalk(next, state.o ?? '') };
    },

    readMessages: unavailable,
    sendMessage: unavailable,
    confirmMessage: unavailable,

    async replyComment(page, target, text) {
      await open(page);
      const post = { id: target.post_id, title: target.post_title };
      const root = target.root_id || target.parent_id || target.item_id;
      const rootEl = await commentElement(page, post, root);
      let reply = rootEl.locator(S.commentReply).first();
      let box = rootEl.locator(S.commentBox).first();
      if (root !== target.item_id) {
        await expand(page, rootEl, root);
        const sub = rootEl.locator(S.subComment.replace('{id}', target.item_id));
        reply = sub.locator(S.subReply).first();
        box = sub.locator(S.subBox).first();
      }
      const startedAt = Math.floor(Date.now() / 1000);
      await reply.click({ timeout: t.read });
      await box.locator(S.boxInput).fill(text, { timeout: t.read });
      const from = callsOf(page).length;
      await box.locator(S.boxSend).click({ timeout: t.read });
      const call = await callAfter(page, from, 'add', (b) => b.content === text, t.read);
      if (!call) {
        throw new HarvestError('failed', 'kuaishou: 发送 made no call (nothing was sent)');
      }
      const a = await Promise.race([
        call.answer,
        new Promise<undefined>((r) => setTimeout(() => r(undefined), t.write)),
      ]);
      let result: WriteResult = { outcome: 'ambiguous' };
      if (a && a.status < 500) {
        const body = await answerOf(def, call, 'kuaishou reply', t.write, true);
        const id = body.data?.commentId ? String(body.data.commentId) : '';
        if (id) {
          result = {
            outcome: 'sent',
            item: {
              ...target,
              item_id: id,
              parent_id: target.item_id,
              root_id: root,
              author_id: await selfId(page),
              author_name: '',
              from_self: true,
              text,
              created_at: startedAt,
            },
          };
        }
      }
      if (result.outcome === 'sent') {
        return result;
      }
      // No answer in time, or a server error: the reply may be up; read the thread again, never resend.
      const found = await harvester.confirmReply(page, target, text, startedAt).catch(() => undefined);
      return found ? { outcome: 'sent', item: found } : { outcome: 'ambiguous' };
    },

    async confirmReply(page, target, text, after) {
      // Loaded again: the list the page showed before the write does not know the new reply.
      await open(page, true);
      const post = { id: target.post_id, title: target.post_title };
      const root = target.root_id || target.parent_id || target.item_id;
      const el = await commentElement(page, post, root);
      const self = await selfId(page);
      const subs = await expand(page, el, root);
      return subs
        .map((s) => commentItem(s, post, self, root))
        .find((c) => c.from_self && c.text === text && c.created_at >= after - CONFIRM_SKEW_S);
    },
  };
  return harvester;
}
