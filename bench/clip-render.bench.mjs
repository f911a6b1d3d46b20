// Issue 9 and 24 clip figures. (1) The planner: 1,000 distinct variants from 40 segments ≤ 200 ms.
// (2) One portrait 1080×1920 mode-1 video from six 1920×1080 landscape sources, each fitted with the
// blurred fill, with transitions, a look (film curves), a logo in a corner, styled subtitles (综艺黄字黑边:
// yellow, thick black stroke) and a title, and ducked music, made by our pipeline (plan → timeline → ASS
// → one ffmpeg → ffprobe check → rename; TTS excluded: the voice is synthesised once before timing)
// against ONE hand-written ffmpeg command making the same video from the same voice and ASS files:
// wall ≤ 1.10×, CPU ≤ 1.05×, SSIM ≥ 0.98. Both sides are warmed up at full size first, then run
// BENCH_CLIP_ROUNDS rounds (default 3), taking turns at going first; each round is printed, then the
// medians. Then CPU seconds per output minute at 720p (720×1280) and 1080p (1080×1920), both sides.
// (3) A batch of 10 from 12 clips in 4 groups (a task of count 10), rendered one video after another,
// against ten such hand-written commands run one after another: wall ≤ 1.10×; 10 distinct combinations.
// Both ffmpeg runs are their own processes, measured by /usr/bin/time. Needs ffmpeg and espeak-ng.
// BENCH_CLIP_SECONDS (segment seconds × 6, default 5), BENCH_CLIP_ROUNDS (default 3), BENCH_CLIP_PRESET,
// BENCH_CLIP_SIZE (default 1080x1920), BENCH_CLIP_BATCH (videos in the batch, default 10; 0 skips it).
// The batch under concurrent load, through the server's queue, is bench/clip-batch-load.bench.mjs.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeAudio, makeVideo } from '@vidmatrix/fixtures';
import { register } from 'tsx/esm/api';
import { report } from './lib.mjs';

register();
const { clipTaskInput } = await import('../packages/contract/src/api/clip-task.ts');
const { CLIP_LOGO_MARGIN_PERCENT } = await import('../packages/contract/src/constants.ts');
const { planClipTask } = await import('../apps/server/src/media/clip/plan.ts');
const { templateOf } = await import('../apps/server/src/media/clip/planners/shared.ts');
const { produceVideo } = await import('../apps/server/src/media/clip/produce.ts');
const { ClipRenderer } = await import('../apps/server/src/media/clip/render.ts');
const { EspeakTts } = await import('../apps/server/src/media/clip/tts/espeak.ts');

const SEGMENT = Number(process.env.BENCH_CLIP_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_CLIP_ROUNDS ?? process.env.BENCH_CLIP_RUNS ?? 3);
const PRESET = process.env.BENCH_CLIP_PRESET ?? 'veryfast';
const [WIDTH, HEIGHT] = (process.env.BENCH_CLIP_SIZE ?? '1080x1920').split('x').map(Number);
const KEEP = process.env.BENCH_CLIP_KEEP === '1';
const BATCH = Number(process.env.BENCH_CLIP_BATCH ?? 10);
const FONT = 'WenQuanYi Micro Hei';
const FONTS_DIR = '/usr/share/fonts/truetype/wqy';
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// (1) Planner.
{
  const materials = new Map();
  for (let id = 1; id <= 40; id += 1) {
    materials.set(id, { id, kind: 'video', name: `c${id}.mp4`, duration: 3, width: 1920, height: 1080, tags: [] });
  }
  // A task asks for at most CLIP_MAX_VIDEOS; the planner itself is measured at 1,000.
  const base = { name: 'bench', count: 1, seed: 7, template: { subtitle: { font: FONT } } };
  const cases = {
    'pool of 40, 6 per video': clipTaskInput.parse({
      clip_model: 1,
      ...base,
      groups: [{ materialIds: [...materials.keys()] }],
      segments: 6,
    }),
    '4 groups of 10, cross product': clipTaskInput.parse({
      clip_model: 1,
      ...base,
      groups: [0, 1, 2, 3].map((g) => ({ materialIds: [...materials.keys()].slice(g * 10, g * 10 + 10) })),
    }),
  };
  for (const [name, parsed] of Object.entries(cases)) {
    const task = { ...parsed, count: 1000 };
    const times = [];
    const cpu = [];
    let plans = [];
    for (let i = 0; i < 7; i += 1) {
      const usage = process.cpuUsage();
      const start = process.hrtime.bigint();
      plans = planClipTask(task, { materials });
      times.push(Number(process.hrtime.bigint() - start) / 1e6);
      const used = process.cpuUsage(usage);
      cpu.push((used.user + used.system) / 1000);
    }
    const distinct = new Set(plans.map((p) => p.key)).size;
    // On a shared, loaded host wall time mostly measures the wait for a core: CPU time is printed too.
    console.log(
      `planner, ${name}: ${distinct} distinct of ${plans.length}; wall median ${median(times).toFixed(1)} ms (min ${Math.min(...times).toFixed(1)}), CPU median ${median(cpu).toFixed(1)} ms (target ≤ 200 ms)`,
    );
  }
}

