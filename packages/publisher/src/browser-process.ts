import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { lstat, readlink, rm } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { profileHolder } from './profile-lock.ts';

// A runner killed by SIGKILL used to leave its Chromium alive: Playwright starts it in a process group
// of its own, and an orphan browser can still act on the account (it once let a create request held in
// `page.route` interception go out, so the platform saw a second submit; the create answer is now read
// without holding the request). Two guards: the browser dies with the runner (the parent death
// signal), and a launch first ends any browser still holding the profile (a runner that crashed before
// this existed, or on a system without setpriv).

/** util-linux's setpriv (Debian's essential util-linux has it); absent elsewhere. */
const SETPRIV = ['/usr/bin/setpriv', '/bin/setpriv'].find((p) => existsSync(p));
/** The wrapper reads the real executable from here (Playwright's executablePath takes no arguments). */
export const WRAPPED_CHROMIUM_ENV = 'VIDMATRIX_CHROMIUM';
/** How long a browser that held the profile gets to die after SIGKILL, ms. */
const EXIT_DEADLINE_MS = 15_000;
/** Chromium's lock files in a profile; the lock is a symlink to `<host>-<pid>`. */
const SINGLETON_FILES = ['SingletonLock', 'SingletonSocket', 'SingletonCookie'];

let wrapperPath: string | undefined;

/**
 * The executable to launch so that Chromium gets SIGKILL when the runner dies, however it dies: a
 * two-line shell script that execs `setpriv --pdeathsig KILL` into the real browser (the signal
 * survives both execs, and Debian's /usr/bin/chromium script execs the binary). The kernel sends it
 * on the parent's exit, so no watchdog process or timer is needed. Undefined off Linux or without
 * setpriv: the launch then goes direct, guarded only by `releaseProfile`.
 */
export function parentBoundWrapper(): string | undefined {
  if (process.platform !== 'linux' || !SETPRIV) {
    return undefined;
  }
  wrapperPath ??= writeWrapper(tmpdir());
  return wrapperPath;
}

/**
 * Writes the wrapper into `<base>/vidmatrix-chromium-<uid>`, one fixed directory per user that every
 * runner of the user reuses, so a runner killed by SIGKILL (no exit handler runs) leaves nothing new
 * behind. The directory is trusted only when it is a real directory of this user that no one else
 * may write to (mode 0700); otherwise (someone planted it) the script goes to a private `mkdtemp`
 * directory of this process, removed at exit. Its path.
 */
export function writeWrapper(base: string): string {
  const script = `#!/bin/sh\nexec ${SETPRIV ?? 'setpriv'} --pdeathsig KILL -- "$${WRAPPED_CHROMIUM_ENV}" "$@"\n`;
  const uid = process.getuid?.() ?? 0;
  const shared = join(base, `vidmatrix-chromium-${uid}`);
  try {
    mkdirSync(shared, { mode: 0o700 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') {
      throw err;
    }
  }
  const info = lstatSync(shared);
  let dir = shared;
  if (!info.isDirectory() || info.uid !== uid || (info.mode & 0o077) !== 0) {
    dir = mkdtempSync(join(base, 'vidmatrix-chromium-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  }
  const path = join(dir, 'chromium');
  if (readFileSafe(path) !== script) {
    // Written aside and renamed: another runner launching through it never reads half a script.
    const next = join(dir, `chromium.${process.pid}`);
    writeFileSync(next, script, { mode: 0o700 });
    renameSync(next, path);
  }
  return path;
}

function readFileSafe(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** True while pid runs (a zombie no one has reaped yet counts as gone). */
function liveProcess(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 3, after the parenthesised name (which may hold spaces): Z is a zombie, X dead.
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}

/** True when pid runs Chromium (or Chrome) on this very profile, read from /proc/<pid>/cmdline. */
export function isChromiumOf(pid: number, profileDir: string): boolean {
  let argv: string[];
  try {
    argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  } catch {
    return false;
  }
  const exe = argv[0]?.split('/').pop() ?? '';
  if (!/chrom/i.test(exe)) {
    return false;
  }
  const dirFlag = argv.find((a) => a.startsWith('--user-data-dir='));
  return dirFlag !== undefined && resolve(dirFlag.slice('--user-data-dir='.length)) === resolve(profileDir);
}

/**
 * Every live Chromium process (browser, zygotes, renderers, utilities: each carries the flag) on this
 * profile; the crash tests prove with it that no browser outlives a killed runner.
 */
export function chromiumProcesses(profileDir: string): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => isChromiumOf(pid, profileDir) && liveProcess(pid));
}

/** Resolves when pid has exited (or is a zombie no one reaps), polling /proc; throws after the deadline. */
async function exited(pid: number): Promise<void> {
  const until = Date.now() + EXIT_DEADLINE_MS;
  while (liveProcess(pid)) {
    if (Date.now() > until) {
      throw new Error(`Chromium ${pid} still holds the profile after SIGKILL`);
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The `<host>-<pid>` a profile's SingletonLock points to, or undefined when there is no lock. */
async function lockOwner(profileDir: string): Promise<{ host: string; pid: number } | undefined> {
  const lock = join(profileDir, 'SingletonLock');
  const target = await readlink(lock).catch(() => undefined);
  if (target === undefined) {
    return undefined;
  }
  const dash = target.lastIndexOf('-');
  return { host: target.slice(0, dash), pid: Number(target.slice(dash + 1)) };
}

/**
 * True while a browser holds the profile: a live process holding its lock (profile-lock.ts), a live
 * Chromium of this host on it, or Chromium's lock from another host. Work that may wait (the drift
 * check) passes such a profile over instead of ending its browser.
 */
export async function profileInUse(profileDir: string): Promise<boolean> {
  if (profileHolder(profileDir)) {
    return true;
  }
  const owner = await lockOwner(profileDir);
  if (!owner) {
    return false;
  }
  return owner.host !== hostname() || (liveProcess(owner.pid) && isChromiumOf(owner.pid, profileDir));
}

/**
 * Makes the profile free before a launch: a Chromium on this host still holding it (an orphan of a
 * killed runner) is SIGKILLed and waited for; a lock naming a dead process (or a pid now reused by
 * another program) is removed. A lock from another host (a shared disk) is left to Chromium, which
 * refuses to start on it rather than risk two browsers on one account.
 */
export async function releaseProfile(profileDir: string): Promise<{ killed?: number; removedLock: boolean }> {
  const owner = await lockOwner(profileDir);
  if (!owner || owner.host !== hostname() || !Number.isInteger(owner.pid) || owner.pid <= 0) {
    return { removedLock: false };
  }
  let killed: number | undefined;
  if (liveProcess(owner.pid) && isChromiumOf(owner.pid, profileDir)) {
    try {
      process.kill(owner.pid, 'SIGKILL');
      killed = owner.pid;
    } catch {
      // It exited between the check and the kill.
    }
    await exited(owner.pid);
  }
  for (const name of SINGLETON_FILES) {
    const path = join(profileDir, name);
    // Only ever the symlinks Chromium makes, never a real file or directory of that name.
    if ((await lstat(path).catch(() => undefined))?.isSymbolicLink()) {
      await rm(path, { force: true });
    }
  }
  return { ...(killed ? { killed } : {}), removedLock: true };
}
