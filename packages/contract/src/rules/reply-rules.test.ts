import { describe, expect, it } from 'vitest';
import { autoReplyHold, keywordMatches, pickReplyRule, replyContentHold, type MatchableRule } from './reply-rules.ts';

const rule = (over: Partial<MatchableRule>): MatchableRule => ({
  id: 1,
  kind: 'keyword',
  match: 'contains',
  keywords: [],
  enabled: true,
  ...over,
});

describe('reply rules', () => {
  it('match contains across spaces and full width, exact apart from trailing punctuation', () => {
    expect(keywordMatches('contains', '多少钱', '这个多 少 钱？')).toBe(true);
    expect(keywordMatches('contains', 'vx', '有ＶＸ吗')).toBe(true);
    expect(keywordMatches('exact', '在吗', '在吗？！')).toBe(true);
    expect(keywordMatches('exact', '在吗', '在吗 我想问')).toBe(false);
    expect(keywordMatches('contains', '  ', '任何话')).toBe(false);
    expect(keywordMatches('starts_with', '请问', '请问 多少钱')).toBe(true);
    expect(keywordMatches('starts_with', '请问', '我想请问')).toBe(false);
    expect(keywordMatches('ends_with', '怎么买', '这个怎么买？')).toBe(true);
    expect(keywordMatches('ends_with', '怎么买', '怎么买呀')).toBe(false);
  });

  it('prefer a keyword rule; an AI rule without keywords answers only buying intent', () => {
    const ai = rule({ id: 2, kind: 'ai' });
    const kw = rule({ id: 3, keywords: ['多少钱'] });
    expect(pickReplyRule([ai, kw], '多少钱', true)?.id).toBe(3);
    expect(pickReplyRule([ai, kw], '怎么报名', true)?.id).toBe(2);
    expect(pickReplyRule([ai, kw], '好看', false)).toBeUndefined();
    expect(pickReplyRule([{ ...kw, enabled: false }], '多少钱', true)).toBeUndefined();
  });

  it('hold a reply with a sensitive word or a contact, then over the caps', () => {
    expect(replyContentHold('支持支付宝')).toEqual({ kind: 'sensitive', word: '支付宝' });
    expect(replyContentHold('加我薇 1 3 8 1 2 3 4 5 6 7 8')).not.toBeNull();
    expect(replyContentHold('欢迎到店体验')).toBeNull();
    const base = {
      reply: '欢迎',
      source: 'message' as const,
      accountRepliesLastHour: 0,
      hourlyCap: 3,
      sentSinceCustomer: 0,
    };
    expect(autoReplyHold(base)).toBeNull();
    expect(autoReplyHold({ ...base, accountRepliesLastHour: 3 })).toEqual({ kind: 'hourly_cap', cap: 3 });
    expect(autoReplyHold({ ...base, sentSinceCustomer: 1 })).toEqual({ kind: 'before_answer', max: 1 });
    expect(autoReplyHold({ ...base, source: 'comment', sentSinceCustomer: 1 })).toBeNull();
  });
});
