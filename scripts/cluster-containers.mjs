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
import { join } from 'node:path';
import { register } from 'tsx/esm/api';
import { freePort } from '../bench/lib.mjs';
import { PODMAN_ENV, podman, podmanStack, readEnvFile, STAND_INS } from './cluster/containers.mjs';
import { backgroundTraffic } from './cluster/faults.mjs';
import { memberClient, MemberSocket, webhookPoster } from './cluster/member.mjs';
import { exists, until } from './cluster/procs.mjs';
import { allPassed, check, figure, printSummary } from './cluster/report.mjs';
import { S3_CREDENTIALS } from './cluster/s3.mjs';
import { root } from './cluster/topology.mjs';

register();
const { WS_PATH } = await import('../packages/contract/src/events.ts');
const { WS_PING_MS } = await import('../packages/contract/src/constants.ts');
const { AccountApi } = await import('../packages/contract/src/api/enterprise-account.ts');
const { WEBHOOK_MEMBER_HEADER, WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER } =
  await import('../packages/contract/src/api/customer.ts');
const { signWebhook } = await import('../apps/server/src/modules/customer/webhook-signature.ts');
MemberSocket.pingMs = WS_PING_MS;

const PROJECT = 'vidmatrix-bench';
const DEMO_PASSWORD = 'cluster-demo-123';
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

  await killApiContainer({ member, sockets, socketUrl, memberId: secret.member_id, postMessage });

  for (const line of podman('stats', '--no-stream', '--format', '{{.Name}} {{.MemUsage}}').split('\n')) {
    const [name, ...usage] = line.split(' ');
    if (name.startsWith(`${PROJECT}-`)) {
      figure(`memory ${name.slice(PROJECT.length + 1)}`, usage.join(' '), 'podman stats, after the run');
    }
  }
  for (const s of sockets) {
    s.close();
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
            .map((c) => `${c.path}: ${c.error}`)
            .join('; ')})`
        : ''
    }; ${inFlight.length} in flight at the kill (${inFlight.filter((c) => !c.ok).length} of them failed)`,
  );

  // Sockets that were on it reconnect (as the console does) and get the next message.
  const live = [];
  for (const s of sockets) {
    live.push(s.open ? s : await MemberSocket.bound(socketUrl, memberId, member.token));
  }
  const marker = `after-kill-${Date.now()}`;
  await postMessage(marker);
  await Promise.all(live.map((s) => s.next('send_msg', (d) => d.customer_id === marker, 120_000)));
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
}
