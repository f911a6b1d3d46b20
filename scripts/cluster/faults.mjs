// The cluster check's three faults, each driven through nginx as a member would and observed by state
// (files, processes, rows the API shows, the sandbox's counters), never by sleeping.
import { readFileSync } from 'node:fs';
import { commOf, descendants, exists, kill9, until } from './procs.mjs';
import { MemberSocket } from './member.mjs';
import { check, figure } from './report.mjs';

/**
 * Members' calls through nginx, on `loops` loops, until stopped; each call's start, end and outcome,
 * so a kill can tell calls in flight at that moment from calls that came after it.
 */
export function backgroundTraffic(member, loops = 4) {
  const calls = [];
  let stopped = false;
  const paths = [
    ['GET', '/api/member.Member/info'],
    ['POST', '/api/file.File/list?page=1&limit=16'],
    ['GET', '/api/member.EnterpriseAccount/list?page=1&limit=10'],
  ];
  const loop = async (n) => {
    for (let i = n; !stopped; i += 1) {
      const [method, path] = paths[i % paths.length];
      const call = { path, start: Date.now(), end: 0, ok: false, error: '' };
      calls.push(call);
      try {
        const answer = await member.call(path, {}, { method });
        call.ok = answer.code === 200;
        call.error = call.ok ? '' : `${answer.code} ${answer.msg}`;
      } catch (err) {
        call.error = err instanceof Error ? err.message : String(err);
      }
      call.end = Date.now();
    }
  };
  const done = Promise.all(Array.from({ length: loops }, (_, n) => loop(n)));
  return {
    calls,
    /** Calls finished after `at`. */
    after: (at) => calls.filter((c) => c.end > 0 && c.start > at),
    async stop() {
      stopped = true;
      await done;
    },
  };
}

/**
 * Fault 1: kill -9 of the API that is receiving a tus PATCH, mid-file, while members' traffic goes on.
 * The upload resumes through nginx on the other API, the traffic is answered by it, and the sockets on
 * the killed API are reconnected and bound again. `restart` starts the API again (its restart policy).
 * The bytes are in the bucket as multipart parts; `partsOf(key)` reads the parts ledger (the database
 * table every API shares), so the kill comes once a part of the first half is in the bucket.
 */
