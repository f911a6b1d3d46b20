// Issue 24 figure: a clip task of 10 videos rendered by the real server's queue while the load bench's
// members (bench/load-client.mjs, a process of its own) browse, upload, import and chat against the same
// server, finishes with 0 lost renders: every video done, each filed exactly once in 剪辑成片/<task name>,
// none failed or left queued/running. Beside it, the same batch on the idle server (the baseline): the
// wall ratio shows what the load costs. Mode 1, six 1920×1080 landscape sources, 9:16 with the blurred
// fill, a look and a logo; CLIP_HEIGHT (BENCH_CLIP_HEIGHT, default 1280 = 720p) sizes the videos.
// BENCH_CLIP_LOAD_MEMBERS (default 100) members of load. SQLite, the embedded queue.
import { fork, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeVideo } from '@vidmatrix/fixtures';
import { report, root, signIn, startServer } from './lib.mjs';

const COUNT = 10;
const HEIGHT = Number(process.env.BENCH_CLIP_HEIGHT ?? 1280);
const MEMBERS = Number(process.env.BENCH_CLIP_LOAD_MEMBERS ?? 100);
/** A render that makes no progress for this long is the server's to kill; the bench only waits. */
const WAIT_MS = 60 * 60 * 1000;

const cache = join(tmpdir(), 'vm-clip-bench-cache');
mkdirSync(cache, { recursive: true });
const sources = [];
for (let i = 0; i < 6; i += 1) {
  const file = join(cache, `batch-src${i}.mp4`);
  if (!existsSync(file)) {
    makeVideo(file, { width: 1920, height: 1080, rate: 30, seconds: 8, pattern: 'testsrc2', preset: 'veryfast' });
  }
  sources.push(file);
}
const logoFile = join(cache, 'batch-logo.png');
if (!existsSync(logoFile)) {
  spawnSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'color=c=orange:s=200x80',
    '-frames:v',
    '1',
    logoFile,
  ]);
}

const server = await startServer({
  env: { DATABASE_URL: '', REDIS_URL: '', TRUST_PROXY: '1', CLIP_HEIGHT: String(HEIGHT) },
  direct: true,
});
const load = () => loadavg()[0].toFixed(1);

async function call(token, path, body) {
  const res = await fetch(`${server.base}${path}`, {
    method: 'POST',
    headers: { memberToken: token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return res.json();
}

async function upload(token, file, type, name) {
  const form = new FormData();
  form.append('type', 'upl');
  form.append('file_type', type);
  form.append('file', new Blob([readFileSync(file)]), name);
  const res = await fetch(`${server.base}/api/file.File/add`, {
    method: 'POST',
    headers: { memberToken: token },
    body: form,
  });
  const body = await res.json();
  if (body.code !== 200) {
    throw new Error(`upload of ${name} refused: ${body.msg}`);
  }
  return (Array.isArray(body.data) ? body.data[0] : body.data).file_id;
}

/** Runs one task of COUNT videos to its end; its wall time and what became of every video. */
async function batch(token, ids, logoId, name) {
  const start = Date.now();
  const added = await call(token, '/api/seoaivideo.BatchVideo/addTask', {
    clip_model: 1,
    name,
    count: COUNT,
    seed: 5,
    aspect: '9:16',
    template: {
      subtitle: { font: 'WenQuanYi Micro Hei', color: '#FFE400', outline: 6 },
      fit: 'blur',
      filter: 'film',
      transition: { names: ['fade', 'wipeleft'], duration: 0.5 },
    },
    logo: { materialId: logoId, corner: 'top-right', size: 20, opacity: 0.8 },
    groups: [{ name: '', materialIds: ids, lines: [] }],
    segments: 3,
    segmentSeconds: 2,
    lines: ['批量剪辑压力测试的一句口播文案'],
  });
  if (added.code !== 200) {
    throw new Error(`addTask refused: ${added.msg}`);
  }
  let info;
  for (;;) {
    info = (await call(token, '/api/seoaivideo.BatchVideo/taskInfo', { id: added.data.id })).data;
    if (info.outputs.every((o) => o.status !== 'queued' && o.status !== 'running')) {
      break;
    }
    if (Date.now() - start > WAIT_MS) {
      break;
    }
    await new Promise((r) => setTimeout(r, 2000));
  }
  const wall = (Date.now() - start) / 1000;
  const list = await call(token, '/api/file.File/list?page=1&limit=100', {});
  const filed = (list.data?.data ?? list.data?.list ?? []).filter((m) => String(m.file_name).startsWith(`${name}-`));
  const by = (s) => info.outputs.filter((o) => o.status === s).length;
  const done = by('done');
  // Lost: a video not done, or filed other than once (a duplicate from a render that lost its lease).
  const names = filed.map((m) => m.file_name);
  const lost = COUNT - done + (names.length - new Set(names).size);
  console.log(
    `${name}: ${done} done, ${by('failed')} failed, ${by('queued') + by('running')} unfinished, ${names.length} filed (${new Set(names).size} distinct) → ${lost} lost; ${wall.toFixed(0)} s; load ${load()}`,
  );
  return { wall, lost };
}

try {
  const made = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'bench/load-members.ts'), String(MEMBERS)], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: server.dataDir },
    stdio: 'inherit',
  });
  if (made.status !== 0) {
    throw new Error('could not make the load members');
  }
  const token = await signIn(server.base);
  const ids = [];
  for (const [i, file] of sources.entries()) {
    ids.push(await upload(token, file, 'video', `横屏素材${i}.mp4`));
  }
  const logoId = await upload(token, logoFile, 'image', '台标.png');
  console.log(`server ${server.base}, CLIP_HEIGHT ${HEIGHT}, ${COUNT} videos a task; load ${load()}`);
  const idle = await batch(token, ids, logoId, '空闲批量');
  // The load runs until the batch under it ends: the client is stopped then, not after a fixed time.
  const client = fork(join(root, 'bench/load-client.mjs'), {
    env: { ...process.env, LOAD_BASE: server.base, LOAD_MEMBERS: String(MEMBERS), LOAD_SECONDS: '3600' },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  let loaded;
  try {
    loaded = await batch(token, ids, logoId, '负载批量');
  } finally {
    client.kill('SIGTERM');
  }
  report(`batch of ${COUNT} under ${MEMBERS} members' load, wall`, loaded.wall, idle.wall, 's', 'none set; 0 lost');
  console.log(`lost renders: ${loaded.lost} under load, ${idle.lost} idle (target 0)`);
  process.exitCode = loaded.lost + idle.lost === 0 ? 0 : 1;
} finally {
  await server.stop();
}
