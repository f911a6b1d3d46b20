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
    for (const p of [
      '(a+)+',
      '(a+)+$',
      '(a*)*b',
      '(a|ab)*',
      '(a|a)*b',
      '(\\d+)*x',
      '((ab)+c)+',
      '(\\d+\\s?)+$',
      '([a-z]+){2,}',
      '(?:x+y)+',
    ]) {
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
    expect(replyPatternPaths('\\d{3,5}元')).toBe(3 * L);
    expect(replyPatternPaths('a.*b')).toBe(L * L);
    expect(replyPatternPaths('a.*?b')).toBe(L * L);
    expect(replyPatternPaths('.*钱.*链接')).toBe(L * L * L);
    expect(replyPatternPaths('(在吗)?(多少|几)钱')).toBe(2 * 2 * L);
    // Alternatives add (bounded by the sum of coefficients at the highest degree); a leading ^ tries one
    // start position only.
    expect(replyPatternPaths('a|.*b')).toBe(L * 2 * L);
    expect(replyPatternPaths('^价格.*')).toBe(1);
    expect(replyPatternPaths('^a|b')).toBe(2 * L);
    // Classes and escapes are one character; a group repeated a bounded number of times multiplies.
    expect(replyPatternPaths('[(|)]\\(')).toBe(L);
    expect(replyPatternPaths('(a|b){2}')).toBe(4 * L);
    // An open repeat of something with choices has no bound.
    expect(replyPatternPaths('(a?a?)+')).toBe(Infinity);
  });

  it('adds adjacent repeats of disjoint characters, and counts a repeat that ends the pattern once', () => {
    // A digit \\d+ gives back cannot be taken by \\s*: the run ends at one of 2L places, not L².
    expect(replyPatternPaths('\\d+\\s*元')).toBe(L * 2 * L);
    expect(replyPatternPaths('[0-9]+[,，]?[0-9]*元')).toBe(L * 2 * L * L);
    expect(replyPatternPaths('[0-9]+[a-z]*元')).toBe(L * 2 * L);
    // Reaching the trailing .* is a match: it never gives back.
    expect(replyPatternPaths('.*钱.*')).toBe(L * L);
    expect(replyPatternPaths('钱.*|价格.+')).toBe(2 * L);
    // Still multiplied: overlapping sets (case-insensitive letters, \\w and \\d, . and anything), a
    // repeat inside a group, one that a $ follows, a character given by its code.
    expect(replyPatternPaths('[a-z]+[A-Z]+x')).toBe(L * L * L);
    expect(replyPatternPaths('\\w+\\d+x')).toBe(L * L * L);
    expect(replyPatternPaths('\\d*\\s*\\d*x')).toBe(L * 2 * L * L);
    expect(replyPatternPaths('(?:\\d+)\\s*x')).toBe(L * L * L);
    expect(replyPatternPaths('a.*$')).toBe(L * L);
    expect(replyPatternPaths('\\u0020+\\s*x')).toBe(L * L * L);
  });

  it('accepts a few dozen patterns members write', () => {
    for (const p of [
      '多少钱|价格',
      '加.{0,3}微信',
      '\\d+\\s*元',
      '.*钱.*',
      '(多少|几)钱',
      '怎么(买|卖|下单)',
      '链接|链结|连接',
      '[微薇威]信|vx|v信|wx',
      '加.{0,2}(v|V|微|薇)',
      '\\d{11}',
      '1[3-9]\\d{9}',
      '(手机|电话)号?\\s*\\d+',
      '\\d+(元|块)',
      '\\d+\\s*[元块]',
      '价格.*',
      '^在吗',
      '有货吗[?？]?$',
      '还有(货|库存)吗',
      '(怎么|如何)(联系|购买)',
      '私信.{0,5}我',
      '求(链接|购买方式)',
      '包邮吗',
      '能便宜.{0,2}吗',
      '(优惠|折扣|打折)',
      '团购|拼单',
      '[0-9]+[,，]?元',
      '.*(多少|几)钱',
      '哪里(能|可以)?买',
      '发货(时间|多久)',
      '(退|换)货',
      'qq\\s*\\d{5,}',
      '代理|加盟|招商',
      '.{0,10}报价',
      '看看.{0,3}(效果|实拍)',
    ]) {
      expect(replyPatternProblem(p), p).toBeNull();
    }
  });

  it('refuses what would run long on a long text, whatever its shape', () => {
    for (const p of [
      '.*.*x',
      '.*.*.*x',
      '.*钱.*链接',
      '\\d*\\s*\\d*x',
      '[a-z]+[A-Z]+x',
      'a?'.repeat(25),
      '.{0,60}.{0,60}x',
      '(a?a?)+',
      '^a|.*b.*c',
    ]) {
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
