import { describe, expect, it, vi } from 'vitest';
import {
  REPLY_PATTERN_MAX_LENGTH,
  REPLY_PATTERN_PATHS_MAX,
  REPLY_PATTERN_TEXT_MAX,
  replyPatternPaths,
  replyPatternProblem,
} from './reply-pattern.ts';
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
      '^(请问一下)?(这个|那个|这款)?(多少|几)钱[?？]*$',
      '(哪里|在哪)(买|下单)|下单.{0,4}链接',
      '.*(多少|几)钱',
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

describe('replyPatternPaths', () => {
  const L = REPLY_PATTERN_TEXT_MAX;
  it('counts every choice of every repeat and alternative, times the start positions', () => {
    expect(replyPatternPaths('多少钱')).toBe(L);
    expect(replyPatternPaths('(多少|几)钱')).toBe(2 * L);
    expect(replyPatternPaths('\\d{11}')).toBe(L);
    expect(replyPatternPaths('\\d{3,5}')).toBe(3 * L);
    expect(replyPatternPaths('a.*b')).toBe(L * L);
    expect(replyPatternPaths('a.*?b')).toBe(L * L);
    expect(replyPatternPaths('.*钱.*链接')).toBe(L * L * L);
    expect(replyPatternPaths('(在吗)?(多少|几)钱')).toBe(2 * 2 * L);
    // Alternatives add (bounded by the sum of coefficients at the highest degree); a leading ^ tries one
    // start position only.
    expect(replyPatternPaths('a|.*b')).toBe(L * 2 * L);
    expect(replyPatternPaths('^价格.*')).toBe(L);
    expect(replyPatternPaths('^a|b')).toBe(2 * L);
    // Classes and escapes are one character; a group repeated a bounded number of times multiplies.
    expect(replyPatternPaths('[(|)]\\(')).toBe(L);
    expect(replyPatternPaths('(a|b){2}')).toBe(4 * L);
    // An open repeat of something with choices has no bound.
    expect(replyPatternPaths('(a?a?)+')).toBe(Infinity);
  });

  it('refuses what would run long on a long text, whatever its shape', () => {
    for (const p of ['.*.*x', '.*钱.*', '\\d+\\s*元', 'a?'.repeat(25), '.{0,60}.{0,60}x', '(a?a?)+', '^a|.*b.*c']) {
      expect(replyPatternPaths(p), p).toBeGreaterThan(REPLY_PATTERN_PATHS_MAX);
      expect(replyPatternProblem(p), p).toBe('slow');
    }
  });
});

describe('regex keywords', () => {
  it('decide with no time bound, so load cannot turn a match into none', () => {
    // By construction: no clock is read while matching. Every clock here jumps an hour per read.
    const hour = 3_600_000;
    let t = 0;
    const tick = () => (t += hour);
    const spies = [
      vi.spyOn(Date, 'now').mockImplementation(tick),
      vi.spyOn(performance, 'now').mockImplementation(tick),
    ];
    try {
      expect(keywordMatches('regex', '.*(多少|几)钱', `${'好'.repeat(400)}多少钱`)).toBe(true);
    } finally {
      spies.forEach((s) => s.mockRestore());
    }
    expect(t).toBe(0);
  });

  it('never run a catastrophic pattern saved under older checks: it matches nothing, at once', () => {
    // Unbounded, (a+)+$ on these 41 characters takes 2^40 steps: the test would never end.
    expect(keywordMatches('regex', '(a+)+$', `${'a'.repeat(40)}!`)).toBe(false);
    expect(keywordMatches('regex', '.*.*.*x', 'a'.repeat(REPLY_PATTERN_TEXT_MAX))).toBe(false);
  });

  it('read the first REPLY_PATTERN_TEXT_MAX characters of a long text', () => {
    expect(keywordMatches('regex', '多少钱', `${'好'.repeat(REPLY_PATTERN_TEXT_MAX - 3)}多少钱`)).toBe(true);
    expect(keywordMatches('regex', '多少钱', `${'好'.repeat(REPLY_PATTERN_TEXT_MAX)}多少钱`)).toBe(false);
  });

  it('match the folded text (width, case, spaces) and never throw on a bad pattern', () => {
    expect(keywordMatches('regex', '(多少|几)钱', '这个多 少 钱？')).toBe(true);
    expect(keywordMatches('regex', '^vx', 'ＶＸ多少')).toBe(true);
    expect(keywordMatches('regex', '^价格', '问下价格')).toBe(false);
    expect(keywordMatches('regex', '(多少', '多少')).toBe(false);
  });

  it('pick a rule', () => {
    const rule: MatchableRule = { id: 1, kind: 'keyword', match: 'regex', keywords: ['怎么(买|卖)$'], enabled: true };
    expect(pickReplyRule([rule], '这个怎么买', false)?.id).toBe(1);
    expect(pickReplyRule([rule], '这个怎么买呢', false)).toBeUndefined();
  });
});