// (2) One render against one hand-written command.
const cache = join(tmpdir(), 'vm-clip-bench-cache');
// Sources longer than a segment, so no segment runs out of footage (which would freeze a frame).
const SOURCE = SEGMENT * 2 + 2;
mkdirSync(cache, { recursive: true });
const work = mkdtempSync(join(tmpdir(), 'vm-clip-bench-'));
const sources = [];
for (let i = 0; i < 12; i += 1) {
  const file = join(cache, `src${i}-${SOURCE}.mp4`);
  if (!existsSync(file)) {
    // 1080p landscape sources with grain, so decoding costs what real footage costs.
    makeVideo(file, {
      width: 1920,
      height: 1080,
      rate: 30,
      seconds: SOURCE,
      pattern: 'testsrc2',
      filter: `noise=alls=12:allf=t,hue=h=${i * 30}`,
      preset: 'veryfast',
      mbps: 8,
    });
  }
  sources.push(file);
}
// The logo: a 400×160 badge with transparent corners, as a member's PNG would be.
const logoFile = join(cache, 'logo.png');
if (!existsSync(logoFile)) {
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'color=c=0xff6600@1:s=400x160,format=rgba',
    '-vf',
    "drawbox=x=20:y=20:w=360:h=120:color=white@0.9:t=fill,geq=r='r(X,Y)':g='g(X,Y)':b='b(X,Y)':a='if(lt(hypot(X-200,Y-80),190),255,0)'",
    '-frames:v',
    '1',
    logoFile,
  ]);
}
const LOGO = { path: logoFile, corner: 'top-right', size: 20, opacity: 0.8 };
const music = join(cache, 'music.wav');
if (!existsSync(music)) {
  makeAudio(music, { seconds: 12, frequency: [440, 660], channels: 2 });
}
const materials = new Map(
  sources.map((path, i) => [
    i + 1,
    { id: i + 1, kind: 'video', name: `s${i}.mp4`, duration: SOURCE, width: 1920, height: 1080, tags: [] },
  ]),
);
const files = new Map(sources.map((path, i) => [i + 1, { path, kind: 'video', duration: SOURCE }]));
// About four characters a second in espeak's Mandarin: a line as long as the six segments.
const line = '这是一段用来测试剪辑速度的配音文案。'.repeat(Math.max(1, Math.round((SEGMENT * 6 * 4) / 18)));
const task = clipTaskInput.parse({
  clip_model: 1,
  name: 'bench',
  count: 1,
  seed: 3,
  musicIds: [1],
  template: {
    // 综艺黄字黑边: the styled subtitles a member picks; the ASS file carries the style to both sides.
    subtitle: { font: FONT, size: 72, color: '#FFE400', outlineColor: '#000000', outline: 6, bold: true, y: 78 },
    title: { text: '剪辑速度测试', font: FONT },
    transition: { names: ['fade', 'wipeleft', 'slideup'], duration: 0.5 },
    fit: 'blur',
    filter: 'film',
  },
  groups: [1, 2, 3, 4, 5, 6].map((id) => ({ materialIds: [id] })),
  segmentSeconds: SEGMENT,
  lines: [line],
});
const [single] = planClipTask(task, { materials });
const template = templateOf(task);

