// The cluster check against deploy/compose.yaml's containers (bench/cluster --containers): the images
// built here (deploy/local/build.sh, unless --no-build), the stack brought up with podman
// (scripts/cluster/containers.mjs: compose's services, environment, health checks and order; stand-ins
// for the pulled images, s3rver for MinIO), then through the nginx container only: /healthz, the console
// page, sign-up's captcha and sign-in, chat sockets bound to the member, a webhook message reaching all of
// them over Redis, and kill -9 of one API container under members' traffic (nginx answers from the other,
// no call fails but those in flight; the restart policy brings it back). Every container, volume and the
// network are removed at the end, also on failure. Exits 1 when a check fails.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { register } from 'tsx/esm/api';
import { freePort } from '../bench/lib.mjs';
import { healthy, PODMAN_ENV, podman, podmanStack, readEnvFile, STAND_INS } from './cluster/containers.mjs';
import { backgroundTraffic, killWorkerMidRender } from './cluster/faults.mjs';
import { memberClient, MemberSocket, webhookPoster } from './cluster/member.mjs';
import { exists, until } from './cluster/procs.mjs';
import { allPassed, check, figure, printSummary } from './cluster/report.mjs';
import { S3_CREDENTIALS } from './cluster/s3.mjs';
import { root } from './cluster/topology.mjs';

register();
const { makeVideo } = await import('@vidmatrix/fixtures');
const { CLIP_FONT, SUBTITLE_STYLE } = await import('../apps/server/src/media/clip/clip-fixtures.ts');
const { WS_PATH } = await import('../packages/contract/src/events.ts');
const { WS_PING_MS } = await import('../packages/contract/src/constants.ts');
const { AccountApi } = await import('../packages/contract/src/api/enterprise-account.ts');
const { WEBHOOK_MEMBER_HEADER, WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER } =
  await import('../packages/contract/src/api/customer.ts');
const { signWebhook } = await import('../apps/server/src/modules/customer/webhook-signature.ts');
MemberSocket.pingMs = WS_PING_MS;

const PROJECT = 'vidmatrix-bench';
const DEMO_PASSWORD = 'cluster-demo-123';
// A batch of three videos: both workers render, one is killed mid-render, none may be lost.
const CLIP_COUNT = 3;
const OVERRIDES = [
  'HTTP_PORT (a free port)',
  'POSTGRES_PASSWORD (random)',
  'MINIO_ROOT_USER/MINIO_ROOT_PASSWORD (s3rver’s fixed keys)',
  'DEMO_PASSWORD (known)',
  'COURSE_VIDEOS=off',
  `images: ${Object.entries(STAND_INS)
    .map(([name, s]) => `${name} → ${s.image ?? `none (${s.skip})`}`)
    .join(', ')}`,
];

const vars = readEnvFile(join(root, 'deploy/.env.example'));
const port = await freePort();
for (const [name, value] of Object.entries({
  HTTP_PORT: String(port),
  POSTGRES_PASSWORD: randomBytes(12).toString('hex'),
  MINIO_ROOT_USER: S3_CREDENTIALS.accessKeyId,
  MINIO_ROOT_PASSWORD: S3_CREDENTIALS.secretAccessKey,
  DEMO_PASSWORD,
  COURSE_VIDEOS: 'off',
})) {
  vars.set(name, value);
}
const stack = podmanStack({ project: PROJECT, vars });
const base = `http://127.0.0.1:${port}`;

let cleaned = false;
function cleanup() {
  if (!cleaned) {
    cleaned = true;
    stack.down();
  }
}
const interrupted = () => {
  cleanup();
  process.exit(130);
};
process.once('SIGINT', interrupted);
process.once('SIGTERM', interrupted);

try {
  // A stack left by an interrupted run has the same names.
  stack.down();
  cleaned = false;
  await run();
} catch (err) {
  check('the run', false, err instanceof Error ? (err.stack ?? err.message) : String(err));
  for (const name of ['api-1', 'api-2', 'nginx', 'worker-1', 'runner']) {
    try {
      console.log(`\n--- ${name} (last lines)\n${stack.logs(name).split('\n').slice(-30).join('\n')}`);
    } catch {
      // not started
    }
  }
} finally {
  cleanup();
}
printSummary({
  title: `containers under podman: deploy/compose.yaml's ${Object.keys(stack.compose.services).length} services`,
  overrides: OVERRIDES,
});
process.exit(allPassed() ? 0 : 1);

