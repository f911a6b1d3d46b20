import { replyPatternRegExp } from '@vidmatrix/contract/rules/reply-pattern';
import { describe, expect, it } from 'vitest';
import { boundedPatternTest } from './pattern-test.ts';

// What the bound decides, never how fast: the cost of the bound is bench/lead-rules.bench.mjs's figure.
describe('boundedPatternTest', () => {
  it('answers a pattern like RegExp.test does', () => {
    // A bound no load reaches: these runs take microseconds.
    const test = boundedPatternTest(60_000);
    expect(test(replyPatternRegExp('(多少|几)钱') as RegExp, '这个多少钱')).toBe(true);
    expect(test(replyPatternRegExp('^价格') as RegExp, '问下价格')).toBe(false);
  });

  it('gives up on a pattern that would backtrack for ages, counts it as no match and says which', () => {
    const slow: string[] = [];
    // Exponential backtracking on 40 characters (2^40 paths, hours unbounded): past any bound on any machine.
    const test = boundedPatternTest(50, (p) => slow.push(p));
    expect(test(replyPatternRegExp('(a+)+$') as RegExp, `${'a'.repeat(40)}!`)).toBe(false);
    expect(slow).toEqual(['(a+)+$']);
    // The context is clean after a stop: the next run answers normally.
    expect(test(replyPatternRegExp('钱') as RegExp, '多少钱')).toBe(true);
  });
});
