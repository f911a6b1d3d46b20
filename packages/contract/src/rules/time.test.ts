import { describe, expect, it } from 'vitest';
import { datePart, formatServerTime, isExpired, parseServerTime } from './time.ts';

describe('server time', () => {
  it('reads times as UTC+8', () => {
    expect(parseServerTime('2026-01-01 08:00:00')).toBe(Date.UTC(2026, 0, 1, 0, 0, 0));
  });
  it('round-trips', () => {
    const t = Date.UTC(2026, 10, 21, 15, 4, 5);
    expect(parseServerTime(formatServerTime(t))).toBe(t);
    expect(formatServerTime(Date.UTC(2026, 10, 21, 16, 0, 0))).toBe('2026-11-22 00:00:00');
  });
  it('refuses malformed or empty text', () => {
    expect(parseServerTime('')).toBeNull();
    expect(parseServerTime(null)).toBeNull();
    expect(parseServerTime('tomorrow')).toBeNull();
  });
  it('datePart keeps the date only', () => {
    expect(datePart('2026-12-31 23:59:59')).toBe('2026-12-31');
    expect(datePart(null)).toBe('');
  });
});

describe('isExpired', () => {
  const now = Date.UTC(2026, 10, 21, 0, 0, 0);
  it('is expired when the expiry time is before now', () => {
    expect(isExpired('2026-11-20 23:59:59', now + 8 * 3600_000)).toBe(true);
  });
  it('is not expired at or after now', () => {
    expect(isExpired(formatServerTime(now), now)).toBe(false);
    expect(isExpired('2027-01-01 00:00:00', now)).toBe(false);
  });
  it('no expiry never expires', () => {
    expect(isExpired('', now)).toBe(false);
    expect(isExpired(undefined, now)).toBe(false);
  });
});
