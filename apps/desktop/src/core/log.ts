import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { DesktopLogLevel } from '@vidmatrix/contract/desktop-api';

/** The structured logger every core module takes (English messages, JSON lines). */
export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

const RANK: Record<DesktopLogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/** The log file name inside the log folder (the diagnostics bundle collects the folder). */
export const LOG_FILE = 'desktop.log';

/** Writes JSON lines to `<dir>/desktop.log`; the level is read on every call so settings apply at once. */
export function createFileLogger(dir: string, level: () => DesktopLogLevel): Logger {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, LOG_FILE);
  const write = (lvl: DesktopLogLevel) => (message: string, fields?: Record<string, unknown>) => {
    if (RANK[lvl] < RANK[level()]) {
      return;
    }
    // Synchronous append: lines stay whole and in order, and a crash loses nothing already logged.
    appendFileSync(
      file,
      JSON.stringify({ time: new Date().toISOString(), level: lvl, msg: message, ...fields }) + '\n',
    );
  };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}

/** A logger that keeps entries in memory (tests, and before the log folder is known). */
export function createMemoryLogger(): Logger & {
  entries: { level: DesktopLogLevel; msg: string; fields?: Record<string, unknown> }[];
} {
  const entries: { level: DesktopLogLevel; msg: string; fields?: Record<string, unknown> }[] = [];
  const write = (level: DesktopLogLevel) => (msg: string, fields?: Record<string, unknown>) => {
    entries.push({ level, msg, fields });
  };
  return { entries, debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}
