import { describe, expect, it } from 'vitest';
import { splitSentences, subtitleText } from './clip-text.ts';

describe('splitSentences', () => {
  it('splits at Chinese and Latin sentence ends and keeps the marks', () => {
    expect(splitSentences('今天天气很好。我们去公园吧！好不好？Yes. OK')).toEqual([
      '今天天气很好。',
      '我们去公园吧！',
      '好不好？',
      'Yes.',
      'OK',
    ]);
  });
  it('splits a long sentence at commas', () => {
    const long = '这款产品采用全新设计，续航时间长达三十个小时，支持快速充电，十分钟充电两小时使用。';
    const parts = splitSentences(long, 16);
    expect(parts.join('')).toBe(long);
    expect(parts.every((p) => p.length <= 16)).toBe(true);
  });
  it('drops empty pieces', () => {
    expect(splitSentences('  。。 ')).toEqual(['。。']);
    expect(splitSentences('')).toEqual([]);
  });
  it('subtitle text drops trailing pauses', () => {
    expect(subtitleText('你好，')).toBe('你好');
    expect(subtitleText('真的吗？')).toBe('真的吗？');
  });
});
