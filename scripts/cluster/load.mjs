// The load bench's members (bench/load-client.mjs) through nginx for the whole run of faults: each
// from a loopback address of its own, so the sign-in rate limit sees 200 clients as it would in an
// agency. Each call names itself to nginx (x-load-call), whose log says which API had it: a call the
// killed API had when it died is lost with it (the issue allows those); no other error is allowed.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startProcess } from './procs.mjs';
import { check, figure } from './report.mjs';
import { root } from './topology.mjs';

export const LOAD_PASSWORD = 'load-pass-123';

/** Makes load_0 … load_<count-1> in the cluster's database (bench/load-members.ts, the app's env). */
export function makeLoadMembers({ env, count }) {
  const made = spawnSync(process.execPath, ['--import', 'tsx', 'bench/load-members.ts', String(count), LOAD_PASSWORD], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  if (made.status !== 0) {
    throw new Error(`could not make the load members: ${made.stderr.slice(-1000)}`);
  }
}

/** Starts `members` members against `base` until stop(); stop() resolves to the client's report. */
export function startLoad({ base, members }) {
  const proc = startProcess('load', process.execPath, [join(root, 'bench/load-client.mjs')], {
    cwd: root,
    ipc: true,
    env: {
      ...process.env,
      LOAD_BASE: base,
      LOAD_MEMBERS: String(members),
      LOAD_PASSWORD,
      // Ended by stop(), not by the clock; two hours is only a bound.
      LOAD_SECONDS: '7200',
      LOAD_SOURCE_ADDRESSES: '1',
    },
  });
  const report = new Promise((resolve, reject) => {
    proc.child.once('message', resolve);
    void proc.exited.then(({ code, signal }) => reject(new Error(`the load client ended (${code ?? signal})`)));
  });
  let stopped;
  return {
    proc,
    /** Ends the run (once; a second call answers the same report). */
    stop() {
      if (!stopped) {
        if (proc.child.connected) {
          proc.child.send('stop');
        }
        stopped = report;
      }
      return stopped;
    },
  };
}

/** nginx's access log (topology.mjs's `cluster` format): call id → where it went and how it ended. */
export function proxyLog(path) {
  const calls = new Map();
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const match = /^(\S+) (\d+) "([^"]*)" "([^"]*)" "([^"]*)"$/.exec(line);
    if (match && match[5] && match[5] !== '-') {
      calls.set(match[5], { status: Number(match[2]), upstreams: match[3].split(/, | : /), at: Number(match[1]) });
    }
  }
  return calls;
}

/**
 * Splits the failed calls: those the proxy had sent to a process of `kills` ({ name, address }) that
 * died with them (nginx logged the killed API as the last one tried, and answered 502/504), and
 * every other error.
 */
export function classifyFailures(failures, kills, log) {
  const inFlight = [];
  const other = [];
  for (const f of failures) {
    const seen = log.get(f.callId);
    const kill = seen && seen.status >= 502 && kills.find((k) => k.address && seen.upstreams.at(-1) === k.address);
    (kill ? inFlight : other).push({ ...f, kill: kill?.name, proxy: seen });
  }
  return { inFlight, other };
}

/** Calls made per name, all told. */
export function callCount(report) {
  return Object.values(report.calls).reduce((sum, c) => sum + c.n, 0);
}

/**
 * The members' run as a check, and the issue's zero-lost-work figures: `clip` the batch a worker died
 * in, `post` the job the runner died in, `upload` the tus upload the API died in.
 */
export function reportLoad({ report, kills, proxyLogPath, members, clip, post, upload }) {
  const { inFlight, other } = classifyFailures(report.failures, kills, proxyLog(proxyLogPath));
  const errorTotal = Object.values(report.errors).reduce((sum, n) => sum + n, 0);
  const unkept = errorTotal - report.failures.length;
  const shown = other
    .slice(0, 5)
    .map(
      (f) =>
        `${f.name}: ${f.error} at ${f.end}, proxy ${f.proxy ? `${f.proxy.status} via ${f.proxy.upstreams}` : 'no line'}`,
    );
  check(
    `${members} members through nginx during the faults`,
    other.length === 0 && unkept === 0,
    `${callCount(report)} calls; ${inFlight.length} failed with the killed API (nginx had sent them to it), ${other.length} other errors` +
      `${shown.length ? ` (${shown.join('; ')})` : ''}${unkept ? `; ${unkept} errors beyond those kept` : ''}`,
  );
  figure(
    'members’ errors other than the killed API’s in-flight calls',
    `${other.length + unkept} (${inFlight.length} in flight on the killed API, of ${callCount(report)} calls)`,
    'this check (bench/load-client.mjs)',
  );
  const lost = clip.expected - clip.done.length + (post.state === 'published' ? 0 : 1);
  figure(
    'jobs lost',
    `${lost} (clip videos ${clip.done.length}/${clip.expected}, the post ${post.state}, the upload's material processed)`,
    'this check',
  );
  figure(
    'duplicate posts',
    `${Math.max(0, post.creates.accepted - 1)} (the platform saw ${post.creates.accepted} post(s) for 1 job)`,
    'this check (sandbox counters)',
  );
  figure('uploads that could not resume', `${upload.complete ? 0 : 1} of 1 interrupted`, 'this check');
}
