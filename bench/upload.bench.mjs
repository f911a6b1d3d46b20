// Issue 3 upload figure: a 299 MB file through the full tus path (create + PATCH chunks, by chunk
// size) vs a loopback `curl -T` of the same bytes into a bare node:http server piping to a file;
// both sent by curl (the tus chunks as one curl run with --next, one connection), rounds alternate
// so machine noise falls on both. Server, baseline (bench/http-baseline.mjs) and curl each run in a
// process of their own. Server RSS (the server process itself, sampled every 20 ms) must grow
// ≤ 64 MB. Targets: ≥ 0.8× the baseline.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeVideo } from '@vidmatrix/fixtures';
import { processRss, report, signIn, startHttpBaseline, startServer } from './lib.mjs';

// 299 MB: the console limit refuses a file of 300 MB or more.
const SIZE_MB = Number(process.env.BENCH_UPLOAD_MB ?? 299);
const SIZE = SIZE_MB * 1024 * 1024;
const CHUNKS_MB = (process.env.BENCH_CHUNKS_MB ?? '8,16,32,64').split(',').map(Number);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const work = mkdtempSync(join(tmpdir(), 'vm-upload-bench-'));
const source = join(work, 'payload.mp4');

/** The payload: an MP4 header (so the magic-byte check takes it as video), then zeros. */
function writePayload() {
  const header = makeVideo(join(work, 'h.mp4'), { width: 64, height: 64, rate: 1, seconds: 1 });
  const payload = Buffer.alloc(SIZE);
  readFileSync(header).copy(payload, 0);
  writeFileSync(source, payload);
  return payload;
}

function curl(args) {
  return new Promise((resolve, reject) => {
    const child = spawn('curl', args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`curl exited ${code}`))));
  });
}

/** Raw PUT into the bare node:http baseline (its own process, piping to a file): MB/s of `curl -T`. */
async function baselineMbps(base) {
  const start = process.hrtime.bigint();
  await curl(['-s', '-o', '/dev/null', '-T', source, `${base}/raw`]);
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  rmSync(join(work, 'raw.bin'), { force: true });
  return SIZE_MB / seconds;
}

/** One tus upload (create + PATCH chunks) through the server; MB/s and peak RSS growth (MB). */
async function tusMbps(base, token, chunkMb, pid, payload) {
  const headers = { memberToken: token, 'tus-resumable': '1.0.0' };
  const created = await fetch(`${base}/api/file.Upload/tus`, {
    method: 'POST',
    headers: {
      ...headers,
      'upload-length': String(SIZE),
      'upload-metadata': `filename ${Buffer.from('bench.mp4').toString('base64')}`,
    },
  });
  if (created.status !== 201) {
    throw new Error(`create ${created.status} ${await created.text()}`);
  }
  const location = new URL(created.headers.get('location'), base).href;
  const chunk = chunkMb * 1024 * 1024;
  const args = [];
  for (let offset = 0, n = 0; offset < SIZE; offset += chunk, n += 1) {
    const file = join(work, `chunk${n}`);
    writeFileSync(file, payload.subarray(offset, Math.min(SIZE, offset + chunk)));
    args.push(...(n > 0 ? ['--next'] : []), '-s', '-o', '/dev/null', '-w', '%{http_code}\\n', '-X', 'PATCH');
    args.push('-H', `memberToken: ${token}`, '-H', 'tus-resumable: 1.0.0', '-H', `upload-offset: ${offset}`);
    args.push('-H', 'content-type: application/offset+octet-stream', '-H', 'expect:', '-T', file, location);
  }
  const rssBefore = rssOf(pid);
  let peak = rssBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 20);
  const start = process.hrtime.bigint();
  const codes = (await curl(args)).trim().split('\n');
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  clearInterval(sampler);
  peak = Math.max(peak, rssOf(pid));
  if (codes.some((c) => c !== '204')) {
    throw new Error(`patch answers ${codes.join(' ')}`);
  }
  for (const file of args.filter((_, i) => args[i - 1] === '-T')) {
    rmSync(file, { force: true });
  }
  // Give the space back for the next run.
  const key = `media/${location.split('/').pop()}`;
  await fetch(`${base}/api/file.File/deleAliyunFile`, {
    method: 'POST',
    headers: { memberToken: token, 'content-type': 'application/json' },
    body: JSON.stringify({ file_paths: key }),
  });
  return { mbps: SIZE_MB / seconds, rssGrowthMb: (peak - rssBefore) / 1024 / 1024 };
}

/** Resident set size of one process, bytes (0 once it is gone). */
function rssOf(pid) {
  try {
    return processRss(pid);
  } catch {
    return 0;
  }
}

const payload = writePayload();
const server = await startServer({ direct: true });
const bare = await startHttpBaseline({ sinkFile: join(work, 'raw.bin') });
try {
  const token = await signIn(server.base);
  console.log(
    `server pid ${server.child.pid}; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const results = new Map(CHUNKS_MB.map((c) => [c, { mbps: [], rss: [] }]));
  // The first upload pays JIT warm-up and first allocations: measured for RSS, not for speed.
  const warmUp = await tusMbps(server.base, token, CHUNKS_MB[0], server.child.pid, payload);
  console.log(`warm-up upload: ${warmUp.mbps.toFixed(0)} MB/s, RSS +${warmUp.rssGrowthMb.toFixed(0)} MB (target ≤ 64)`);
  const baselines = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    baselines.push(await baselineMbps(bare.base));
    for (const chunkMb of CHUNKS_MB) {
      const { mbps, rssGrowthMb } = await tusMbps(server.base, token, chunkMb, server.child.pid, payload);
      results.get(chunkMb).mbps.push(mbps);
      results.get(chunkMb).rss.push(rssGrowthMb);
    }
    baselines.push(await baselineMbps(bare.base));
  }
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const baseline = mean(baselines);
  console.log(
    `baseline: curl -T into node:http ${baselines.map((b) => b.toFixed(0)).join(', ')} MB/s (mean ${baseline.toFixed(1)})`,
  );
  for (const [chunkMb, r] of results) {
    report(
      `tus ${SIZE_MB} MB, chunk ${chunkMb} MB (${r.mbps.map((m) => m.toFixed(0)).join(', ')}; RSS +${Math.max(...r.rss).toFixed(0)} MB, target ≤ 64)`,
      mean(r.mbps),
      baseline,
      'MB/s',
      '≥ 0.8×',
    );
  }
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
} finally {
  bare.stop();
  server.stop();
  rmSync(work, { recursive: true, force: true });
}