// ffmpeg behind /usr/bin/time, so the child's CPU and peak RSS are measured the same way for both.
const stats = join(work, 'stats.txt');
const timed = join(work, 'ffmpeg-timed.sh');
writeFileSync(timed, `#!/bin/sh\nexec /usr/bin/time -f '%e %U %S %M' -a -o '${stats}' ffmpeg "$@"\n`);
chmodSync(timed, 0o755);
const lastStats = () => {
  const [wall, user, sys, rss] = readFileSync(stats, 'utf8').trim().split('\n').at(-1).split(' ').map(Number);
  return { wall, cpu: user + sys, rssMb: rss / 1024 };
};

const voiceCache = join(cache, 'voice');
/** The spec our pipeline rendered: the baseline cuts at the same points. */
let rendered = null;
async function ours(run, size = { width: WIDTH, height: HEIGHT }, plan = single) {
  const output = join(work, `ours${run}.mp4`);
  const renderer = new ClipRenderer(timed);
  const start = process.hrtime.bigint();
  const probe = await produceVideo(renderer, {
    plan,
    template,
    materials: files,
    musicPath: music,
    logo: LOGO,
    tts: new EspeakTts(),
    fontsDir: FONTS_DIR,
    workDir: join(work, 'ours-work'),
    cacheDir: voiceCache,
    output,
    size,
    // A bench on a shared host may wait for a core far longer than a worker would.
    stallMs: 3_600_000,
    encode: { preset: PRESET, crf: 23 },
    onSpec: (spec) => {
      rendered = spec;
    },
  });
  const wall = Number(process.hrtime.bigint() - start) / 1e9;
  return { ...lastStats(), wall, output, duration: probe.duration };
}

