// Issue 2 figure: GET /api/member.Member/info with a valid token reaches ≥ 0.5× the requests/s of a
// bare node:http server returning the same bytes. Three processes, so no side shares an event loop
// with what measures it: the server under test, the bare baseline (bench/http-baseline.mjs), and the
// load generator (the autocannon CLI); this process only starts them and reads the results.
import { loadavg } from 'node:os';
import { autocannonProcess, processCpuMs, report, serverMode, signIn, startHttpBaseline, startServer } from './lib.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 50;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

// BENCH_PORT pins the server's port; else startServer takes a free one from the OS.
const server = await startServer({
  port: process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined,
  direct: true,
});
let baseline;
try {
  const token = await signIn(server.base);
  const url = `${server.base}/api/member.Member/info`;
  const headers = { memberToken: token };
  const sample = await fetch(url, { headers });
  // The baseline answers the very same bytes (body and headers: the security headers alone cost a bare
  // server a quarter of its time), with no routing, auth or database work. node:http adds the
  // connection headers and Date itself, on both sides.
  const perConnection = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
  const sent = Object.fromEntries([...sample.headers].filter(([name]) => !perConnection.has(name)));
  baseline = await startHttpBaseline({ body: Buffer.from(await sample.arrayBuffer()), headers: sent });
  // Requests/s, and CPU time per request of the process answering: the second barely moves with what
  // else the machine runs, so it is the figure to trust on a busy machine.
  const load = async (target, pid) => {
    const before = processCpuMs(pid);
    const r = await autocannonProcess({ url: target, headers, connections: CONNECTIONS, seconds: SECONDS });
    return { perSecond: r.requests.average, cpuUs: ((processCpuMs(pid) - before) * 1000) / r.requests.total };
  };

  // Warm both up first, so neither side's JIT compilation counts in the measured rounds.
  await autocannonProcess({ url, headers, connections: CONNECTIONS, seconds: 2 });
  await autocannonProcess({ url: baseline.base, connections: CONNECTIONS, seconds: 2 });

  const api = [];
  const bare = [];
  // Alternate the two so machine noise falls on both alike.
  for (let i = 0; i < ROUNDS; i += 1) {
    api.push(await load(url, server.child.pid));
    bare.push(await load(baseline.base, baseline.child.pid));
  }
  // Medians: on a shared machine one round can lose its CPU to a neighbour; that round is dropped.
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const rounds = (xs, key, digits) => xs.map((x) => x[key].toFixed(digits)).join(', ');
  console.log(
    `server: ${serverMode()}; ${CONNECTIONS} connections, ${ROUNDS} × ${SECONDS} s each; load average ${loadavg()[0].toFixed(1)}`,
  );
  console.log(`rounds (req/s): api ${rounds(api, 'perSecond', 0)}; bare ${rounds(bare, 'perSecond', 0)}`);
  console.log(`rounds (µs CPU per request): api ${rounds(api, 'cpuUs', 0)}; bare ${rounds(bare, 'cpuUs', 0)}`);
  const perSecond = (xs) => median(xs.map((x) => x.perSecond));
  const cpuUs = (xs) => median(xs.map((x) => x.cpuUs));
  report('member info req/s (medians)', perSecond(api), perSecond(bare), 'req/s', '≥ 0.5');
  // Inverted, so that here too higher is better and the target reads the same.
  report('member info requests per CPU second (medians)', 1e6 / cpuUs(api), 1e6 / cpuUs(bare), 'req/CPU s', '≥ 0.5');
} finally {
  baseline?.stop();
  server.stop();
}
