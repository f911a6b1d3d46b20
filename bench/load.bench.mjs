// Issue 13 load figure (a benchmark, not a test): 200 simulated members against one server for a fixed
// time (LOAD_SECONDS, 600 by default; shorter while developing), printed beside the same run with 20
// members, so the ratio shows how the cost grows. Browsing, uploading, importing and chatting; p95 per
// call, errors, and the server's RSS after warm-up and at the end. On SQLite, and on PostgreSQL + Redis
// when DATABASE_URL and REDIS_URL are set (LOAD_DB=sqlite|pg picks one). Three kinds of process: the
// server, the load generator (bench/load-client.mjs) and this one, which only starts them and reports.
import { fork, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { processRss, root, scratchSchema, serverMode, startServer } from './lib.mjs';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 600);
const SIZES = [20, Number(process.env.LOAD_MEMBERS ?? 200)];
const WARMUP = 0.2;
const databases = process.env.LOAD_DB
  ? [process.env.LOAD_DB]
  : process.env.DATABASE_URL && process.env.REDIS_URL
    ? ['sqlite', 'pg']
    : ['sqlite'];

function run(base, members) {
  return new Promise((resolve, reject) => {
    const child = fork(join(root, 'bench/load-client.mjs'), {
      env: { ...process.env, LOAD_BASE: base, LOAD_MEMBERS: String(members), LOAD_SECONDS: String(SECONDS) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', resolve);
    child.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`load client exited ${code}`))));
  });
}

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

for (const db of databases) {
  const scratch = db === 'pg' ? await scratchSchema(process.env.DATABASE_URL, 'load') : null;
  const env =
    db === 'pg'
      ? {
          DATABASE_URL: scratch.url,
          REDIS_URL: process.env.REDIS_URL,
          REDIS_PREFIX: `load-${randomBytes(4).toString('hex')}`,
        }
      : { DATABASE_URL: '', REDIS_URL: '' };
  env.TRUST_PROXY = '1';
  // BENCH_PORT pins the server's port; else startServer takes a free one from the OS.
  const server = await startServer({
    port: process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined,
    env,
    direct: true,
  });
  try {
    const made = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(root, 'bench/load-members.ts'), String(Math.max(...SIZES))],
      {
        cwd: root,
        env: { ...process.env, ...env, DATA_DIR: server.dataDir },
        stdio: 'inherit',
      },
    );
    if (made.status !== 0) {
      throw new Error('could not make the load members');
    }
    const results = [];
    for (const members of SIZES) {
      const rss = [];
      const sampler = setInterval(() => rss.push(processRss(server.child.pid)), 1000);
      const result = await run(server.base, members);
      clearInterval(sampler);
      const warm = rss[Math.floor(rss.length * WARMUP)] ?? 0;
      results.push({ members, ...result, rss: { warm, end: rss.at(-1) ?? 0, max: Math.max(0, ...rss) } });
    }
    console.log(
      `\n${db === 'pg' ? 'PostgreSQL + Redis' : 'SQLite'} (server: ${serverMode()}), ${SECONDS} s per run, load average ${loadavg()[0].toFixed(1)}`,
    );
    const [small, large] = results;
    console.log(
      `call                     p95 @${small.members}     p95 @${large.members}     ratio   (calls @${small.members} / @${large.members})`,
    );
    for (const name of new Set([...Object.keys(small.calls), ...Object.keys(large.calls)])) {
      const a = small.calls[name];
      const b = large.calls[name];
      console.log(
        `${name.padEnd(22)} ${`${(a?.p95 ?? 0).toFixed(0)} ms`.padStart(9)} ${`${(b?.p95 ?? 0).toFixed(0)} ms`.padStart(11)} ${((b?.p95 || 1) / (a?.p95 || 1)).toFixed(2).padStart(8)}   (${a?.n ?? 0} / ${b?.n ?? 0})`,
      );
    }
    for (const r of results) {
      const errors = Object.values(r.errors).reduce((s, n) => s + n, 0);
      console.log(
        `${r.members} members: errors ${errors} ${JSON.stringify(r.errors)}; RSS after warm-up ${mb(r.rss.warm)}, at the end ${mb(r.rss.end)}, max ${mb(r.rss.max)}`,
      );
    }
  } finally {
    await server.stop();
    await scratch?.drop();
  }
}