/** The baseline: one command written out by hand for the same pieces, transitions, text and sound. */
function baseline(run, duration, plan = single, size = { width: WIDTH, height: HEIGHT }) {
  const { width: W, height: H } = size;
  const output = join(work, `base${run}.mp4`);
  // The cut points come from the voice's length (as ours do): the same numbers, written in by hand.
  const clipLengths = rendered.clips.map((c) => c.length);
  const voice = join(work, 'ours-work', 'voice.wav');
  const ass = join(work, 'ours-work', 'text.ass');
  const d = 0.5;
  const inputs = [];
  const chains = [];
  plan.segments.forEach((s, i) => {
    inputs.push(
      '-ss',
      String(rendered.clips[i].start),
      '-t',
      String(clipLengths[i].toFixed(3)),
      '-i',
      files.get(s.materialId).path,
    );
    // The blurred fill by hand: a backdrop blurred at an eighth of the size and scaled up, the whole
    // picture fitted over it (what an editor writes once it knows a full-size boxblur costs).
    const [bw, bh] = [Math.round(W / 16) * 2, Math.round(H / 16) * 2];
    chains.push(
      `[${i}:v]setpts=PTS-STARTPTS,fps=30,split[a${i}][b${i}];` +
        `[a${i}]scale=${bw}:${bh}:force_original_aspect_ratio=increase,crop=${bw}:${bh},boxblur=4:1,scale=${W}:${H}[bg${i}];` +
        `[b${i}]scale=${W}:${H}:force_original_aspect_ratio=decrease[fg${i}];` +
        `[bg${i}][fg${i}]overlay=(W-w)/2:(H-h)/2,format=yuv420p,setsar=1[v${i}]`,
    );
  });
  let prev = 'v0';
  let offset = 0;
  plan.segments.slice(1).forEach((s, k) => {
    offset += clipLengths[k] - d;
    chains.push(
      `[${prev}][v${k + 1}]xfade=transition=${s.transition}:duration=${d}:offset=${offset.toFixed(3)}[x${k + 1}]`,
    );
    prev = `x${k + 1}`;
  });
  // The look (film curves), the logo in the top-right corner at 80 %, then the styled text on top.
  const n = plan.segments.length;
  const margin = Math.round((Math.min(W, H) * CLIP_LOGO_MARGIN_PERCENT) / 100);
  chains.push(`[${prev}]curves=r='0/0.06 0.5/0.52 1/0.94':g='0/0.04 0.5/0.5 1/0.92':b='0/0.1 0.5/0.46 1/0.86'[graded]`);
  chains.push(`[${n + 2}:v]scale=${Math.round((W * 0.2) / 2) * 2}:-2,format=rgba,colorchannelmixer=aa=0.8[logo]`);
  chains.push(`[graded][logo]overlay=x=W-w-${margin}:y=${margin}:format=auto[branded]`);
  chains.push(`[branded]subtitles=filename=${ass}:fontsdir=${FONTS_DIR},format=yuv420p[vout]`);
  chains.push(
    `[${n}:a]aformat=sample_fmts=fltp:sample_rates=44100:channel_layouts=stereo,apad=whole_dur=${duration},asplit[voice][key]`,
  );
  chains.push(
    `[${n + 1}:a]aformat=sample_fmts=fltp:sample_rates=44100:channel_layouts=stereo,volume=0.3,afade=t=out:st=${duration - 1.5}:d=1.5[bgm]`,
  );
  chains.push('[bgm][key]sidechaincompress=threshold=0.03:ratio=8:attack=20:release=300[ducked]');
  chains.push(
    '[voice][ducked]amix=inputs=2:normalize=0:duration=first,loudnorm=I=-16:TP=-1.5:LRA=11,aresample=44100[aout]',
  );
  const args = [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    ...inputs,
    '-i',
    voice,
    '-stream_loop',
    '-1',
    '-i',
    music,
    '-i',
    logoFile,
    '-filter_complex',
    chains.join(';'),
    '-map',
    '[vout]',
    '-map',
    '[aout]',
    '-c:v',
    'libx264',
    '-preset',
    PRESET,
    '-crf',
    '23',
    '-pix_fmt',
    'yuv420p',
    '-g',
    '60',
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-t',
    String(duration),
    '-movflags',
    '+faststart',
    output,
  ];
  const result = spawnSync(timed, args, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`baseline failed: ${result.stderr}`);
  }
  return { ...lastStats(), output };
}

function ssim(a, b) {
  const log = spawnSync('ffmpeg', ['-hide_banner', '-i', a, '-i', b, '-lavfi', '[0:v][1:v]ssim', '-f', 'null', '-'], {
    encoding: 'utf8',
  }).stderr;
  return Number(/All:([\d.]+)/.exec(log)?.[1] ?? NaN);
}