export async function killApiMidUpload({
  member,
  memberId,
  apis,
  partsOf,
  socketUrl,
  sockets,
  video,
  postMessage,
  restart,
}) {
  const data = readFileSync(video);
  const half = Math.floor(data.length / 2);
  const url = await member.tusCreate('集群上传.mp4', data.length);
  const id = url.split('/').pop();
  const traffic = backgroundTraffic(member);
  let release;
  const gate = new Promise((resolve) => (release = resolve));
  // The first half as it comes, then the stream waits: the PATCH stays open on one API.
  async function* body() {
    for (let at = 0; at < half; at += 64 * 1024) {
      yield data.subarray(at, Math.min(half, at + 64 * 1024));
    }
    await gate;
    yield data.subarray(half);
  }
  // The API that receives the PATCH logs it (pino's "incoming request" with the upload's URL).
  const receivers = new Set();
  const stops = apis.map((api) =>
    api.proc.onLine((line) => {
      if (line.includes('"incoming request"') && line.includes('"PATCH"') && line.includes(id)) {
        receivers.add(api);
      }
    }),
  );
  const patch = member.tusPatch(url, 0, body()).then(
    (offset) => ({ offset }),
    (err) => ({ error: String(err) }),
  );
  // State: a part of the first half is in the bucket (the ledger has it), and the API receiving the
  // PATCH is the one whose log has it.
  const key = `media/${id}`;
  const parts = await until(
    'a part of the first half in the bucket',
    () => partsOf(key),
    (list) => list.length > 0,
  );
  const victim = await until('the API receiving the PATCH', () => [...receivers][0]);
  stops.forEach((stop) => stop());
  const survivor = apis.find((api) => api !== victim);
  const killedAt = Date.now();
  await kill9(victim.proc);
  // The process is gone (reaped: its sockets are closed) only now; a call nginx wrote to it between the
  // signal and this moment was in flight at the kill (session 19: a POST started after the signal was
  // written to the dying API with the calls in flight, and had nginx's 502: nginx resends no POST).
  const deadAt = Date.now();
  release();
  const patched = await patch;
  const interrupted = patched.error !== undefined;

  // Sockets that were on the killed API close; the rest stay.
  const closed = await until(
    'the sockets on the killed API to close',
    () => sockets.filter((s) => !s.open),
    () => true,
  );
  // The traffic goes on: a good number of calls started after the kill, all through nginx.
  await until(
    '50 calls after the kill',
    () => traffic.after(deadAt).length,
    (n) => n >= 50,
  );
  const inFlight = traffic.calls.filter((c) => c.start <= deadAt && (c.end === 0 || c.end > killedAt));
  const afterKill = traffic.after(deadAt);
  const failedAfter = afterKill.filter((c) => !c.ok);

  // The upload resumes on the other API.
  const offset = await member.tusOffset(url);
  const finalOffset = offset < data.length ? await member.tusPatch(url, offset, data.subarray(offset)) : offset;

  // Reconnect what closed (the console's socket does the same) and bind again; a frame reaches everyone.
  const reopened = [];
  for (const s of sockets) {
    if (!s.open) {
      reopened.push(await MemberSocket.bound(socketUrl, memberId, member.token));
    }
  }
  const live = [...sockets.filter((s) => s.open), ...reopened];
  const marker = `after-kill-${Date.now()}`;
  await postMessage(marker);
  await Promise.all(live.map((s) => s.next('send_msg', (d) => d.customer_id === marker, 120_000)));

  // Restarted (compose's restart policy); nginx sends it requests again once it answers.
  const restartedAt = Date.now();
  victim.proc = await restart(victim);
  let served = 0;
  const stopCounting = victim.proc.onLine((line) => {
    served += line.includes('"request completed"') ? 1 : 0;
  });
  await until(
    'the restarted API to serve through nginx',
    () => served,
    (n) => n > 0,
  );
  stopCounting();
  const recoveredMs = Date.now() - restartedAt;
  await traffic.stop();

  return {
    url,
    key,
    size: data.length,
    partsAtKill: parts.length,
    killedAt,
    victim: victim.name,
    survivor: survivor.name,
    interrupted,
    resumedFrom: offset,
    complete: finalOffset === data.length,
    socketsClosed: closed.length,
    socketsTotal: sockets.length,
    sockets: live,
    inFlight: inFlight.length,
    callsAfter: afterKill.length,
    failedAfter,
    recoveredMs,
  };
}

/**
 * Fault 2: kill -9 of a worker rendering one of a clip batch's videos (its ffmpeg child is the state
 * that says so); `during` runs right after (the Redis kill: the other worker renders meanwhile).
 * The dead worker's video is taken again once its job lease lapses; the batch ends with exactly the
 * videos asked for, each done once.
 */
export async function killWorkerMidRender({ member, workers, taskId, count, during }) {
  const renderingIn = (w) => w.proc.alive() && descendants(w.proc.pid).some((pid) => commOf(pid) === 'ffmpeg');
  const victim = await until('a worker rendering', () => workers.find(renderingIn), Boolean, 300_000);
  const orphans = descendants(victim.proc.pid);
  const killedAt = Date.now();
  await kill9(victim.proc);
  const duringResult = await during();
  const info = await until(
    'the clip batch to end',
    () => member.ok('/api/seoaivideo.BatchVideo/taskInfo', { id: taskId }),
    (t) => ['done', 'failed', 'canceled'].includes(t.status),
    900_000,
  );
  return {
    victim: victim.name,
    killedAt,
    taskId,
    status: info.status,
    outputs: info.outputs.length,
    done: info.outputs.filter((o) => o.status === 'done' && o.file_url),
    expected: count,
    doneAfterMs: Date.now() - killedAt,
    orphansLeft: orphans.filter(exists),
    during: duringResult,
  };
}

