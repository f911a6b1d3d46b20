/**
 * The walk of a pass over the comment pages of an account's posts, shared by the harvesters that
 * page a post's first-level comments by cursor (Douyin `cursor`, Kuaishou `pcursor`, Xiaohongshu
 * `cursor`, Channels `lastBuff`; research/leads.md): first every post's newest page, so new comments and
 * the newest threads show soon; then each post's older pages from where its first page ended, up to
 * `threadPages` pages a post, for new replies under older comments. The state rides in the harvest
 * cursor, so the walk goes on across passes.
 *
 * The posts of a walk are the post list's newest page and one older page, taken in turn (the rotation):
 * an old video keeps getting comments, so every post is read within as many walks as the list has
 * pages. Where the list shows each post's comment count, a post whose count has not moved since it was
 * last read is left out (the count is kept in the thread memory under `postKey`). A finished walk leaves
 * a resting cursor that holds the rotation, so the next walk goes on with the next older page.
 */
import { HARVEST_CURSOR_MAX, HARVEST_ID_MAX, type HarvestThread } from '@vidmatrix/contract/api/harvest';
import { encodeCursor, knownThreads } from './in-page.ts';
import type { ReadRequest } from './types.ts';

export interface PostWalk {
  /** The post being read (its index in the pass's list). */
  i: number;
  /** The post's page cursor the next read asks with (the platform's first-page value for round 0). */
  c: string;
  /** The post's first-level pages read so far (round 1). */
  n?: number;
  /** The walk's round: 0 every post's newest page, 1 their older pages. */
  r?: 0 | 1;
  /** Per post (in order), the cursor of its second page as its first page gave it ('' when it has none). */
  d?: string[];
  /** The rotation: the post list's cursor of the older page the next walk reads ('' its second page). */
  o?: string;
}

/** A post as the list shows it: its id and, where the platform tells it, its comment count. */
export interface ListedPost {
  id: string;
  /** Comments under the post (first-level and replies) as the list counts them; absent where not shown. */
  k?: number;
  /**
   * 1 for a post of the older page: read whatever its comments' dates (the server drops what it has). The
   * pass's `since` is the account's newest stored item, from posts read every walk; what this post got
   * since the rotation last came round is mostly older than that, and would never be read.
   */
  a?: 1;
}

const REST = 'rest.';

/** The cursor of a finished walk: the pass is over, and the next walk reads the older page at `o`. */
export function restCursor(o: string): string {
  return REST + encodeCursor({ o });
}

/** Whether a cursor is a finished walk's (the runner ends the pass there, and stores it for the next). */
export function isResting(cursor: string): boolean {
  return cursor.startsWith(REST);
}

/** The rotation a resting cursor holds; undefined for any other cursor ('' or a walk's). */
export function restingAt(cursor: string): string | undefined {
  if (!isResting(cursor)) {
    return undefined;
  }
  try {
    const v = JSON.parse(Buffer.from(cursor.slice(REST.length), 'base64url').toString('utf8')) as { o?: unknown };
    return typeof v.o === 'string' ? v.o : '';
  } catch {
    return '';
  }
}

/** The key a post's comment count is kept under in the thread memory (beside threads' first comment ids). */
export function postKey(id: string): string {
  return `post:${id}`;
}

/**
 * The posts of a new walk: the newest page, then the older page, each post once; of those whose count the
 * list shows, only the ones whose count moved since last read (or never read, and not empty).
 */
export async function postsToRead<P extends ListedPost>(request: ReadRequest, newest: P[], older: P[]): Promise<P[]> {
  const seen = new Set<string>();
  const posts = [...newest, ...older.map((p) => ({ ...p, a: 1 as const }))].filter(
    (p) => !seen.has(p.id) && seen.add(p.id),
  );
  const counted = posts.filter((p) => p.k !== undefined && postKey(p.id).length <= HARVEST_ID_MAX);
  const known = await knownThreads(
    request,
    counted.map((p) => postKey(p.id)),
  );
  return posts.filter((p) => {
    if (p.k === undefined || postKey(p.id).length > HARVEST_ID_MAX) {
      return true;
    }
    const last = known.get(postKey(p.id));
    return last === undefined ? p.k > 0 : last !== p.k;
  });
}

/** The `since` a post's comments are kept from: none for a post of the older page (`a`). */
export function sinceFor(post: ListedPost, since: number): number {
  return post.a === 1 ? 0 : since;
}

/**
 * The post's listed count to keep once its walk ends (`next`: the walk after this page of it, `after` its
 * next page cursor): a walk stopped half-way through a post reads it again. None where the list shows no count.
 */
export function postCount(state: PostWalk, next: PostWalk | null, after: string, post: ListedPost): HarvestThread[] {
  const ended = state.r !== 1 ? after === '' : next?.i !== state.i;
  return ended && post.k !== undefined && postKey(post.id).length <= HARVEST_ID_MAX
    ? [{ root_id: postKey(post.id), replies: post.k }]
    : [];
}

/**
 * The walk after one page of post `state.i` (`after`: that post's next page cursor, '' when it has none or
 * its older pages need no reading), or null when the walk is done.
 */
export function nextInWalk<W extends PostWalk>(
  state: W,
  posts: number,
  after: string,
  limits: { threadPages: number; first: string },
): W | null {
  const d = state.r === 1 ? (state.d ?? []) : [...(state.d ?? []), after];
  const deeper = (from: number): W | null => {
    const i = d.findIndex((c, k) => k >= from && c !== '');
    return i < 0 ? null : { ...state, r: 1, d, i, c: d[i] ?? '', n: 1 };
  };
  if (state.r !== 1) {
    return state.i + 1 < posts ? { ...state, d, i: state.i + 1, c: limits.first } : deeper(0);
  }
  const read = (state.n ?? 1) + 1;
  return after && read < limits.threadPages ? { ...state, c: after, n: read } : deeper(state.i + 1);
}

/**
 * The walk as a harvest cursor within HARVEST_CURSOR_MAX (when done: the resting cursor of `rotation`, or
 * '' for a walk without one): twenty posts' titles (a Channels description runs to a thousand characters)
 * and their page cursors can pass it, so titles are dropped first (later pages' items then carry none),
 * and a walk that still does not fit ends here rather than have the page refused (its rotation kept).
 */
export function encodeWalk<W extends PostWalk & { posts: { title: string }[] }>(
  next: W | null,
  rotation?: string,
): string {
  const done = rotation === undefined ? '' : restCursor(rotation);
  if (!next) {
    return done;
  }
  const full = encodeCursor(next);
  if (full.length <= HARVEST_CURSOR_MAX) {
    return full;
  }
  const bare = encodeCursor({ ...next, posts: next.posts.map((p) => ({ ...p, title: '' })) });
  return bare.length <= HARVEST_CURSOR_MAX ? bare : done;
}
