import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync, linkSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

// Two runner processes pointed at one profile directory (two `npm run runner` on one DATA_DIR, the
// desktop beside a runner) used to take each other's browsers: a launch ends any Chromium holding the
// profile (`releaseProfile`, meant for orphans of a killed runner), so the second runner killed the
// first one's browser in the middle of a job. A lock file per profile, held by the process that opened
// the browser for the browser's whole life, keeps it to one process; an orphan browser is only ended
// once its process is gone (the lock is then stale).

/** The lock file inside a profile directory (Chromium ignores files it does not know). */
export const PROFILE_LOCK_FILE = 'vidmatrix-profile.lock';

/** Opening a profile another live process holds. */
export class ProfileBusyError extends Error {
  constructor(
    readonly profileDir: string,
    readonly holder: LockHolder,
  ) {
    super(`account profile ${profileDir} is in use by process ${holder.pid} on ${holder.host}`);
  }
}

interface LockHolder {
  host: string;
  pid: number;
  /** The process's start time in clock ticks since boot (/proc/<pid>/stat field 22): a reused pid differs. */
  started: string;
}

/** A held profile; `release` is idempotent and removes only this holder's lock. */
export interface ProfileLock {
  release(): void;
}

/** The start time of pid (field 22 of /proc/<pid>/stat), or '' when it is gone or a zombie. */
function startTime(pid: number): string {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the parenthesised name (which may hold spaces): state is field 3, starttime field 22.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[0] === 'Z' || fields[0] === 'X' ? '' : (fields[19] ?? '');
  } catch {
    return '';
  }
}

function readHolder(path: string): { text: string; holder: LockHolder | undefined } | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const parsed = JSON.parse(text) as Partial<LockHolder>;
    if (typeof parsed.host === 'string' && Number.isInteger(parsed.pid) && typeof parsed.started === 'string') {
      return { text, holder: parsed as LockHolder };
    }
  } catch {
    // a half-written or foreign file: stale
  }
  return { text, holder: undefined };
}

/**
 * True when the holder still runs: another host's lock always counts as held (its processes cannot be
 * seen from here; Chromium's own lock refuses a second browser across hosts the same way).
 */
function holderAlive(holder: LockHolder): boolean {
  if (holder.host !== hostname()) {
    return true;
  }
  const started = startTime(holder.pid);
  return started !== '' && started === holder.started;
}

/** The live process holding the profile, or undefined when none does. */
export function profileHolder(profileDir: string): LockHolder | undefined {
  const read = readHolder(join(profileDir, PROFILE_LOCK_FILE));
  return read?.holder && holderAlive(read.holder) ? read.holder : undefined;
}

/**
 * Takes the profile for this process, creating the directory: the lock file is made exclusively
 * (`wx`); one left by a process that is gone (or whose pid now runs another process) is moved aside
 * and the lock taken again. Throws ProfileBusyError while a live process holds it, this one included
 * (a second session of one runner on one account).
 */
export function lockProfile(profileDir: string): ProfileLock {
  mkdirSync(profileDir, { recursive: true });
  const path = join(profileDir, PROFILE_LOCK_FILE);
  const mine = JSON.stringify({ host: hostname(), pid: process.pid, started: startTime(process.pid) });
  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      writeFileSync(path, mine, { flag: 'wx' });
      let held = true;
      return {
        release() {
          if (held && readHolder(path)?.text === mine) {
            rmSync(path, { force: true });
          }
          held = false;
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw err;
      }
    }
    const read = readHolder(path);
    if (read?.holder && holderAlive(read.holder)) {
      throw new ProfileBusyError(profileDir, read.holder);
    }
    if (read) {
      takeStale(path, read.text);
    }
  }
  const holder = readHolder(path)?.holder ?? { host: hostname(), pid: 0, started: '' };
  throw new ProfileBusyError(profileDir, holder);
}

/**
 * Moves a stale lock aside (rename is atomic, so of two processes clearing it one wins). When the file
 * moved is not the stale one read a moment ago (another process took the lock in between), it is put
 * back where it was.
 */
function takeStale(path: string, staleText: string): void {
  const aside = `${path}.${process.pid}.stale`;
  try {
    renameSync(path, aside);
  } catch {
    return;
  }
  if (readHolder(aside)?.text !== staleText) {
    try {
      linkSync(aside, path);
    } catch {
      // someone else holds the path now: both live locks cannot be, the next attempt reads which
    }
  }
  rmSync(aside, { force: true });
}
