import { HARVEST_CURSOR_MAX, HARVEST_ID_MAX, HARVEST_TITLE_MAX } from '@vidmatrix/contract/api/harvest';
import { describe, expect, it } from 'vitest';
import { decodeCursor } from './in-page.ts';
import type { ReadRequest } from './types.ts';
import {
  encodeWalk,
  isResting,
  nextInWalk,
  postCount,
  postKey,
  postsToRead,
  type PostWalk,
  restingAt,
  sinceFor,
} from './walk.ts';

interface Walk extends PostWalk {
  posts: { id: string; title: string }[];
}
const isWalk = (v: unknown): v is Walk => Array.isArray((v as Walk | null)?.posts);
const limits = { threadPages: 25, first: '' };

describe('the comment walk', () => {
  it('reads every post’s newest page, then each post’s older pages up to threadPages', () => {
    const order: string[] = [];
    // Post 0 has pages without end, post 1 one page, post 2 three.
    const after = (i: number, n: number) => (i === 0 ? `p0-${n + 1}` : i === 2 && n < 3 ? `p2-${n + 1}` : '');
    let state: Walk | null = { posts: [0, 1, 2].map((i) => ({ id: `${i}`, title: '' })), i: 0, c: '' };
    while (state) {
      const page: number = state.r === 1 ? (state.n ?? 1) + 1 : 1;
      order.push(`${state.i}:${page}`);
      state = nextInWalk<Walk>(state, 3, after(state.i, page), limits);
    }
    expect(order.slice(0, 4)).toEqual(['0:1', '1:1', '2:1', '0:2']);
    expect(order.filter((o) => o.startsWith('0:'))).toHaveLength(25);
    expect(order.slice(-2)).toEqual(['2:2', '2:3']);
  });

  it('keeps its cursor within the limit: titles go first, and a walk that still does not fit ends', () => {
    const long = '长'.repeat(HARVEST_TITLE_MAX);
    const walk: Walk = {
      posts: Array.from({ length: 10 }, (_, i) => ({ id: `${i}`.padEnd(60, 'x'), title: long })),
      i: 3,
      c: 'b'.repeat(100),
      r: 1,
      n: 2,
      d: Array.from({ length: 10 }, () => 'b'.repeat(100)),
    };
    const cursor = encodeWalk(walk);
    expect(cursor.length).toBeGreaterThan(0);
    expect(cursor.length).toBeLessThanOrEqual(HARVEST_CURSOR_MAX);
    const back = decodeCursor(cursor, isWalk);
    expect(back).toMatchObject({ i: 3, c: walk.c, d: walk.d });
    expect(back?.posts.map((p) => p.title)).toEqual(Array(10).fill(''));
    // Short titles stay.
    const short = { ...walk, posts: walk.posts.map((p) => ({ ...p, title: '新品' })) };
    expect(decodeCursor(encodeWalk(short), isWalk)?.posts[0]?.title).toBe('新品');
    // Ids at their longest with long page cursors: the walk ends rather than be refused.
    const huge = {
      ...walk,
      posts: walk.posts.map((p) => ({ ...p, id: 'x'.repeat(HARVEST_ID_MAX) })),
      d: Array(10).fill('b'.repeat(400)),
    };
    expect(encodeWalk(huge)).toBe('');
    // With a rotation, the walk that does not fit (or is done) rests there, its place through older posts kept.
    expect(restingAt(encodeWalk(huge, 'page3'))).toBe('page3');
    expect(restingAt(encodeWalk(null, 'page3'))).toBe('page3');
    expect(isResting(encodeWalk(walk, 'page3'))).toBe(false);
    expect(restingAt(encodeWalk(walk, 'page3'))).toBeUndefined();
    expect(restingAt('')).toBeUndefined();
  });

  it('leaves out posts whose comment count has not moved since last read, and empty posts never read', async () => {
    const kept = new Map([
      [postKey('a'), 3],
      [postKey('b'), 5],
    ]);
    const request: ReadRequest = {
      cursor: '',
      since: 0,
      threads: (ids) => Promise.resolve(new Map(ids.flatMap((id) => (kept.has(id) ? [[id, kept.get(id) ?? 0]] : [])))),
    };
    const posts = await postsToRead(
      request,
      [
        { id: 'a', k: 3 },
        { id: 'b', k: 6 },
        { id: 'c', k: 0 },
        { id: 'd', k: 2 },
      ],
      [{ id: 'a', k: 3 }, { id: 'e' }],
    );
    expect(posts.map((p) => p.id)).toEqual(['b', 'd', 'e']);
    // A post of the older page is read whatever its comments' dates: the pass's since is the newest
    // item of posts read every walk, and it was last read a rotation ago.
    expect(posts.map((p) => sinceFor(p, 500))).toEqual([500, 500, 0]);
    // The count is kept once the post's walk ends: its only page read, or its last older page.
    const kept6 = [{ root_id: postKey('b'), replies: 6 }];
    expect(postCount({ i: 0, c: '', r: 0 }, { i: 1, c: '' }, '', { id: 'b', k: 6 })).toEqual(kept6);
    expect(postCount({ i: 0, c: '', r: 0 }, { i: 1, c: '' }, 'p2', { id: 'b', k: 6 })).toEqual([]);
    expect(postCount({ i: 0, c: 'p2', r: 1 }, { i: 0, c: 'p3', r: 1 }, 'p3', { id: 'b', k: 6 })).toEqual([]);
    expect(postCount({ i: 0, c: 'p3', r: 1 }, null, '', { id: 'b', k: 6 })).toEqual(kept6);
    expect(postCount({ i: 0, c: '' }, null, '', { id: 'e' })).toEqual([]);
  });
});