async function run() {
  if (!process.argv.includes('--no-build')) {
    const started = Date.now();
    const built = spawnSync('sh', [join(root, 'deploy/local/build.sh')], { stdio: 'inherit', env: PODMAN_ENV });
    if (built.status !== 0) {
      throw new Error('deploy/local/build.sh failed');
    }
    figure('image builds', `${((Date.now() - started) / 1000).toFixed(0)} s (layer cache as found)`, 'this run');
  }
  for (const line of podman(
    'images',
    '--filter',
    'reference=localhost/vidmatrix-*',
    '--format',
    '{{.Repository}}:{{.Tag}} {{.Size}}',
  ).split('\n')) {
    const [image, ...size] = line.split(' ');
    figure(`image ${image}`, size.join(' '), 'podman images');
  }

  // Everything but the runner, which needs an operator token from a running API (docs/deploy.md).
  const upAt = Date.now();
  await stack.up(Object.keys(stack.compose.services).filter((name) => name !== 'runner'));
  const upMs = Date.now() - upAt;
  check(
    'stack up',
    true,
    `every service with a health check healthy ${(upMs / 1000).toFixed(0)} s after the first start`,
  );
  figure('time to healthy (containers created to nginx healthy)', `${(upMs / 1000).toFixed(0)} s`, 'this run');

  const health = await fetch(`${base}/healthz`);
  check('/healthz through the nginx container', health.ok, `HTTP ${health.status}`);
  const page = await fetch(`${base}/`);
  const html = await page.text();
  check(
    'the console page through the nginx container',
    page.ok && html.includes('AI获客矩阵') && /<script[^>]+type="module"/.test(html),
    `HTTP ${page.status}, ${html.length} bytes of HTML with the app's module script`,
  );

  const member = memberClient(base);
  const captcha = await member.ok('/api/member.Login/captcha', undefined, { method: 'GET' });
  const refused = await member.call('/api/member.Register/register', {
    account: `c${Date.now().toString(36)}`,
    password: 'cluster-pass-123',
    captcha_id: captcha.captcha_id,
    captcha_code: 'wrong',
  });
  check(
    'sign-up through the nginx container',
    captcha.image.startsWith('<svg') && refused.code !== 200 && /[\u4e00-\u9fff]/.test(refused.msg),
    `captcha drawn; a wrong code refused: ${refused.code} ${refused.msg} (the code is stored hashed: no run can read it)`,
  );
  await member.signIn(vars.get('DEMO_ACCOUNT') || 'demo', DEMO_PASSWORD);
  const secret = await member.ok('/api/customer.Webhook/secret', undefined, { method: 'GET' });
  check('sign in through the nginx container', true, `member ${secret.member_id}`);

  const token = /RUNNER_TOKEN=(\S+)/.exec(
    stack.exec('api-1', 'node', 'apps/server/dist/admin.js', 'server-runner-token', 'runner-1'),
  )?.[1];
  vars.set('RUNNER_TOKEN', token ?? '');
  await stack.up(['runner']);
  const runners = await until(
    'the runner container online',
    () => member.ok('/api/runner.Runner/list', {}),
    (list) => list.availability.server_online >= 1,
  );
  check('runner container online through nginx', true, `${runners.availability.server_online} online`);

  // Sockets through nginx (spread over both APIs by its round robin); a message reaches every one.
  const socketUrl = `ws://127.0.0.1:${port}${WS_PATH}`;
  const sockets = [];
  for (let i = 0; i < 4; i += 1) {
    sockets.push(await MemberSocket.bound(socketUrl, secret.member_id, member.token));
  }
  const postMessage = webhookPoster({
    base,
    secret: secret.secret,
    memberId: secret.member_id,
    accountId: (await member.ok(AccountApi.add, { nickname: '容器号', platform_id: 1 })).enterprise_account_id,
    sign: signWebhook,
    headers: {
      member: WEBHOOK_MEMBER_HEADER,
      timestamp: WEBHOOK_TIMESTAMP_HEADER,
      signature: WEBHOOK_SIGNATURE_HEADER,
    },
  });
  await postMessage('before-kill');
  await Promise.all(sockets.map((s) => s.next('send_msg', (d) => d.customer_id === 'before-kill', 120_000)));
  check(
    'websocket through the nginx container',
    true,
    `${sockets.length} sockets bound, a webhook message reached all`,
  );

  const chat = { sockets, socketUrl, memberId: secret.member_id, member, postMessage };
  chat.sockets = await killApiContainer(chat);
  chat.sockets = await clipBatchWithFaults(chat);

  for (const line of podman('stats', '--no-stream', '--format', '{{.Name}} {{.MemUsage}}').split('\n')) {
    const [name, ...usage] = line.split(' ');
    if (name.startsWith(`${PROJECT}-`)) {
      figure(`memory ${name.slice(PROJECT.length + 1)}`, usage.join(' '), 'podman stats, after the run');
    }
  }
  for (const s of chat.sockets) {
    s.close();
  }
}

