// The cluster check's own Redis: compose's redis service command as a process on a free port, but
// without persistence (`--appendonly no --save ""`), so the check can kill it without touching the
// machine's Redis, which other engineers' tests share. The fault: kill -9 under traffic and a start
// again with nothing (every queued job, schedule, lock and counter gone), the apps left running.
import { createConnection } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { MemberSocket } from './member.mjs';
import { kill9, startProcess, until } from './procs.mjs';
import { check, figure } from './report.mjs';
import { root } from './topology.mjs';

/** compose.yaml's redis command (`redis-server --appendonly yes …`), read every run. */
export function composeRedisCommand() {
  const compose = parse(readFileSync(join(root, 'deploy/compose.yaml'), 'utf8'), { merge: true });
  const command = compose.services.redis?.command;
  if (!Array.isArray(command) || command[0] !== 'redis-server') {
    throw new Error('deploy/compose.yaml: the redis service runs no redis-server command');
  }
  return command;
}

/** One RESP command over a fresh connection; the first reply line. */
export function redisCommand(port, ...args) {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    let reply = '';
    socket.setTimeout(5_000, () => socket.destroy(new Error('no reply within 5 s')));
    socket.on('error', reject);
    socket.on('data', (chunk) => {
      reply += chunk.toString('utf8');
      if (reply.includes('\r\n')) {
        socket.end();
        resolve(reply.slice(0, reply.indexOf('\r\n')));
      }
    });
    socket.write(`*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(String(a))}\r\n${a}\r\n`).join('')}`);
  });
}

/** Connections of each name (CLIENT LIST's `name=`; the apps name theirs by role). */
export function clientNames(port) {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    let reply = Buffer.alloc(0);
    socket.setTimeout(5_000, () => socket.destroy(new Error('no reply within 5 s')));
    socket.on('error', reject);
    socket.on('data', (chunk) => {
      reply = Buffer.concat([reply, chunk]);
      const header = reply.indexOf('\r\n');
      const length = Number(reply.subarray(1, header).toString());
      if (header > 0 && reply.length >= header + 2 + length) {
        socket.end();
        const counts = new Map();
        for (const name of reply
          .subarray(header + 2, header + 2 + length)
          .toString()
          .matchAll(/ name=(\S*)/g)) {
          counts.set(name[1], (counts.get(name[1]) ?? 0) + 1);
        }
        resolve(counts);
      }
    });
    socket.write('*2\r\n$6\r\nCLIENT\r\n$4\r\nLIST\r\n');
  });
}

/**
 * Starts compose's Redis on `port`, its persistence turned off (what a crash of a Redis that had not
 * written its file yet, or a new container without its volume, comes back with); resolves once it
 * answers PING. `redisServer` is the executable (`which redis-server`).
 */
export async function startRedis({ redisServer, port, dir }) {
  const [, ...args] = composeRedisCommand();
  const proc = startProcess(
    'redis',
    redisServer,
    [...args, '--appendonly', 'no', '--save', '', '--port', String(port), '--bind', '127.0.0.1', '--dir', dir],
    {
      cwd: dir,
      env: process.env,
    },
  );
  await until(
    'Redis to answer PING',
    () => redisCommand(port, 'PING'),
    (r) => r === '+PONG',
    60_000,
  );
  return proc;
}

/**
 * Fault 4: Redis killed with SIGKILL while members' traffic, renders and sockets go on, then started
 * again on the same port, empty. The apps are not restarted: `apps` are checked to be the same
 * processes, alive, afterwards.
 */
export async function killRedis({ redis, redisServer, port, dir, apps }) {
  const pids = apps.map((p) => [p.name, p.proc.pid]);
  const keysBefore = Number((await redisCommand(port, 'DBSIZE')).slice(1));
  const stoppedAt = Date.now();
  await kill9(redis.proc);
  redis.proc = await startRedis({ redisServer, port, dir });
  const downMs = Date.now() - stoppedAt;
  const keysAfter = Number((await redisCommand(port, 'DBSIZE')).slice(1));
  const sameApps = pids.every(([name, pid]) => {
    const app = apps.find((p) => p.name === name);
    return app.proc.pid === pid && app.proc.alive();
  });
  return { downMs, keysBefore, keysAfter, sameApps, restartedAt: Date.now(), stoppedAt };
}

/**
 * After Redis is back, websocket fan-out: a chat webhook sent to one API directly reaches a socket bound
 * on the other directly. Tried with a new message every few seconds until one arrives (a message
 * published before the subscriber is back is dropped, as pub/sub does), then once more for the figure.
 */
export async function crossApiFanOut({ from, to, socketPath, memberId, token, postMessageTo, bound }) {
  const socket = await bound(`ws://127.0.0.1:${to.port}${socketPath}`, memberId, token);
  try {
    const deliver = async (marker, withinMs) => {
      const sentAt = Date.now();
      await postMessageTo(`http://127.0.0.1:${from.port}`, marker);
      await socket.next('send_msg', (d) => d.customer_id === marker, withinMs);
      return Date.now() - sentAt;
    };
    const startedAt = Date.now();
    let tries = 0;
    await until('a message through one API reaching the other', () => deliver(`cross-${(tries += 1)}`, 5_000), Boolean);
    const backAfterMs = Date.now() - startedAt;
    return { tries, backAfterMs, latencyMs: await deliver(`cross-figure-${Date.now()}`, 60_000) };
  } finally {
    socket.close();
  }
}

