// The cluster check's summary: one row per check (a failed one makes the exit code 1) and the sizing
// figures it measured, printed at the end with the date and the machine.
import { execFileSync } from 'node:child_process';
import { autocannonProcess } from '../../bench/lib.mjs';
import { cpuMs } from './procs.mjs';
import { LOCAL_OVERRIDES, nginxKeepaliveRequests } from './topology.mjs';

export const rows = [];
const figures = [];

/** One line of the summary, printed as it happens too. */
export function check(name, ok, detail) {
  rows.push({ name, ok, detail });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}: ${detail}`);
}

export function figure(name, value, source) {
  figures.push({ name, value, source });
}

export const mb = (bytes) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

export const allPassed = () => rows.every((r) => r.ok);

/**
 * Requests/s of one API (`api`, the other stopped) through nginx at `base`, against the same API
 * asked directly (the baseline, measured in the same run), and its CPU time per request.
 */
export async function measureOneApi({ base, api, token }) {
  const path = '/api/member.Member/info';
  // nginx closes a client's connection after keepalive_requests answers, saying so (`Connection: close`);
  // autocannon does not listen and writes on, which counted as socket errors (1–8 in ~40,000 requests).
  // A browser opens a new connection: so does the load, halfway (and direct the same, to compare alike).
  const reconnectEvery = Math.floor(nginxKeepaliveRequests() / 2);
  const load = (url) =>
    autocannonProcess({
      url,
      headers: { memberToken: token },
      connections: 10,
      seconds: 10,
      allowErrors: true,
      reconnectEvery,
    });
  const cpuBefore = cpuMs(api.proc.pid);
  const through = await load(`${base}${path}`);
  const cpuPerRequest = (cpuMs(api.proc.pid) - cpuBefore) / through.requests.total;
  const direct = await load(`http://127.0.0.1:${api.port}${path}`);
  // Members' calls: every one answered 2xx, through nginx and direct alike.
  for (const [name, result] of [
    ['through nginx', through],
    ['direct', direct],
  ]) {
    const failed = result.non2xx + result.errors;
    check(
      `one API under load, ${name}`,
      failed === 0,
      `${result.requests.total} requests, ${result.non2xx} non-2xx, ${result.errors} errors (${result.timeouts} timeouts)`,
    );
  }
  const ratio = through.requests.average / direct.requests.average;
  figure(
    'one API through nginx',
    `${through.requests.average.toFixed(0)} requests/s (member info) vs ${direct.requests.average.toFixed(0)} direct → ratio ${ratio.toFixed(2)}`,
    'this check (autocannon, 10 connections, 10 s)',
  );
  figure(
    'CPU per API request',
    `${cpuPerRequest.toFixed(2)} ms (member info, through nginx)`,
    'this check (/proc utime+stime of the API)',
  );
}

export function printSummary({
  title = 'processes: nginx, 2 APIs, 2 workers, 1 runner; PostgreSQL, Redis, an s3rver bucket — no MinIO here',
  overrides = LOCAL_OVERRIDES,
} = {}) {
  console.log(`\nCluster check (${title})`);
  console.log(`Changed from compose.yaml for this machine: ${overrides.join('; ')}`);
  const width = Math.max(...rows.map((r) => r.name.length));
  for (const r of rows) {
    console.log(`${r.ok ? 'ok  ' : 'FAIL'}  ${r.name.padEnd(width)}  ${r.detail.split('\n')[0]}`);
  }
  if (figures.length > 0) {
    console.log(`\nSizing figures (${new Date().toISOString().slice(0, 10)}, ${cores()})`);
    for (const f of figures) {
      console.log(`  ${f.name}: ${f.value} [${f.source}]`);
    }
  }
  for (const r of rows.filter((x) => !x.ok)) {
    console.log(`\n${r.name}:\n${r.detail}`);
  }
}

function cores() {
  try {
    return `${execFileSync('nproc').toString().trim()} cores`;
  } catch {
    return 'cores unknown';
  }
}
