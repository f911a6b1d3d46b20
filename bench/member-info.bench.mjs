// Issue 2 figure: GET /api/member.Member/info with a valid token reaches ≥ 0.5× the requests/s of a
// bare node:http server returning the same bytes, measured side by side with autocannon.
import autocannon from 'autocannon';
import { createServer } from 'node:http';
import { report, signIn, startServer } from './lib.mjs';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 50;
const ROUNDS = 3;

const server = await startServer({ port: 18301 });
try {
  const token = await signIn(server.base);
  const url = `${server.base}/api/member.Member/info`;
  const headers = { memberToken: token };
  const sample = await fetch(url, { headers });
  const bytes = Buffer.from(await sample.arrayBuffer());

  // The baseline answers the very same bytes, with no routing, auth or database work.
  const bare = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': bytes.length });
    res.end(bytes);
  });
  await new Promise((r) => bare.listen(18302, '127.0.0.1', r));

  const run = (target) =>
    autocannon({ url: target, headers, connections: CONNECTIONS, duration: DURATION_S }).then(
      (r) => r.requests.average,
    );

  // Warm both up first, so neither side's JIT compilation counts in the measured rounds.
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 2 });
  await autocannon({ url: 'http://127.0.0.1:18302/', connections: CONNECTIONS, duration: 2 });

  let api = 0;
  let base = 0;
  // Alternate the two so machine noise falls on both alike.
  for (let i = 0; i < ROUNDS; i += 1) {
    api += await run(url);
    base += await run('http://127.0.0.1:18302/');
  }
  report('member info req/s', api / ROUNDS, base / ROUNDS, 'req/s', '≥ 0.5');
  bare.close();
} finally {
  server.stop();
}