/**
 * Fault 3: kill -9 of the runner after the platform accepted the create but before it answered (the
 * sandbox's createStall). A new runner process finishes the job by verifying the post: one post on the
 * platform, never a second create, the job 已发布.
 */
export async function killRunnerMidJob({ member, control, platform, user, startRunner, runner, batch, finalStates }) {
  await control.setSwitches(platform, { createStall: true });
  const batchId = await batch();
  const jobOf = async () => (await member.ok('/api/seoaivideo.BatchPublish/info', { batch_id: batchId })).jobs[0];
  await until(
    'the create accepted and the job submitting',
    async () => ({ job: await jobOf(), creates: await control.creates(platform, user) }),
    ({ job, creates }) => job?.state === 'submitting' && creates.accepted === 1,
    // A bound, not a timing: the runner's browser took over 5 minutes to get there at load 30.
    900_000,
  );
  const browsers = descendants(runner.proc.pid);
  const killedAt = Date.now();
  await kill9(runner.proc);
  await until(
    'no browser of the killed runner left',
    () => browsers.filter(exists),
    (left) => left.length === 0,
  );
  await control.setSwitches(platform, { createStall: false });
  runner.proc = await startRunner();
  const job = await until('the job final', jobOf, (j) => finalStates.includes(j.state), 600_000);
  return {
    batchId,
    state: job.state,
    attempts: job.attempts,
    creates: await control.creates(platform, user),
    finishedAfterMs: Date.now() - killedAt,
  };
}

/**
 * Fault 3 with its checks: `account` authorized through the runner's QR (scanned in the sandbox),
 * a batch publishing `materialId` to it, and the runner killed mid-job (killRunnerMidJob).
 */
export async function publishWithRunnerKill({ member, control, account, materialId, RunnerAuthApi, ...fault }) {
  const started = await member.ok(RunnerAuthApi.start, { enterprise_account_id: account });
  const qr = await until(
    'the login QR from the runner',
    () => member.ok(RunnerAuthApi.info, { request_id: started.request_id }),
    (v) => v.state === 'qr' && v.qr_image !== '',
  );
  await control.scan(qr.qr_image, fault.user);
  await until(
    'the account authorized',
    () => member.ok(RunnerAuthApi.info, { request_id: started.request_id }),
    // Done and the account authorized: the request shows 'done' a moment before the account's status
    // is written (runner-auth.service.ts result(): two writes; left for a fix of its own).
    (v) => v.state === 'done' && v.cookie_auth_status === 1,
  );
  check('account authorized through the runner', true, `QR shown through nginx, scanned in the sandbox`);
  const batch = async () =>
    (
      await member.ok('/api/seoaivideo.BatchPublish/add', {
        material_ids: [materialId],
        enterprise_account_ids: [account],
        title: '集群发布不重复',
        description: '',
        schedule: { spacing_sec: 0 },
      })
    ).batch_id;
  const r = await killRunnerMidJob({ member, control, batch, ...fault });
  check(
    'kill -9 the runner mid-job',
    r.state === 'published' && r.creates.accepted === 1 && r.creates.requests === 1,
    `job ${r.state} after ${r.attempts} attempts; the platform saw ${r.creates.requests} create(s), ${r.creates.accepted} post(s); ${(r.finishedAfterMs / 1000).toFixed(0)} s after the kill`,
  );
  figure(
    'time to finish a job after a runner kill',
    `${(r.finishedAfterMs / 1000).toFixed(0)} s (publish lease lapses → a new runner verifies)`,
    'this check',
  );
  return r;
}
