/** Shows thousands as k with one decimal, always shown (SPEC §9): 1000 → "1.0k", 999 → "999". */
export function kFormatter(num: number): string {
  const abs = Math.abs(num);
  if (abs > 999) {
    return `${num < 0 ? '-' : ''}${(abs / 1000).toFixed(1)}k`;
  }
  return String(num);
}

/** Shows a duration in seconds as mm:ss (SPEC §9); minutes grow past 59 rather than wrap. */
export function formatDuration(seconds: number | null | undefined): string {
  const total = Number.isFinite(seconds) && (seconds ?? 0) > 0 ? Math.floor(seconds as number) : 0;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 60))}:${pad(total % 60)}`;
}

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** Human-readable size in binary units, one decimal above bytes: 1536 → "1.5 KB". */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${BYTE_UNITS[unit]}`;
}
