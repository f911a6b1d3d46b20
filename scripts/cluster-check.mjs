// The deployment (deploy/compose.yaml) as plain processes on this machine, where no container can run:
// nginx (Debian's) with a config made from deploy/nginx.conf in front of 2 API processes (JOBS=off),
// 2 workers and 1 runner against the platform sandbox, on the machine's PostgreSQL (a fresh database)
// and a Redis of its own (compose's command without persistence, on a free port: it is killed), storage
// in a bucket of an s3rver of its own (MinIO cannot be pulled here). The load bench's 200 members and a
// member drive it through nginx only; an API, a worker, Redis and the runner are killed with SIGKILL on
// the way, and the bucket is held against the database after; the sizing figures of
// docs/deploy.md are measured. Not part of `npm test`: `node scripts/cluster-check.mjs` (docs/deploy.md).
// Exits 1 when a check fails. Every process it starts is ended when it ends, also on failure.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { register } from 'tsx/esm/api';
import { freePort } from '../bench/lib.mjs';
import { killApiMidUpload, killWorkerMidRender, publishWithRunnerKill } from './cluster/faults.mjs';
import { makeLoadMembers, reportLoad, startLoad } from './cluster/load.mjs';
import { memberClient, MemberSocket, webhookPoster } from './cluster/member.mjs';
import { saveOutputs, startProcess, stopAll, stopProcess, treeRss, until } from './cluster/procs.mjs';
import { killRedisUnderTraffic, startRedis } from './cluster/redis.mjs';
import { auditBucket, bucketObjects, S3_CREDENTIALS, startS3 } from './cluster/s3.mjs';
import { allPassed, check, figure, mb, measureOneApi, printSummary } from './cluster/report.mjs';
import { MESSAGE_TABLES, measureSizing, perRow, tableSnapshot } from './cluster/sizing.mjs';
import { composeServices, envExample, localAppEnv, nginxConfig, root } from './cluster/topology.mjs';

register();
const { makeVideo } = await import('@vidmatrix/fixtures');
const { sandboxControl } = await import('../tools/platform-sandbox/src/client.ts');
const { WS_PATH } = await import('../packages/contract/src/events.ts');
const { WS_PING_MS, LOGIN_RATE_PER_MINUTE } = await import('../packages/contract/src/constants.ts');
const { Code } = await import('../packages/contract/src/envelope.ts');
const { AuthApi } = await import('../packages/contract/src/api/auth.ts');
MemberSocket.pingMs = WS_PING_MS;
const { FINAL_STATES } = await import('../packages/contract/src/rules/publish-state.ts');
const { AccountApi } = await import('../packages/contract/src/api/enterprise-account.ts');
const { RunnerAuthApi } = await import('../packages/contract/src/api/runner-auth.ts');
const { WEBHOOK_MEMBER_HEADER, WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER } =
  await import('../packages/contract/src/api/customer.ts');
const { signWebhook } = await import('../apps/server/src/modules/customer/webhook-signature.ts');
const { CLIP_FONT, SUBTITLE_STYLE } = await import('../apps/server/src/media/clip/clip-fixtures.ts');

const NGINX = process.env.NGINX ?? '/usr/sbin/nginx';
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
// The check's own Redis (restarted in the run; the machine's Redis is shared with others' tests).
const REDIS_SERVER = process.env.REDIS_SERVER ?? '/usr/bin/redis-server';
const LOAD_MEMBERS = Number(process.env.LOAD_MEMBERS ?? 200);
const DEMO_PASSWORD = 'cluster-demo-123';
const PLATFORM = 'douyin';
const PLATFORM_ID = 1;
const SANDBOX_USER = 'cluster-user';
// A batch of three videos: both workers render, one is killed mid-render, none may be lost.
const CLIP_COUNT = 3;

for (const built of ['main.js', 'worker.js', 'admin.js']) {
  if (!existsSync(join(root, 'apps/server/dist', built))) {
    console.error(`apps/server/dist/${built} is missing: run \`npm run build:server\` first`);
    process.exit(1);
  }
}
for (const [path, hint] of [
  [NGINX, 'apt-get install -y nginx-light (or set NGINX)'],
  [REDIS_SERVER, 'apt-get install -y redis-server (or set REDIS_SERVER)'],
]) {
  if (!existsSync(path)) {
    console.error(`${path} is missing: ${hint}`);
    process.exit(1);
  }
}

