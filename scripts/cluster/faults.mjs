// The cluster check's three faults, each driven through nginx as a member would and observed by state
// (files, processes, rows the API shows, the sandbox's counters), never by sleeping.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { commOf, descendants, exists, kill9, openFiles, until } from './procs.mjs';
import { MemberSocket } from './member.mjs';

/** Files under `dir` whose name contains `part`, not tus's .json metadata. */
function filesNamed(dir, part) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.includes(part) && !e.name.endsWith('.json'))
    .map((e) => join(e.parentPath, e.name));
}

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
 */
export async function killApiMidUpload({
  member,
  memberId,
  apis,
  dataDir,
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
  const patch = member.tusPatch(url, 0, body()).then(
    (offset) => ({ offset }),
    (err) => ({ error: String(err) }),
  );
  // State: the upload's file holds the first half, and the API writing it is the one holding it open.
  const file = await until(
    'the first half on disk',
    () => filesNamed(dataDir, id)[0],
    (f) => !!f && statSync(f).size >= half,
  );
  const victim = await until('the API holding the upload', () =>
    apis.find((api) => api.proc.alive() && openFiles(api.proc.pid).includes(file)),
  );
  const survivor = apis.find((api) => api !== victim);
  const killedAt = Date.now();
  await kill9(victim.proc);
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
    () => traffic.after(killedAt).length,
    (n) => n >= 50,
  );
  const inFlight = traffic.calls.filter((c) => c.start <= killedAt && (c.end === 0 || c.end > killedAt));
  const afterKill = traffic.after(killedAt);
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
  const before = servedCount(victim.proc);
  await until(
    'the restarted API to serve through nginx',
    () => servedCount(victim.proc),
    (n) => n > before,
  );
  const recoveredMs = Date.now() - restartedAt;
  await traffic.stop();

  return {
    url,
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

/** Requests an API process logged as completed (pino's "request completed" lines). */
function servedCount(proc) {
  return proc
    .output()
    .split('\n')
    .filter((line) => line.includes('"request completed"')).length;
}

/**
 * Fault 2: kill -9 of the worker rendering a clip (its ffmpeg child is the state that says so). The
 * job is taken again by the other worker once its lease lapses and finishes with exactly the outputs
 * asked for.
 */
export async function killWorkerMidRender({ member, workers, addTask, count }) {
  const taskId = await addTask();
  const renderingIn = (w) => w.proc.alive() && descendants(w.proc.pid).some((pid) => commOf(pid) === 'ffmpeg');
  const victim = await until('a worker rendering', () => workers.find(renderingIn));
  const orphans = descendants(victim.proc.pid);
  const killedAt = Date.now();
  await kill9(victim.proc);
  const other = workers.find((w) => w !== victim);
  await until('the other worker to render it', () => renderingIn(other), Boolean, 300_000);
  const takenAfterMs = Date.now() - killedAt;
  const info = await until(
    'the clip task to end',
    () => member.ok('/api/seoaivideo.BatchVideo/taskInfo', { id: taskId }),
    (t) => ['done', 'failed', 'canceled'].includes(t.status),
    600_000,
  );
  return {
    victim: victim.name,
    taskId,
    status: info.status,
    outputs: info.outputs.length,
    outputsDone: info.outputs.filter((o) => o.status === 'done' && o.file_url).length,
    expected: count,
    takenAfterMs,
    orphansLeft: orphans.filter(exists),
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
    300_000,
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