/** Reopens (as the console does) and binds the sockets that closed; a webhook message reaches each. */
async function everySocketGets(marker, { sockets, socketUrl, memberId, member, postMessage }) {
  const live = [];
  for (const s of sockets) {
    live.push(s.open ? s : await MemberSocket.bound(socketUrl, memberId, member.token));
  }
  // Retried while a store is coming back (a repeat reaches the sockets as the same customer's message).
  await until(`a webhook message (${marker}) accepted`, () => postMessage(marker).then(() => true), Boolean, 120_000);
  await Promise.all(live.map((s) => s.next('send_msg', (d) => d.customer_id === marker, 120_000)));
  return live;
}

/** A container's main process as scripts/cluster/faults.mjs handles one (pid, alive, exited). */
function containerProc(name) {
  const pid = stack.mainPid(name);
  return {
    pid,
    alive: () => exists(pid),
    get exited() {
      return until(`${name}'s process gone`, () => !exists(pid), Boolean, 60_000);
    },
  };
}

/**
 * A clip batch of three videos (faults.mjs killWorkerMidRender): kill -9 of a worker container's Node
 * process while it renders, then kill -9 of Redis while the other renders. Redis comes back by its
 * restart policy with its append-only file (compose's volume); the APIs are the same processes after,
 * the next chat message reaches every socket (fan-out over Redis), and the batch ends with exactly the
 * videos asked for, each done once.
 */