console.log(
  `ffmpeg: ${execFileSync('ffmpeg', ['-version'], { encoding: 'utf8' }).split('\n')[0]}; preset ${PRESET}; ${cpus().length} cores; load ${load()}`,
);
// Warm-up of both sides at full size: the voice goes into the cache, the files into the OS cache, and
// the baseline has our voice and ASS files to read.
{
  const warm = await ours('w');
  baseline('w', warm.duration);
}
const mine = [];
const theirs = [];
const row = (x) => `wall ${x.wall.toFixed(1)} s, CPU ${x.cpu.toFixed(1)} s, RSS ${x.rssMb.toFixed(0)} MB`;
for (let round = 0; round < ROUNDS; round += 1) {
  // Turns at going first, so neither side always meets the machine's state the other left.
  const oursFirst = round % 2 === 0;
  let a;
  let b;
  if (oursFirst) {
    a = await ours(round);
    b = baseline(round, a.duration);
  } else {
    b = baseline(round, mine.at(-1).duration);
    a = await ours(round);
  }
  mine.push(a);
  theirs.push(b);
  console.log(
    `round ${round + 1} (${oursFirst ? 'ours' : 'baseline'} first; load ${load()}): ours ${row(a)}; baseline ${row(b)}; wall ${(a.wall / b.wall).toFixed(2)}×, CPU ${(a.cpu / b.cpu).toFixed(2)}×, SSIM ${ssim(a.output, b.output).toFixed(4)}`,
  );
}
const pick = (xs, key) => median(xs.map((x) => x[key]));
console.log(
  `video: ${mine[0].duration.toFixed(2)} s at ${WIDTH}×${HEIGHT} from ${single.segments.length} landscape sources (blurred fill, film look, logo, styled subtitles); load now ${load()}`,
);
report(`clip render wall (median of ${ROUNDS})`, pick(mine, 'wall'), pick(theirs, 'wall'), 's', '≤ 1.10');
report(`clip render CPU (median of ${ROUNDS})`, pick(mine, 'cpu'), pick(theirs, 'cpu'), 's', '≤ 1.05');
console.log(
  `peak RSS: ours ${pick(mine, 'rssMb').toFixed(0)} MB, baseline ${pick(theirs, 'rssMb').toFixed(0)} MB (target ≤ 1024 MB)`,
);
const ssims = mine.map((m, i) => ssim(m.output, theirs[i].output));
console.log(`SSIM ours vs baseline: min ${Math.min(...ssims).toFixed(4)} of ${ROUNDS} (target ≥ 0.98)`);
// CPU seconds per output minute at 720p and 1080p: the sizing figure of docs/deploy.md. 1080p is the
// rounds' median; 720p one more run of each side (its voice and ASS written at that size).
{
  const perMinute = (x, duration) => (x.cpu / duration) * 60;
  const p720 = await ours('720', { width: 720, height: 1280 });
  const b720 = baseline('720', p720.duration, single, { width: 720, height: 1280 });
  const m1080 = median(mine.map((m) => perMinute(m, m.duration)));
  const t1080 = median(theirs.map((t, i) => perMinute(t, mine[i].duration)));
  console.log(
    `CPU seconds per output minute (preset ${PRESET}, ${cpus().length} cores): 720×1280 ours ${perMinute(p720, p720.duration).toFixed(0)}, baseline ${perMinute(b720, p720.duration).toFixed(0)}; ${WIDTH}×${HEIGHT} ours ${m1080.toFixed(0)}, baseline ${t1080.toFixed(0)}`,
  );
}
// (3) The batch: one task of BATCH videos from 12 clips in 4 groups of 3 (3^4 = 81 combinations).
if (BATCH > 0) {
  const batchTask = clipTaskInput.parse({
    ...task,
    count: BATCH,
    seed: 11,
    groups: [0, 1, 2, 3].map((g) => ({ materialIds: [1, 2, 3].map((k) => g * 3 + k) })),
  });
  const plans = planClipTask(batchTask, { materials });
  const distinct = new Set(plans.map((p) => p.key)).size;
  let oursWall = 0;
  let oursCpu = 0;
  let baseWall = 0;
  let baseCpu = 0;
  for (const [i, plan] of plans.entries()) {
    // Each baseline command runs right after our render of the same plan: it reads that render's
    // voice and ASS files (the same text), and both see the same machine at nearly the same moment.
    const mineOne = await ours(`b${i}`, { width: WIDTH, height: HEIGHT }, plan);
    oursWall += mineOne.wall;
    oursCpu += mineOne.cpu;
    const theirsOne = baseline(`b${i}`, mineOne.duration, plan);
    baseWall += theirsOne.wall;
    baseCpu += theirsOne.cpu;
  }
  console.log(
    `batch: ${plans.length} videos, ${distinct} distinct combinations (target ${BATCH}), from 12 clips in 4 groups; load now ${load()}`,
  );
  report(`batch of ${plans.length} wall`, oursWall, baseWall, 's', '≤ 1.10');
  report(`batch of ${plans.length} CPU`, oursCpu, baseCpu, 's', 'none set');
}
if (KEEP) {
  console.log(`outputs kept in ${work}`);
} else {
  rmSync(work, { recursive: true, force: true });
}