const stamp = `${Date.now().toString(36)}${process.pid}`;
const dbName = `cluster_check_${stamp}`;
const redisPrefix = `cluster-check-${stamp}`;
const scratch = mkdtempSync(join(tmpdir(), 'vm-cluster-'));
const dataDir = join(scratch, 'data');
const nginxDir = join(scratch, 'nginx');
const redisDir = join(scratch, 'redis');
const s3Dir = join(scratch, 's3');
for (const dir of [dataDir, nginxDir, redisDir, s3Dir, join(scratch, 'runner')]) {
  mkdirSync(dir, { recursive: true });
}
const adminDb = new pg.Client({ connectionString: DATABASE_URL });
await adminDb.connect();
await adminDb.query(`CREATE DATABASE ${dbName}`);
const databaseUrl = Object.assign(new URL(DATABASE_URL), { pathname: `/${dbName}` }).href;

const interrupted = () => void cleanup().then(() => process.exit(130));
process.once('SIGINT', interrupted);
process.once('SIGTERM', interrupted);

let cleaned = false;
async function cleanup() {
  if (cleaned) {
    return;
  }
  cleaned = true;
  await stopAll();
  await adminDb.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
  await adminDb.end().catch(() => undefined);
  rmSync(scratch, { recursive: true, force: true });
}

try {
  await run();
} catch (err) {
  check('the run', false, err instanceof Error ? (err.stack ?? err.message) : String(err));
} finally {
  if (!allPassed()) {
    const logs = saveOutputs(join(tmpdir(), `vm-cluster-logs-${stamp}`));
    // nginx writes its errors to a file (its output is empty): keep it with the rest.
    if (existsSync(join(nginxDir, 'error.log'))) {
      copyFileSync(join(nginxDir, 'error.log'), join(logs, 'nginx-error.log'));
    }
    console.log(`\nEvery process's last output lines: ${logs}`);
  }
  await cleanup();
}
printSummary();
process.exit(allPassed() ? 0 : 1);

