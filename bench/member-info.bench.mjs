// Issue 2 figure: GET /api/member.Member/info with a valid token reaches ≥ 0.5× the requests/s of a
// bare node:http server returning the same bytes. Three processes, so no side shares an event loop
// with what measures it: the server under test, the bare baseline (bench/http-baseline.mjs), and the
// load generator (the autocannon CLI); this process only starts them and reads the results.
import { loadavg } from 'node:os';
import { autocannonProcess, report, serverMode, signIn, startHttpBaseline, startServer } from './lib.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 50;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const server = await startServer({ port: Number(process.env.BENCH_PORT ?? 18301), direct: true });
let baseline;
try {
  const token = await signIn(server.base);
  const url = `${server.base}/api/member.Member/info`;
  const headers = { memberToken: token };
  const sample = await fetch(url, { headers });
  // The baseline answers the very same bytes, with no routing, auth or database work.
  baseline = await startHttpBaseline({ body: Buffer.from(await sample.arrayBuffer()) });
  const load = (target) =>
    autocannonProcess({ url: target, headers, connections: CONNECTIONS, seconds: SECONDS }).then(
      (r) => r.requests.average,
    );

  // Warm both up first, so neither side's JIT compilation counts in the measured rounds.
  await autocannonProcess({ url, headers, connections: CONNECTIONS, seconds: 2 });
  await autocannonProcess({ url: baseline.base, connections: CONNECTIONS, seconds: 2 });

  const api = [];
  const bare = [];
  // Alternate the two so machine noise falls on both alike.
  for (let i = 0; i < ROUNDS; i += 1) {
    api.push(await load(url));
    bare.push(await load(baseline.base));
  }
  // Medians: on a shared machine one round can lose its CPU to a neighbour; that round is dropped.
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(
    `server: ${serverMode()}; ${CONNECTIONS} connections, ${ROUNDS} × ${SECONDS} s each; rounds (req/s) api ${api.map((v) => v.toFixed(0)).join(', ')}, bare ${bare.map((v) => v.toFixed(0)).join(', ')}; load average ${loadavg()[0].toFixed(1)}`,
  );
  report('member info req/s (medians)', median(api), median(bare), 'req/s', '≥ 0.5');
} finally {
  baseline?.stop();
  server.stop();
}