async function clipBatchWithFaults(chat) {
  const { member } = chat;
  const scratch = mkdtempSync(join(tmpdir(), 'vm-containers-'));
  try {
    const light = readFileSync(
      makeVideo(join(scratch, 'clip-source.mp4'), { width: 640, height: 360, rate: 25, seconds: 8 }),
    );
    const url = await member.tusCreate('容器混剪素材.mp4', light.length);
    await member.tusPatch(url, 0, light);
    const publicUrl = stack.compose.services['api-1'].environment.S3_PUBLIC_URL;
    const [source] = await member.ok('/api/file.File/add', {
      type: 'url',
      file_url: `${publicUrl}/media/${url.slice(url.lastIndexOf('/') + 1)}`,
      file_name: '容器混剪素材.mp4',
      file_type: 'video',
    });
    await until(
      'the clip source processed by a worker container',
      async () =>
        (await member.ok('/api/file.File/list?page=1&limit=16', {})).list.find((m) => m.file_id === source.file_id),
      (m) => m?.process_status === 'done',
    );
    const { id: taskId } = await member.ok('/api/seoaivideo.BatchVideo/addTask', {
      clip_model: 1,
      name: '容器混剪',
      count: CLIP_COUNT,
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
      segments: 2,
      segmentSeconds: 1,
      lines: ['容器口播一', '容器口播二'],
      font: CLIP_FONT,
    });
    const workers = ['worker-1', 'worker-2'].map((name) => ({ name, proc: containerProc(name) }));
    const apiPids = ['api-1', 'api-2'].map((name) => [name, stack.mainPid(name)]);
    let live = chat.sockets;
    const w = await killWorkerMidRender({
      member,
      workers,
      taskId,
      count: CLIP_COUNT,
      during: async () => {
        const pid = stack.mainPid('redis');
        const killedAt = Date.now();
        process.kill(pid, 'SIGKILL');
        await until(
          'redis restarted by its restart policy',
          () => stack.state('redis') === 'running' && stack.mainPid('redis') !== pid,
          Boolean,
          120_000,
        );
        await healthy(stack.container('redis'));
        const backMs = Date.now() - killedAt;
        live = await everySocketGets(`after-redis-${Date.now()}`, { ...chat, sockets: live });
        const same = apiPids.every(([name, before]) => stack.mainPid(name) === before);
        check(
          'kill -9 Redis mid-render',
          same,
          `back by its restart policy, healthy ${(backMs / 1000).toFixed(1)} s after the kill; APIs ${same ? 'not restarted' : 'RESTARTED'}; the next chat message reached all ${live.length} sockets`,
        );
        figure('Redis container back after kill -9 (healthy)', `${(backMs / 1000).toFixed(1)} s`, 'this run');
      },
    });
    const once = w.done.length === CLIP_COUNT && w.outputs === CLIP_COUNT;
    check(
      `kill -9 ${w.victim}'s process mid-render`,
      w.status === 'done' && once && w.orphansLeft.length === 0,
      `batch ${w.status} with ${w.done.length} of ${w.expected} videos done (${w.outputs} outputs), ${(w.doneAfterMs / 1000).toFixed(0)} s after the kill; ${w.orphansLeft.length} ffmpeg of the killed worker left`,
    );
    figure('clip batch done after a worker kill', `${(w.doneAfterMs / 1000).toFixed(0)} s`, 'this run');
    return live;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * kill -9 of one API container's Node process (a crash, not `podman stop`) under members' traffic:
 * nginx answers from the other API; the restart policy (unless-stopped) starts the container again and
 * nginx sends it requests once it answers.
 */
async function killApiContainer({ member, sockets, socketUrl, memberId, postMessage }) {
  const victim = 'api-1';
  const traffic = backgroundTraffic(member);
  await until(
    '20 calls before the kill',
    () => traffic.calls.filter((c) => c.end > 0).length,
    (n) => n >= 20,
  );
  const pid = stack.mainPid(victim);
  const killedAt = Date.now();
  process.kill(pid, 'SIGKILL');
  await until(`${victim}'s node process gone`, () => !exists(pid), Boolean, 30_000);
  const deadAt = Date.now();
  await until(
    '50 calls after the kill',
    () => traffic.after(deadAt).length,
    (n) => n >= 50,
  );
  const after = traffic.after(deadAt);
  const failed = after.filter((c) => !c.ok);
  const inFlight = traffic.calls.filter((c) => c.start <= deadAt && (c.end === 0 || c.end > killedAt));
  check(
    `kill -9 ${victim}'s process mid-traffic`,
    failed.length === 0,
    `${after.length} calls after the kill through nginx, ${failed.length} failed${
      failed.length
        ? ` (${failed
            .slice(0, 3)
            .map((c) => `${c.path}, started ${c.start - deadAt} ms after the reap: ${c.error.split('\n')[0]}`)
            .join('; ')})`
        : ''
    }; ${inFlight.length} in flight at the kill (${inFlight.filter((c) => !c.ok).length} of them failed)`,
  );

  // Sockets that were on it reconnect (as the console does) and get the next message.
  const live = await everySocketGets(`after-kill-${Date.now()}`, { sockets, socketUrl, memberId, member, postMessage });
  check(
    'sockets after the kill',
    true,
    `${live.length - sockets.filter((s) => s.open).length} reconnected; the next message reached all ${live.length}`,
  );

  // Back by its restart policy; served through nginx again (its log has requests after the restart).
  const restarted = await until(
    `${victim} restarted by its restart policy`,
    () => stack.state(victim) === 'running' && stack.mainPid(victim) !== pid,
    Boolean,
    120_000,
  ).catch(() => false);
  if (!restarted) {
    podman('start', stack.container(victim));
  }
  const since = new Date().toISOString();
  await until(
    `${victim} healthy again`,
    () => spawnSync('podman', ['healthcheck', 'run', stack.container(victim)], { env: PODMAN_ENV }).status === 0,
    Boolean,
    180_000,
  );
  const healthyMs = Date.now() - killedAt;
  await until(
    `${victim} serving through nginx again`,
    () => podman('logs', '--since', since, stack.container(victim)).includes('"request completed"'),
    Boolean,
    120_000,
  );
  const servingMs = Date.now() - killedAt;
  await traffic.stop();
  check(
    `${victim} back`,
    restarted,
    restarted
      ? `restarted by its restart policy; healthy ${(healthyMs / 1000).toFixed(1)} s after the kill, serving through nginx ${(servingMs / 1000).toFixed(1)} s after`
      : 'the restart policy did not start it within 120 s (started by hand)',
  );
  figure(
    'API container back after kill -9 (healthy / serving through nginx)',
    `${(healthyMs / 1000).toFixed(1)} s / ${(servingMs / 1000).toFixed(1)} s`,
    'this run',
  );
  figure('calls answered by the other API meanwhile', `${after.length}, ${failed.length} failed`, 'this run');
  return live;
}
