/**
 * The walk of a pass over the comment pages of an account's recent posts, shared by the harvesters that
 * page a post's first-level comments by cursor (Douyin `cursor`, Kuaishou `pcursor`, Xiaohongshu
 * `cursor`, Channels `lastBuff`; research/leads.md): first every post's newest page, so new comments and
 * the newest threads show soon; then each post's older pages from where its first page ended, up to
 * `threadPages` pages a post, for new replies under older comments. The state rides in the harvest
 * cursor, so the walk goes on across passes.
 */
import { HARVEST_CURSOR_MAX } from '@vidmatrix/contract/api/harvest';
import { encodeCursor } from './in-page.ts';

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
 * The walk as a harvest cursor within HARVEST_CURSOR_MAX ('' when done): ten posts' titles (a Channels
 * description runs to a thousand characters) and their page cursors can pass it, so titles are dropped
 * first (later pages' items then carry none), and a walk that still does not fit ends here rather than
 * have the page refused.
 */
export function encodeWalk<W extends PostWalk & { posts: { title: string }[] }>(next: W | null): string {
  if (!next) {
    return '';
  }
  const full = encodeCursor(next);
  if (full.length <= HARVEST_CURSOR_MAX) {
    return full;
  }
  const bare = encodeCursor({ ...next, posts: next.posts.map((p) => ({ ...p, title: '' })) });
  return bare.length <= HARVEST_CURSOR_MAX ? bare : '';
}
