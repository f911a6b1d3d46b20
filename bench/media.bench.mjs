// Issue 3 media figures: thumbnails (the server's sharp path, MediaRepository.imageThumbnail) ≥ 4×
// ImageMagick `convert` doing the same job on the same images, and the video poster of a 300 MB
// MP4 (ffmpeg seeking before -i, MediaRepository.videoPoster) p95 ≤ 1 s. Both run one image or
// one poster at a time, as a job worker does. Needs ffmpeg and ImageMagick (apt-get install imagemagick).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeVideo } from '@vidmatrix/fixtures';
import { register } from 'tsx/esm/api';
import { report } from './lib.mjs';

register();
const { MediaRepository } = await import('../apps/server/src/media/media.repository.ts');
const { default: sharp } = await import('sharp');

const IMAGES = Number(process.env.BENCH_IMAGES ?? 12);
const POSTER_RUNS = Number(process.env.BENCH_POSTER_RUNS ?? 20);
const VIDEO_MB = Number(process.env.BENCH_VIDEO_MB ?? 300);
const work = mkdtempSync(join(tmpdir(), 'vm-media-bench-'));
// The 300 MB video takes a while to encode: kept between runs.
const cacheDir = join(tmpdir(), 'vm-media-bench-cache');
const media = new MediaRepository();
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** The real ImageMagick (`magick` or `convert`), by its -version banner; null when missing. */
function imageMagick() {
  for (const command of ['magick', 'convert']) {
    const probe = spawnSync(command, ['-version'], { encoding: 'utf8' });
    if (probe.status === 0 && /ImageMagick/.test(probe.stdout)) {
      return { command, version: probe.stdout.split('\n')[0] };
    }
  }
  return null;
}

/** 12 MP photo-like JPEGs (noise over gradients, so decoding costs what a real photo costs). */
async function makeImages() {
  const files = [];
  for (let i = 0; i < IMAGES; i += 1) {
    const file = join(work, `img${i}.jpg`);
    const base = sharp({
      create: {
        width: 4000,
        height: 3000,
        channels: 3,
        background: { r: (i * 37) % 255, g: 90, b: 160 },
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    });
    writeFileSync(file, await base.jpeg({ quality: 90 }).toBuffer());
    files.push(file);
  }
  return files;
}

async function thumbnails(files) {
  const magick = imageMagick();
  if (!magick) {
    console.log('thumbnails: ImageMagick is not installed (apt-get install imagemagick); no baseline');
    return;
  }
  console.log(`baseline: ${magick.version}`);
  const rounds = { sharp: [], convert: [] };
  // Alternate the two so machine noise falls on both alike.
  for (let round = 0; round < 2; round += 1) {
    let start = process.hrtime.bigint();
    for (const file of files) {
      await media.imageThumbnail(file);
    }
    rounds.sharp.push(files.length / (Number(process.hrtime.bigint() - start) / 1e9));
    start = process.hrtime.bigint();
    for (const file of files) {
      execFileSync(magick.command, [file, '-auto-orient', '-resize', '342x', '-quality', '80', join(work, 'out.jpg')]);
    }
    rounds.convert.push(files.length / (Number(process.hrtime.bigint() - start) / 1e9));
  }
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
  report(
    `thumbnails 12 MP → 342 px (sharp ${rounds.sharp.map((r) => r.toFixed(1)).join(', ')}; convert ${rounds.convert.map((r) => r.toFixed(1)).join(', ')})`,
    mean(rounds.sharp),
    mean(rounds.convert),
    'img/s',
    '≥ 4×',
  );
}

/** A ~300 MB H.264 MP4: 1280x720 test pattern with noise at 20 Mbit/s, a key frame every 2 s. */
function cachedVideo() {
  mkdirSync(cacheDir, { recursive: true });
  const file = join(cacheDir, `video-${VIDEO_MB}mb.mp4`);
  if (existsSync(file)) {
    return file;
  }
  const seconds = Math.round((VIDEO_MB * 8) / 20);
  console.log(`encoding a ${VIDEO_MB} MB video (${seconds} s of 720p at 20 Mbit/s), once…`);
  // Written aside and renamed, so an interrupted encode is never taken for the finished file.
  makeVideo(`${file}.tmp.mp4`, {
    width: 1280,
    height: 720,
    rate: 30,
    seconds,
    pattern: 'testsrc2',
    filter: 'noise=alls=12:allf=t',
    mbps: 20,
    gop: 60,
  });
  renameSync(`${file}.tmp.mp4`, file);
  return file;
}

async function posters() {
  const file = cachedVideo();
  const mb = statSync(file).size / 1024 / 1024;
  const duration = await media.duration(file);
  const samples = [];
  for (let i = 0; i < POSTER_RUNS; i += 1) {
    const start = process.hrtime.bigint();
    const frame = await media.videoPoster(file, duration);
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
    if (frame.length === 0) {
      throw new Error('no frame');
    }
  }
  samples.sort((a, b) => a - b);
  const p95 = samples[Math.min(samples.length - 1, Math.floor(samples.length * 0.95))];
  console.log(
    `video poster of a ${mb.toFixed(0)} MB, ${duration} s MP4: p95 ${p95.toFixed(0)} ms, median ${samples[samples.length >> 1].toFixed(0)} ms (target p95 ≤ 1000 ms)`,
  );
}

try {
  console.log(`load average ${load()}`);
  await thumbnails(await makeImages());
  await posters();
  console.log(`load average ${load()}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
