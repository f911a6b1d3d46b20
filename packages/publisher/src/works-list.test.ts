import { describe, expect, it } from 'vitest';
import { parseListedDuration, parseListedTime } from './works-list.ts';

describe('works-list readings', () => {
  it('reads a listed duration as m:ss, h:mm:ss or seconds, and nothing else', () => {
    expect(parseListedDuration('1:15')).toBe(75);
    expect(parseListedDuration(' 01:02:03 ')).toBe(3723);
    expect(parseListedDuration('时长 0:09')).toBe(9);
    expect(parseListedDuration('12.5')).toBe(12.5);
    expect(parseListedDuration('')).toBeUndefined();
    expect(parseListedDuration('审核中')).toBeUndefined();
  });

  it('reads a listed creation time: ISO, epoch seconds or ms, or Beijing time as the creator centres print it', () => {
    const at = Date.UTC(2026, 10, 27, 2, 5);
    expect(parseListedTime('2026-11-27T02:05:00.000Z')).toBe(at);
    expect(parseListedTime(String(at / 1000))).toBe(at);
    expect(parseListedTime(String(at))).toBe(at);
    expect(parseListedTime('2026-11-27 10:05')).toBe(at);
    expect(parseListedTime('发布于 2026年11月27日 10:05')).toBe(at);
    expect(parseListedTime('2026/11/27 10:05:30')).toBe(at + 30_000);
    expect(parseListedTime('昨天')).toBeUndefined();
  });
});