async function run() {
  const vars = envExample();
  const services = composeServices(vars);
  const [apiPorts, nginxPort, sandboxPort] = [[await freePort(), await freePort()], await freePort(), await freePort()];
  const [redisPort, s3Port] = [await freePort(), await freePort()];
  const base = `http://127.0.0.1:${nginxPort}`;
  const redisUrl = `redis://127.0.0.1:${redisPort}`;
  // The bucket: compose's name, on the check's S3 server; read by browsers and ffmpeg through nginx.
  const bucket = vars.get('S3_BUCKET') || 'vidmatrix';
  const s3Endpoint = `http://127.0.0.1:${s3Port}`;
  const s3 = { endpoint: s3Endpoint, ...S3_CREDENTIALS, publicUrl: `${base}/${bucket}/` };
  const shared = { dataDir, databaseUrl, redisUrl, redisPrefix, demoPassword: DEMO_PASSWORD, s3 };
  const redisProc = await startRedis({ redisServer: REDIS_SERVER, port: redisPort, dir: redisDir });
  const redis = { name: 'redis', proc: redisProc };
  const s3Proc = await startS3({ port: s3Port, dir: s3Dir, bucket });
  const node = (name, script, env) =>
    startProcess(name, process.execPath, [script], { cwd: root, env: { ...process.env, ...env } });

  // The platforms' stand-in, in a process of its own (ended with the others).
  startProcess('sandbox', process.execPath, ['--import', 'tsx', 'tools/platform-sandbox/src/main.ts'], {
    cwd: root,
    env: { ...process.env, SANDBOX_PORT: String(sandboxPort), HOST: '127.0.0.1' },
  });
  const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  const control = sandboxControl(sandboxUrl);

  // Both APIs and both workers at once, as compose starts them: the migrations run under one lock.
  const startApi = (service, port) =>
    node(service.name, 'apps/server/dist/main.js', localAppEnv(service.env, { ...shared, port }));
  const apis = services.apis.map((service, i) => ({ name: service.name, service, port: apiPorts[i] }));
  for (const api of apis) {
    api.proc = startApi(api.service, api.port);
  }
  const startWorker = (service) =>
    node(service.name, service.command[0], localAppEnv(service.env, { ...shared, port: 0 }));
  const workers = services.workers.map((service) => ({ name: service.name, service, proc: startWorker(service) }));
  const healthy = (api) =>
    until(
      `${api.name} /healthz`,
      () => fetch(`http://127.0.0.1:${api.port}/healthz`).then((r) => r.ok),
      Boolean,
      240_000,
    );
  await Promise.all(apis.map(healthy));
  await until('the workers ready', () => workers.every((w) => w.proc.said((l) => l.includes('Worker ready'))), Boolean);

  writeFileSync(
    join(nginxDir, 'nginx.conf'),
    nginxConfig({ listenPort: nginxPort, apiPorts, dir: nginxDir, bucket, s3Address: `127.0.0.1:${s3Port}` }),
  );
  const nginx = startProcess('nginx', NGINX, ['-c', join(nginxDir, 'nginx.conf'), '-p', nginxDir], {
    cwd: nginxDir,
    env: process.env,
  });
  await until('nginx /healthz', () => fetch(`${base}/healthz`).then((r) => r.ok), Boolean, 60_000);
  await until('the sandbox', () => fetch(`${sandboxUrl}/douyin`).then((r) => r.status < 500), Boolean, 120_000);
  check(
    'topology up',
    true,
    `nginx :${nginxPort} → ${apis.map((a) => `${a.name} :${a.port}`).join(', ')}; ${workers.length} workers; bucket ${bucket} on s3rver :${s3Port}`,
  );

  // The runner, as its image runs it, with an operator token from the admin CLI (docs/deploy.md).
  const appEnv = { ...process.env, ...localAppEnv(services.apis[0].env, { ...shared, port: 0 }) };
  const tokenLine = execFileSync(process.execPath, ['apps/server/dist/admin.js', 'server-runner-token', 'runner-1'], {
    cwd: root,
    env: appEnv,
  }).toString();
  const runnerToken = /RUNNER_TOKEN=(\S+)/.exec(tokenLine)?.[1];
  const runnerService = services.runners[0];
  const runnerEnv = {
    ...process.env,
    ...runnerService.env,
    RUNNER_SERVER_URL: base,
    RUNNER_TOKEN: runnerToken,
    RUNNER_DIR: join(scratch, 'runner'),
    // The one test double: the social platforms are unreachable; the sandbox imitates them.
    RUNNER_CONNECTOR_BASE: sandboxUrl,
  };
  const startRunner = () =>
    startProcess(runnerService.name, process.execPath, ['--import', 'tsx', 'packages/publisher/src/runner/main.ts'], {
      cwd: root,
      env: runnerEnv,
    });
  const runner = { name: runnerService.name, proc: startRunner() };

  // Idle memory: everything up (the runner online: it has polled the server), nothing asked of it yet.
  const watcher = memberClient(base);
  await watcher.signIn(vars.get('DEMO_ACCOUNT') || 'demo', DEMO_PASSWORD);
  await until(
    'the runner online',
    () => watcher.ok('/api/runner.Runner/list', {}),
    (list) => list.availability.server_online >= 1,
  );
  const everyone = () => [
    ...apis,
    ...workers,
    runner,
    redis,
    { name: 'nginx', proc: nginx },
    { name: 's3', proc: s3Proc },
  ];
  const idle = new Map(everyone().map((p) => [p.name, treeRss(p.proc.pid)]));
  const peak = new Map();
  const sampler = setInterval(() => {
    for (const p of everyone()) {
      if (p.proc.alive()) {
        peak.set(p.name, Math.max(peak.get(p.name) ?? 0, treeRss(p.proc.pid)));
      }
    }
  }, 500);

  // The cluster's own database, for the sizing figures (rows and table sizes).
  const clusterDb = new pg.Client({ connectionString: databaseUrl });
  await clusterDb.connect();
  // The load bench's members, each from an address of its own, through nginx for the whole run.
  makeLoadMembers({ env: appEnv, count: LOAD_MEMBERS });
  const messagesBefore = await tableSnapshot(clusterDb, MESSAGE_TABLES, 'chat_message');
  const load = startLoad({ base, members: LOAD_MEMBERS });
  const kills = [];
  try {
    // Sign in and open the console's sockets, all through nginx.
    const member = memberClient(base);
    await member.signIn(vars.get('DEMO_ACCOUNT') || 'demo', DEMO_PASSWORD);
    const secret = await member.ok('/api/customer.Webhook/secret', undefined, { method: 'GET' });
    const memberId = secret.member_id;
    check('sign in through nginx', true, `member ${memberId}`);
    const socketUrl = `ws://127.0.0.1:${nginxPort}${WS_PATH}`;
    const sockets = [];
    for (let i = 0; i < 4; i += 1) {
      sockets.push(await MemberSocket.bound(socketUrl, memberId, member.token));
    }
    const addAccount = async (nickname) =>
      (await member.ok(AccountApi.add, { nickname, platform_id: PLATFORM_ID })).enterprise_account_id;
    const postMessage = webhookPoster({
      base,
      secret: secret.secret,
      memberId,
      accountId: await addAccount('集群号'),
      sign: signWebhook,
      headers: {
        member: WEBHOOK_MEMBER_HEADER,
        timestamp: WEBHOOK_TIMESTAMP_HEADER,
        signature: WEBHOOK_SIGNATURE_HEADER,
      },
    });
    await postMessage('before-kill');
    await Promise.all(sockets.map((s) => s.next('send_msg', (d) => d.customer_id === 'before-kill', 120_000)));

    // Fault 1: an API dies mid-upload, mid-traffic. The file is big enough (noise does not compress)
    // that a multipart part (8 MiB, the tus S3 store's) is in the bucket before the kill.
    const video = makeVideo(join(scratch, 'cluster.mp4'), {
      width: 640,
      height: 360,
      rate: 25,
      seconds: 16,
      mbps: 10,
      filter: 'noise=alls=40:allf=t',
    });
    const partsOf = async (key) =>
      (await clusterDb.query('SELECT part_number FROM upload_part WHERE object_key = $1', [key])).rows;
    const restartApi = async (api) => {
      const proc = startApi(api.service, api.port);
      await healthy({ ...api, proc });
      return proc;
    };
    const a = await killApiMidUpload({
      member,
      memberId,
      apis,
      partsOf,
      socketUrl,
      sockets,
      video,
      postMessage,
      restart: restartApi,
    });
    kills.push({ name: a.victim, at: a.killedAt, address: `127.0.0.1:${apis.find((x) => x.name === a.victim).port}` });
    check(
      `kill -9 ${a.victim} mid-traffic`,
      a.failedAfter.length === 0,
      `${a.callsAfter} calls after the kill answered by ${a.survivor} through nginx, ${a.failedAfter.length} failed` +
        `${
          a.failedAfter.length
            ? ` (${a.failedAfter
                .slice(0, 3)
                .map((c) => `${c.path}: ${c.error}`)
                .join('; ')})`
            : ''
        }` +
        `; ${a.inFlight} in flight at the kill`,
    );
    check(
      'tus upload interrupted by the kill resumes on the other API',
      a.interrupted && a.complete && a.resumedFrom > 0,
      `PATCH ${a.interrupted ? 'broken off' : 'not interrupted'} with ${a.partsAtKill} part(s) in the bucket, resumed at byte ${a.resumedFrom} of ${a.size}, ${a.complete ? 'complete' : 'incomplete'}`,
    );
    // nginx places the sockets among the members' traffic: all of them may land on one API.
    check(
      'sockets on the killed API reconnect and bind again',
      true, // every socket, reopened or not, got the next frame (killApiMidUpload waits for it)
      `${a.socketsClosed} of ${a.socketsTotal} closed with ${a.victim}${a.socketsClosed === 0 ? ' (none was on it: not exercised this run)' : ''}; rebound through nginx, every socket got the next frame (a webhook answered by one API reached sockets on both)`,
    );
    check(
      `${a.victim} restarted`,
      true,
      `served through nginx again ${(a.recoveredMs / 1000).toFixed(1)} s after its restart`,
    );
    figure(
      'time to recover after an API kill',
      `${(a.recoveredMs / 1000).toFixed(1)} s (restart → nginx serves it again)`,
      'this check',
    );

    // The upload becomes a material; a worker processes it, the socket says so.
    const [material] = await member.ok('/api/file.File/add', {
      type: 'url',
      file_url: `${s3.publicUrl}${a.key}`,
      file_name: '集群上传.mp4',
      file_type: 'video',
    });
    await until(
      'the material processed',
      async () =>
        (await member.ok('/api/file.File/list?page=1&limit=16', {})).list.find((m) => m.file_id === material.file_id),
      (m) => m?.process_status === 'done',
    );
    await Promise.all(a.sockets.map((s) => s.next('material_processed', () => true, 120_000)));
    check(
      'material processed by a worker',
      true,
      `material ${material.file_id}; material_processed reached every socket`,
    );

    // The clip batch's source: a light one (a small test pattern, cheap to read and decode), uploaded
    // whole through nginx. The 20 MB of noise is for the upload fault only: read over HTTP by three
    // renders at once on the busy machine, it took the renders past their no-progress limit.
    const light = readFileSync(
      makeVideo(join(scratch, 'clip-source.mp4'), { width: 640, height: 360, rate: 25, seconds: 8 }),
    );
    const lightUrl = await member.tusCreate('集群混剪素材.mp4', light.length);
    await member.tusPatch(lightUrl, 0, light);
    const [source] = await member.ok('/api/file.File/add', {
      type: 'url',
      file_url: `${s3.publicUrl}media/${lightUrl.slice(lightUrl.lastIndexOf('/') + 1)}`,
      file_name: '集群混剪素材.mp4',
      file_type: 'video',
    });
    await until(
      'the clip source processed',
      async () =>
        (await member.ok('/api/file.File/list?page=1&limit=16', {})).list.find((m) => m.file_id === source.file_id),
      (m) => m?.process_status === 'done',
    );

    // Faults 2 and 4: a clip batch; a worker dies mid-render, then Redis is killed while the other renders.
    const addTask = async (count, segments = 2, segmentSeconds = 1) =>
      (
        await member.ok('/api/seoaivideo.BatchVideo/addTask', {
          clip_model: 1,
          name: '集群混剪',
          count,
          seed: 7,
          template: {
            subtitle: SUBTITLE_STYLE,
            title: null,
            transition: null,
            filter: 'none',
            fit: 'cover',
            music: { policy: 'none', volume: 0.3, duck: true },
          },
          groups: [{ name: '', materialIds: [source.file_id], lines: [] }],
          segments,
          segmentSeconds,
          lines: ['集群口播一', '集群口播二'],
          font: CLIP_FONT,
        })
      ).id;
    const afterRedis = () =>
      killRedisUnderTraffic({
        redis,
        redisServer: REDIS_SERVER,
        port: redisPort,
        dir: redisDir,
        apis,
        workers,
        member,
        memberId,
        postMessage,
        sockets: a.sockets,
        socketPath: WS_PATH,
        base,
        rateLimit: { loginPath: AuthApi.login, limit: LOGIN_RATE_PER_MINUTE, tooManyCode: Code.tooMany },
        kills,
      });
    const w = await killWorkerMidRender({
      member,
      workers,
      taskId: await addTask(CLIP_COUNT),
      count: CLIP_COUNT,
      during: afterRedis,
    });
    check(
      `clip batch: kill -9 ${w.victim} mid-render, Redis killed`,
      w.status === 'done' && w.outputs === w.expected && w.done.length === w.expected,
      `task ${w.taskId} ${w.status}, ${w.done.length}/${w.expected} videos done (of ${w.outputs} rows); the queued ones and the dead worker's rendered after Redis came back empty, ${(w.doneAfterMs / 1000).toFixed(0)} s after the kill`,
    );
    check(`no ffmpeg of ${w.victim} left`, w.orphansLeft.length === 0, `${w.orphansLeft.length} left`);
    figure(
      'time to recover after a worker kill',
      `${(w.doneAfterMs / 1000).toFixed(0)} s to the batch's last video (30 s job lease, a Redis kill within)`,
      'this check',
    );
    // What the bucket holds now, for the batch's outputs and the resumed upload only: the members go on
    // adding and removing materials while it is listed, so missing and orphan objects are counted once
    // they have stopped (the audit at the end).
    const held = await bucketObjects({ endpoint: s3Endpoint, bucket });
    const clipObjects = [...held.keys()].filter((k) => k.startsWith('clip/') && !k.startsWith('clip/preview/'));
    const clipKeys = w.done.map((o) => new URL(o.file_url).pathname.slice(`/${bucket}/`.length));
    check(
      'the killed render files its video once in the bucket',
      clipKeys.length === CLIP_COUNT &&
        clipKeys.every((k) => clipObjects.includes(k)) &&
        clipObjects.length === new Set(clipKeys).size,
      `${clipObjects.length} render output(s) in the bucket for ${clipKeys.length} videos done`,
    );
    const uploaded = held.get(a.key);
    check(
      'the resumed upload is whole in the bucket',
      uploaded === a.size,
      `${a.key}: ${uploaded ?? 'missing'} bytes of ${a.size}`,
    );
    const victimWorker = workers.find((x) => x.name === w.victim);
    victimWorker.proc = startWorker(victimWorker.service);

    // Fault 3: the runner dies after the platform accepted the post but before it answered.
    const publishAccount = await addAccount('集群发布号');
    const r = await publishWithRunnerKill({
      member,
      control,
      account: publishAccount,
      // One of the batch's short videos: the 20 MB upload would take minutes through the runner's browser.
      materialId: w.done[0].material_id,
      platform: PLATFORM,
      user: SANDBOX_USER,
      startRunner,
      runner,
      finalStates: FINAL_STATES,
      RunnerAuthApi,
    });
    await Promise.all(
      a.sockets.map((s) => s.next('publish_job', (d) => d.batch_id === r.batchId && d.state === 'published', 120_000)),
    );
    check('publish frames reach the console', true, `every socket got batch ${r.batchId}'s 已发布 frame`);
    for (const s of a.sockets) {
      s.close();
    }

    // The members' run ends: none of their calls may fail but those in flight when the API died.
    const report = await load.stop();
    const messagesAfter = await tableSnapshot(clusterDb, MESSAGE_TABLES, 'chat_message');
    reportLoad({
      report,
      kills,
      proxyLogPath: join(nginxDir, 'access.log'),
      members: LOAD_MEMBERS,
      clip: w,
      post: r,
      upload: a,
    });
    // Media processing jobs the Redis kill took with it were queued again from the database.
    const pending = await until(
      'every material processed',
      async () =>
        Number(
          (await clusterDb.query(`SELECT count(*) AS n FROM material WHERE process_status = 'pending'`)).rows[0].n,
        ),
      (n) => n === 0,
      300_000,
    ).catch(() => -1);
    check(
      'no media processing job lost',
      pending === 0,
      pending === 0 ? 'no material left waiting' : 'materials left waiting (pending) 5 min after the members stopped',
    );
    // Once the members are done: every object a row names is in the bucket, and nothing else is.
    const final = await auditBucket({ db: clusterDb, endpoint: s3Endpoint, bucket });
    check(
      'no orphan or missing object in the bucket',
      final.missing.length === 0 && final.orphans.length === 0,
      `${final.objects} objects (${final.releasing.length} of removed materials held as released for the cleanup job); missing: ${final.missing.slice(0, 20).join(', ') || 'none'}${final.missing.length > 20 ? ` (+${final.missing.length - 20})` : ''}; orphans: ${final.orphans.slice(0, 20).join(', ') || 'none'}${final.orphans.length > 20 ? ` (+${final.orphans.length - 20})` : ''}`,
    );
    await measureSizing({
      db: clusterDb,
      member,
      workers,
      messages: perRow(messagesBefore, messagesAfter),
      account: publishAccount,
      video: readFileSync(makeVideo(join(scratch, 'tiny.mp4'), { width: 160, height: 90, rate: 10, seconds: 1 })),
      addTask: () => addTask(2, 3, 2),
    });
    clearInterval(sampler);
    for (const p of everyone()) {
      figure(
        `RSS ${p.name}`,
        `${mb(idle.get(p.name) ?? 0)} idle, ${mb(peak.get(p.name) ?? 0)} peak in the run`,
        'this check (/proc VmRSS, process tree)',
      );
    }
    await stopProcess(apis[1].proc);
    const url = `${base}/api/member.Member/info`;
    await until(
      'nginx on one API',
      () => fetch(url, { headers: { memberToken: member.token } }).then((x) => x.ok),
      Boolean,
      60_000,
    );
    await measureOneApi({ base, api: apis[0], token: member.token });
    const size = await adminDb.query('SELECT pg_database_size($1) AS bytes', [dbName]);
    figure('PostgreSQL after the run', mb(Number(size.rows[0].bytes)), 'this check (pg_database_size)');
  } finally {
    clearInterval(sampler);
    await load.stop().catch(() => undefined);
    await clusterDb.end().catch(() => undefined);
  }
}
