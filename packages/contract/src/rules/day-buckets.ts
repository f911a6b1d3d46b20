/** The product's zone offset (UTC+8), ms. */
const ZONE_MS = 8 * 3600_000;
const DAY_MS = 86_400_000;

/** The day number (days since 1970-01-01 in UTC+8) of an epoch ms. */
export function dayNumber(epochMs: number): number {
  return Math.floor((epochMs + ZONE_MS) / DAY_MS);
}

/** `YYYY-MM-DD` of a day number. */
export function dayLabel(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The last `count` day numbers up to the one holding `now`, oldest first. */
export function lastDays(now: number, count: number): number[] {
  const today = dayNumber(now);
  return Array.from({ length: count }, (_, i) => today - count + 1 + i);
}

/** First epoch ms of a day number. */
export function dayStart(day: number): number {
  return day * DAY_MS - ZONE_MS;
}

/** Spreads per-day counts over `days` (missing days are 0). */
export function seriesOf(days: readonly number[], counts: ReadonlyMap<number, number>): number[] {
  return days.map((day) => counts.get(day) ?? 0);
}
