import { describe, expect, it } from 'vitest';
import { REPLY_PATTERN_MAX_LENGTH, replyPatternProblem } from './reply-pattern.ts';
import { keywordMatches, pickReplyRule, type MatchableRule } from './reply-rules.ts';

describe('replyPatternProblem', () => {
  it('accepts the patterns members write', () => {
    for (const p of [
      '(多少|几)钱',
      '^价格',
      '怎么(买|卖)$',
      '\\d{3,}',
      '[微薇]信',
      'a.*b',
      '(?:在吗)?多少钱',
      '(\\d+)元',
    ]) {
      expect(replyPatternProblem(p), p).toBeNull();
    }
  });

  it('refuses what does not compile, nested or branching repeats, backreferences and long patterns', () => {
    expect(replyPatternProblem('(多少')).toBe('invalid');
    expect(replyPatternProblem('[a-')).toBe('invalid');
    for (const p of ['(a+)+', '(a*)*b', '(a|ab)*', '((ab)+c)+', '(\\d+\\s?)+$', '([a-z]+){2,}', '(?:x+y)+']) {
      expect(replyPatternProblem(p), p).toBe('nested');
    }
    expect(replyPatternProblem('(a)\\1')).toBe('backref');
    expect(replyPatternProblem('(?<w>a)\\k<w>')).toBe('backref');
    expect(replyPatternProblem('a'.repeat(REPLY_PATTERN_MAX_LENGTH + 1))).toBe('too_long');
    // Inside a class the characters are literal: no group repeats there.
    expect(replyPatternProblem('[(a+)]+')).toBeNull();
    // A group repeated once at most is no loop.
    expect(replyPatternProblem('(a+)?b')).toBeNull();
  });
});

describe('regex keywords', () => {
  it('match the folded text (width, case, spaces) and never throw on a bad pattern', () => {
    expect(keywordMatches('regex', '(多少|几)钱', '这个多 少 钱？')).toBe(true);
    expect(keywordMatches('regex', '^vx', 'ＶＸ多少')).toBe(true);
    expect(keywordMatches('regex', '^价格', '问下价格')).toBe(false);
    expect(keywordMatches('regex', '(多少', '多少')).toBe(false);
  });

  it('pick a rule through the runner given', () => {
    const rule: MatchableRule = { id: 1, kind: 'keyword', match: 'regex', keywords: ['怎么(买|卖)$'], enabled: true };
    expect(pickReplyRule([rule], '这个怎么买', false)?.id).toBe(1);
    expect(pickReplyRule([rule], '这个怎么买', false, () => false)).toBeUndefined();
  });
});
