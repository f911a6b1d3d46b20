/** Server times travel as `YYYY-MM-DD HH:mm:ss` in China Standard Time (UTC+8), the product's zone. */
const SERVER_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/;
const CST_OFFSET_MS = 8 * 60 * 60_000;

/** Parses a server time into epoch ms; null when empty or malformed. */
export function parseServerTime(value: string | null | undefined): number | null {
  const match = value ? SERVER_TIME.exec(value.trim()) : null;
  if (!match) {
    return null;
  }
  const [, y, mo, d, h, mi, s] = match.map(Number) as [number, number, number, number, number, number, number];
  return Date.UTC(y, mo - 1, d, h, mi, s) - CST_OFFSET_MS;
}

/** Formats epoch ms as a server time (`YYYY-MM-DD HH:mm:ss`, UTC+8). */
export function formatServerTime(epochMs: number): string {
  const t = new Date(epochMs + CST_OFFSET_MS);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())} ${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}:${pad(t.getUTCSeconds())}`;
}

/** The date part of a server time (`过期日期` shows only the date). */
export function datePart(value: string | null | undefined): string {
  return value ? value.trim().slice(0, 10) : '';
}

/** Membership is expired when its expiry time is before now (SPEC §4); no expiry never expires. */
export function isExpired(expireTime: string | null | undefined, now: number = Date.now()): boolean {
  const at = parseServerTime(expireTime);
  return at !== null && at < now;
}
