// The sizing figures of docs/deploy.md that need the cluster's own work: database growth per message
// taken in and per post, storage per rendered video, and the workers' CPU seconds per rendered output
// minute. Measured on the cluster's database, files and processes, never estimated.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { until } from './procs.mjs';
import { check, figure, mb } from './report.mjs';

/** Tables a chat message taken in writes (webhook and harvest alike land in the inbox). */
export const MESSAGE_TABLES = ['chat_message', 'conversation', 'lead_v2', 'webhook_nonce'];
/** Tables a post writes over its life. */
export const POST_TABLES = ['publish_batch', 'publish_job', 'publish_attempt', 'publish_event'];

/** Bytes of `tables` with their indexes and TOAST, and the rows of `counted`. */
export async function tableSnapshot(db, tables, counted) {
  const size = await db.query(
    'SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0)::bigint AS bytes FROM pg_class c WHERE c.relname = ANY($1) AND c.relkind = $2',
    [tables, 'r'],
  );
  const rows = await db.query(`SELECT count(*)::bigint AS n FROM ${counted}`);
  return { bytes: Number(size.rows[0].bytes), rows: Number(rows.rows[0].n) };
}

/** Growth per row of `counted` between two snapshots. */
export function perRow(before, after) {
  const rows = after.rows - before.rows;
  return { rows, bytes: after.bytes - before.bytes, perRow: rows > 0 ? (after.bytes - before.bytes) / rows : 0 };
}

/**
 * Database growth per post: `count` posts to `account` (authorized) in one batch, one per material
 * (each an upload of the small `video`), scheduled a week ahead so no runner takes them (a post's rows
 * are written when the batch is made; its attempts and events come later and are counted from the
 * published post of the run).
 */
export async function measurePosts({ db, member, account, video, count }) {
  const materials = [];
  for (let i = 0; i < count; i += 1) {
    const form = new FormData();
    form.append('type', 'upl');
    form.append('file_type', 'video');
    form.append('file', new Blob([video], { type: 'video/mp4' }), `容量${i}.mp4`);
    const res = await fetch(`${member.base}/api/file.File/add`, {
      method: 'POST',
      headers: { memberToken: member.token },
      body: form,
    });
    const answer = await res.json();
    if (answer.code !== 200) {
      throw new Error(`upload for the post measure: ${answer.code} ${answer.msg}`);
    }
    materials.push(answer.data.file_id);
  }
  const before = await tableSnapshot(db, POST_TABLES, 'publish_job');
  const made = await member.ok('/api/seoaivideo.BatchPublish/add', {
    material_ids: materials,
    enterprise_account_ids: [account],
    title: '容量测算',
    description: '',
    schedule: { start_at: Date.now() + 7 * 24 * 3600 * 1000, spacing_sec: 0 },
  });
  const after = await tableSnapshot(db, POST_TABLES, 'publish_job');
  // A published post's later rows: its attempts and events, as stored (row width with its header).
  const later = await db.query(
    `SELECT (SELECT coalesce(sum(pg_column_size(a.*)), 0) FROM publish_attempt a JOIN publish_job j ON j.id = a.job_id WHERE j.state = 'published')
          + (SELECT coalesce(sum(pg_column_size(e.*)), 0) FROM publish_event e JOIN publish_job j ON j.id = e.job_id WHERE j.state = 'published') AS bytes,
            (SELECT count(*) FROM publish_job WHERE state = 'published') AS posts`,
  );
  const posts = Number(later.rows[0].posts);
  return {
    made: made.job_count,
    creation: perRow(before, after),
    lifeBytes: posts > 0 ? Number(later.rows[0].bytes) / posts : 0,
  };
}

/** Bytes of a stored object, asked of the bucket through its public URL. */
async function storedBytes(url) {
  const res = await fetch(url, { method: 'HEAD' });
  if (!res.ok) {
    throw new Error(`${url}: HTTP ${res.status}`);
  }
  return Number(res.headers.get('content-length'));
}

