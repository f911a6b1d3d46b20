import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache.ts';

function cache(maxEntries = 10) {
  const clock = { now: 1_000 };
  return { clock, cache: new TtlCache<string, number>({ ttlMs: 100, maxEntries, now: () => clock.now }) };
}

describe('TtlCache', () => {
  it('serves an entry until its time is up', () => {
    const { clock, cache: c } = cache();
    c.set('a', 1, c.generation);
    clock.now += 99;
    expect(c.get('a')).toBe(1);
    clock.now += 1;
    expect(c.get('a')).toBeUndefined();
  });

  it('refuses a value loaded before a drop', () => {
    const { cache: c } = cache();
    const generation = c.generation;
    c.delete('a');
    c.set('a', 1, generation);
    expect(c.get('a')).toBeUndefined();
  });

  it('drops by value and keeps the rest', () => {
    const { cache: c } = cache();
    c.set('a', 1, c.generation);
    c.set('b', 2, c.generation);
    c.deleteWhere((value) => value === 1);
    expect([c.get('a'), c.get('b')]).toEqual([undefined, 2]);
  });

  it('drops the oldest entry past its size', () => {
    const { cache: c } = cache(2);
    c.set('a', 1, c.generation);
    c.set('b', 2, c.generation);
    c.set('c', 3, c.generation);
    expect([c.get('a'), c.get('b'), c.get('c')]).toEqual([undefined, 2, 3]);
  });
});