/**
 * Rate limits after Redis is back: `limit` × 2 + 2 wrong sign-ins from one address, all at once,
 * through nginx (round robin: both APIs take about half). All at once, so every one falls in one
 * counting window however slow the machine is (one after the other, a busy machine stretched them
 * past the window and the count started again). Counters shared in Redis let exactly `limit` through
 * and refuse the rest; per-process counters would let about twice as many through, a limiter that
 * skips Redis all of them. Answers other than a refusal or a wrong password are listed.
 */
export async function rateLimitProbe({ base, loginPath, limit, tooManyCode }) {
  const attempts = limit * 2 + 2;
  const answers = await Promise.all(
    Array.from({ length: attempts }, () =>
      fetch(`${base}${loginPath}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account: 'cluster-nobody', password: 'not-the-password-1' }),
      })
        .then((res) => res.json())
        .then(
          (answer) => answer.code,
          (err) => `error ${err instanceof Error ? err.message : String(err)}`,
        ),
    ),
  );
  const refused = answers.filter((code) => code === tooManyCode).length;
  return { attempts, refused, let: attempts - refused, codes: [...new Set(answers)] };
}

/**
 * Fault 4 with its checks: Redis killed while members' traffic and renders go on, back empty; then,
 * the apps untouched, websocket fan-out both ways between the APIs, every console socket, and the
 * sign-in rate limit counted in Redis across both APIs. (The queues: the clip batch's check.)
 */
export async function killRedisUnderTraffic({
  redis,
  redisServer,
  port,
  dir,
  apis,
  workers,
  member,
  memberId,
  postMessage,
  sockets,
  socketPath,
  base,
  rateLimit,
  kills,
}) {
  const alive = [...apis, ...workers.filter((w) => w.proc.alive())];
  const rr = await killRedis({ redis, redisServer, port, dir, apps: alive });
  kills.push({ name: 'redis', at: rr.stoppedAt, restart: true });
  check(
    'kill -9 Redis under traffic, the apps not restarted',
    rr.sameApps && rr.keysBefore > 0,
    `down ${rr.downMs} ms; ${rr.keysBefore} keys before, ${rr.keysAfter} right after the start (no persistence: queues, schedules, locks and counters gone); ${alive.map((p) => p.name).join(', ')} the same processes`,
  );
  const fan = { socketPath, memberId, token: member.token, bound: MemberSocket.bound.bind(MemberSocket) };
  const postMessageTo = (via, marker) => postMessage(marker, via);
  const there = await crossApiFanOut({ ...fan, from: apis[0], to: apis[1], postMessageTo });
  const back = await crossApiFanOut({ ...fan, from: apis[1], to: apis[0], postMessageTo });
  const marker = `after-redis-${Date.now()}`;
  await postMessage(marker);
  await Promise.all(sockets.map((s) => s.next('send_msg', (d) => d.customer_id === marker, 120_000)));
  check(
    'websocket fan-out back after the Redis kill',
    true,
    `a webhook to ${apis[0].name} reached a socket on ${apis[1].name} ${(there.backAfterMs / 1000).toFixed(1)} s after Redis answered again (${there.tries} tries), and back the other way; every console socket got the next frame`,
  );
  figure(
    'websocket message through one API to a member on the other',
    `${there.latencyMs} ms (${apis[0].name} → ${apis[1].name}), ${back.latencyMs} ms back`,
    'this check (webhook to one API’s port, socket bound on the other’s)',
  );
  // The limiter skips Redis while its connection is down (skipOnError: an outage must not lock
  // members out): count once both APIs' shared connections are back, as the state says.
  await until(
    'both APIs’ shared Redis connections back',
    () => clientNames(port),
    (names) => (names.get('shared') ?? 0) >= apis.length,
    120_000,
  );
  const probe = await rateLimitProbe({ base, ...rateLimit });
  check(
    'rate limits back after the Redis kill',
    probe.let === rateLimit.limit,
    `${probe.attempts} wrong sign-ins at once from one address through nginx (both APIs): ${probe.let} let through, ${probe.refused} refused (limit ${rateLimit.limit} a minute, counted in Redis across the APIs; answers ${probe.codes.join(', ')})`,
  );
  figure(
    'time to recover after a Redis kill -9',
    `${(rr.downMs / 1000).toFixed(1)} s down (kill → answers PING, empty); fan-out back ${(there.backAfterMs / 1000).toFixed(1)} s after`,
    'this check',
  );
  return rr;
}