/** Seconds of a video (a path or a URL), by ffprobe. */
export function videoSeconds(path) {
  return Number(
    execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', path])
      .toString()
      .trim(),
  );
}

/** CPU time of a process and the children it has reaped (its ffmpeg runs), ms. */
export function cpuWithChildrenMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * 10;
}

/**
 * CPU seconds per rendered output minute: one clip task (`addTask`) rendered by `workers` with
 * nothing else asked of them; their CPU (ffmpeg included) over the seconds of the videos made. Also
 * the bytes stored per video and per output minute.
 */
export async function measureRender({ member, workers, addTask }) {
  const before = workers.map((w) => cpuWithChildrenMs(w.proc.pid));
  const taskId = await addTask();
  const info = await until(
    'the measured clip task to end',
    () => member.ok('/api/seoaivideo.BatchVideo/taskInfo', { id: taskId }),
    (t) => ['done', 'failed', 'canceled'].includes(t.status),
    900_000,
  );
  // Its last ffmpeg is reaped when the render's job ends, before the task is shown done.
  const cpuMs = workers.reduce((sum, w, i) => sum + cpuWithChildrenMs(w.proc.pid) - before[i], 0);
  const done = info.outputs.filter((o) => o.status === 'done' && o.file_url);
  let seconds = 0;
  let bytes = 0;
  for (const output of done) {
    seconds += videoSeconds(output.file_url);
    bytes += (await storedBytes(output.file_url)) + (output.thumb_url ? await storedBytes(output.thumb_url) : 0);
  }
  return {
    status: info.status,
    outputs: done.length,
    seconds,
    cpuSecondsPerMinute: seconds > 0 ? cpuMs / 1000 / (seconds / 60) : 0,
    bytesPerVideo: done.length > 0 ? bytes / done.length : 0,
    bytesPerMinute: seconds > 0 ? bytes / (seconds / 60) : 0,
  };
}

/** The growth and render figures of docs/deploy.md's sizing table, printed with the summary. */
export async function measureSizing({ db, member, workers, messages, account, video, addTask }) {
  figure(
    'PostgreSQL per message taken in',
    `${messages.perRow.toFixed(0)} B (${messages.rows} messages: ${MESSAGE_TABLES.join(', ')} with indexes grew ${mb(messages.bytes)})`,
    'this check (pg_total_relation_size over the members’ run)',
  );
  // Each measure on its own: one failing leaves the others' figures (and the check fails).
  const measured = async (name, measure) => {
    try {
      await measure();
    } catch (err) {
      check(name, false, err instanceof Error ? (err.stack ?? err.message) : String(err));
    }
  };
  await measured('measure per post', async () => {
    const posts = await measurePosts({ db, member, account, video, count: 40 });
    figure(
      'PostgreSQL per post',
      `${posts.creation.perRow.toFixed(0)} B when made (${posts.made} posts in one batch) + ${posts.lifeBytes.toFixed(0)} B of attempts and events once published`,
      'this check (pg_total_relation_size of the publish tables; pg_column_size of the published post’s rows)',
    );
  });
  await measured('measure a render', async () => {
    const render = await measureRender({ member, workers, addTask });
    check(
      'measured clip task',
      render.status === 'done' && render.outputs > 0,
      `${render.outputs} videos, ${render.seconds.toFixed(1)} s of output`,
    );
    figure(
      'CPU seconds per rendered output minute',
      `${render.cpuSecondsPerMinute.toFixed(0)} s (${render.seconds.toFixed(1)} s of 1080×1920 output, both workers, ffmpeg included)`,
      'this check (/proc utime+stime+cutime+cstime of the workers)',
    );
    figure(
      'storage per rendered video',
      `${mb(render.bytesPerVideo)} per video with its cover, ${mb(render.bytesPerMinute)} per output minute`,
      'this check (objects in the bucket)',
    );
  });
}
