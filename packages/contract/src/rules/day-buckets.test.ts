import { describe, expect, it } from 'vitest';
import { dayLabel, dayNumber, dayStart, lastDays, seriesOf } from './day-buckets.ts';

describe('day buckets (UTC+8)', () => {
  it('puts 23:30 UTC into the next Chinese day', () => {
    const lateUtc = Date.UTC(2026, 10, 23, 23, 30);
    expect(dayLabel(dayNumber(lateUtc))).toBe('2026-11-24');
    expect(dayLabel(dayNumber(Date.UTC(2026, 10, 23, 15, 59)))).toBe('2026-11-23');
    expect(dayStart(dayNumber(lateUtc))).toBe(Date.UTC(2026, 10, 23, 16, 0));
  });

  it('lists the last days oldest first and fills gaps with 0', () => {
    const days = lastDays(Date.UTC(2026, 10, 23, 4), 3);
    expect(days.map(dayLabel)).toEqual(['2026-11-21', '2026-11-22', '2026-11-23']);
    expect(seriesOf(days, new Map([[days[2] ?? 0, 5]]))).toEqual([0, 0, 5]);
  });
});
