import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arrange, choose, COUNT_CAP, product } from './clip-count.ts';

describe('clip combination counts', () => {
  it('counts small cases exactly', () => {
    expect(choose(40, 5)).toBe(658_008);
    expect(choose(5, 0)).toBe(1);
    expect(choose(3, 4)).toBe(0);
    expect(arrange(5, 3)).toBe(60);
    expect(product([3, 4, 2])).toBe(24);
    expect(product([3, 0])).toBe(0);
  });
  it('saturates instead of overflowing', () => {
    expect(choose(1000, 500)).toBe(COUNT_CAP);
    expect(arrange(200, 30)).toBe(COUNT_CAP);
  });
  it('C(m,k) = C(m,k-1)·(m-k+1)/k while exact', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 40 }), (m, k) => {
        fc.pre(k <= m);
        expect(choose(m, k)).toBe(Math.round((choose(m, k - 1) * (m - k + 1)) / k));
      }),
    );
  });
});
