// The cluster check's processes: started with their output kept (printed when something fails),
// killed with SIGKILL for the faults, and every one of them ended when the check ends, also on failure.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, readlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Every process the check started and has not seen exit. */
const running = new Set();
/** Every process the check started, for their output when something fails. */
const started = [];

/** Polls `read` until `check` holds; throws naming `what` after `withinMs` (a deadline, not a timing). */
export async function until(what, read, check = Boolean, withinMs = 240_000) {
  const deadline = Date.now() + withinMs;
  let last;
  for (;;) {
    try {
      last = await read();
      if (check(last)) {
        return last;
      }
    } catch (err) {
      last = err instanceof Error ? err.message : String(err);
    }
    if (Date.now() > deadline) {
      throw new Error(`${what}: not within ${withinMs / 1000} s (last: ${JSON.stringify(last)?.slice(0, 400)})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Starts `command` as `name` in a process group of its own (so the cleanup reaches its children);
 * keeps the last 200 lines of its output. `ipc`: a message channel (child.send, child.on('message')).
 */
export function startProcess(name, command, args, { env, cwd, ipc = false }) {
  if (stopping) {
    throw new Error(`${name}: not started, the check is ending`);
  }
  const stdio = ['ignore', 'pipe', 'pipe', ...(ipc ? ['ipc'] : [])];
  const child = spawn(command, args, { cwd, env, detached: true, stdio });
  const lines = [];
  const listeners = new Set();
  const keep = (chunk) => {
    const fresh = chunk.toString('utf8').split('\n').filter(Boolean);
    lines.push(...fresh);
    lines.splice(0, Math.max(0, lines.length - 200));
    for (const listener of listeners) {
      fresh.forEach(listener);
    }
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const proc = {
    name,
    child,
    pid: child.pid,
    exited: new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal }))),
    output: () => lines.join('\n'),
    /** Whether a line of its output passes `test`. */
    said: (test) => lines.some(test),
    /** Calls `listener` with each line of output from now on (whatever scrolls out of the kept 200); the stop. */
    onLine: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    alive: () => child.exitCode === null && child.signalCode === null,
  };
  running.add(proc);
  started.push(proc);
  void proc.exited.then(() => running.delete(proc));
  return proc;
}

/** `kill -9` of the process itself (not its group: what a crash does); resolves once it has exited. */
export async function kill9(proc) {
  process.kill(proc.pid, 'SIGKILL');
  await proc.exited;
}

/** SIGTERM, then SIGKILL of the group after `graceMs`; resolves once the process has exited. */
export async function stopProcess(proc, graceMs = 15_000) {
  if (!proc.alive()) {
    return;
  }
  proc.child.kill('SIGTERM');
  const timer = setTimeout(() => killGroup(proc), graceMs);
  await proc.exited;
  clearTimeout(timer);
  killGroup(proc);
}

function killGroup(proc) {
  // A leader that exited and whose number another process now has: that group is not the check's.
  if (!proc.alive() && existsSync(`/proc/${proc.pid}`)) {
    return;
  }
  try {
    process.kill(-proc.pid, 'SIGKILL');
  } catch {
    // the group is gone
  }
}

/** Writes each started process's kept output to `dir`/<name>-<pid>.log; the directory. */
export function saveOutputs(dir) {
  mkdirSync(dir, { recursive: true });
  for (const proc of started) {
    writeFileSync(join(dir, `${proc.name}-${proc.pid}.log`), proc.output());
  }
  return dir;
}

/** Set once the cleanup began: nothing is started after it (a restart racing the cleanup would outlive it). */
let stopping = false;

/**
 * Ends every process the check started (the cleanup): SIGTERM to those still running, then SIGKILL to
 * every group it started, the exited leaders' too (a killed worker's ffmpeg, a killed runner's Chromium
 * stay in their group).
 */
export async function stopAll() {
  stopping = true;
  await Promise.all([...running].map((proc) => stopProcess(proc, 10_000)));
  killEveryGroup();
}

/** SIGKILL to the process group of every process the check started (synchronous: also at exit). */
export function killEveryGroup() {
  stopping = true;
  for (const proc of started) {
    killGroup(proc);
  }
}

// Whatever way the check ends (an uncaught error, process.exit in a signal handler), no group is left.
process.once('exit', killEveryGroup);

/** pid → parent pid of every process, from /proc. */
function parents() {
  const map = new Map();
  for (const entry of readdirSync('/proc')) {
    if (/^\d+$/.test(entry)) {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        map.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      } catch {
        // ended meanwhile
      }
    }
  }
  return map;
}

/** The descendants of `pid` (not itself). */
export function descendants(pid) {
  const map = parents();
  const tree = new Set([pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [child, parent] of map) {
      if (tree.has(parent) && !tree.has(child)) {
        tree.add(child);
        grew = true;
      }
    }
  }
  tree.delete(pid);
  return [...tree];
}

/** The executable name of a process ('' once it is gone). */
export function commOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

/** Whether process `pid` still exists (a zombie counts as gone). */
export function exists(pid) {
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
}

/** RSS of a process, bytes (0 once gone). */
export function rss(pid) {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** RSS of a process and its descendants (the runner's Chromium, nginx's worker), bytes. */
export function treeRss(pid) {
  return [pid, ...descendants(pid)].reduce((sum, p) => sum + rss(p), 0);
}

/** CPU time a process has used, ms (utime + stime, 10 ms ticks). */
export function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Files process `pid` holds open (paths), empty once it is gone. */
export function openFiles(pid) {
  try {
    return readdirSync(`/proc/${pid}/fd`).flatMap((fd) => {
      try {
        return [readlinkSync(`/proc/${pid}/fd/${fd}`)];
      } catch {
        return [];
      }
    });
  } catch {
    return [];
  }
}
