import { replyPatternRegExp } from '@vidmatrix/contract/rules/reply-pattern';
import { describe, expect, it } from 'vitest';
import { boundedPatternTest } from './pattern-test.ts';

describe('boundedPatternTest', () => {
  it('answers a pattern like RegExp.test does', () => {
    const test = boundedPatternTest(1_000);
    expect(test(replyPatternRegExp('(多少|几)钱') as RegExp, '这个多少钱')).toBe(true);
    expect(test(replyPatternRegExp('^价格') as RegExp, '问下价格')).toBe(false);
  });

  it('gives up on a pattern that backtracks past its bound and says which', () => {
    const slow: string[] = [];
    // Cubic backtracking on 2,000 characters: many seconds unbounded (no shape check refuses it).
    const test = boundedPatternTest(50, (p) => slow.push(p));
    expect(test(replyPatternRegExp('.*.*.*x') as RegExp, 'a'.repeat(2_000))).toBe(false);
    expect(slow).toEqual(['.*.*.*x']);
  });
});
