import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { ClipTaskApi, type ClipTaskInfo } from '@vidmatrix/contract/api/clip-task';
import { MaterialApi } from '@vidmatrix/contract/api/material';
import { TOKEN_HEADER } from '@vidmatrix/contract/constants';
import type { Envelope } from '@vidmatrix/contract/envelope';
import { ffmpegCommand } from '@vidmatrix/fixtures';
import { expect } from './fixtures.ts';
import { queryServerDb } from './server-db.ts';

/** Side of the grayscale thumbnails a signature compares (a glance, not the pixels). */
const SIDE = 16;

/** A finished video as downloaded: its file and the title the server says it shows. */
export interface DownloadedOutput {
  file: string;
  title: string;
}

/** The finished videos of a clip task of the signed-in member, downloaded into `dir`, in order. */
export async function downloadOutputs(page: Page, taskId: number, dir: string): Promise<DownloadedOutput[]> {
  const token = await page.evaluate(() => localStorage.getItem('memberToken') ?? '');
  const response = await page.request.post(ClipTaskApi.info, {
    headers: { [TOKEN_HEADER]: token },
    data: { id: taskId },
  });
  const body = (await response.json()) as Envelope<ClipTaskInfo>;
  expect(body.code, body.msg).toBe(200);
  const files: DownloadedOutput[] = [];
  for (const output of body.data.outputs) {
    const file = join(dir, `output-${output.index}.mp4`);
    writeFileSync(file, await (await page.request.get(output.file_url)).body());
    files.push({ file, title: output.title });
  }
  return files;
}

/** Deletes the signed-in member's newest material named `fileName` through the API (as another tab would). */
export async function deleteMaterial(page: Page, fileName: string): Promise<void> {
  const { rows } = await queryServerDb<{ id: number }>(
    (p) => `select id from material where file_name = ${p(1)} order by id desc limit 1`,
    [fileName],
  );
  const token = await page.evaluate(() => localStorage.getItem('memberToken') ?? '');
  const response = await page.request.post(MaterialApi.dele, {
    headers: { [TOKEN_HEADER]: token },
    data: { ids: rows.map((r) => r.id) },
  });
  const body = (await response.json()) as Envelope<unknown>;
  expect(body.code, body.msg).toBe(200);
}

/** The combination key stored with each video's plan (the footage it chose), in order. */
export async function storedComboKeys(taskId: number): Promise<string[]> {
  const { rows } = await queryServerDb<{ combo_key: string }>(
    (p) => `select combo_key from clip_output where task_id = ${p(1)} order by idx`,
    [taskId],
  );
  return rows.map((r) => r.combo_key);
}

/** The footage of each video's stored plan (source and in-point of every shot), in order. */
export async function storedShots(taskId: number): Promise<string[][]> {
  const { rows } = await queryServerDb<{ plan: string }>(
    (p) => `select plan from clip_output where task_id = ${p(1)} order by idx`,
    [taskId],
  );
  return rows.map((r) =>
    (JSON.parse(r.plan) as { segments: { materialId: number; start: number }[] }).segments.map(
      (s) => `${s.materialId}@${s.start}`,
    ),
  );
}

/** The mean loudness of a file's sound in dB (ffmpeg volumedetect), or null when it has no audio stream. */
export function meanVolume(file: string): number | null {
  const run = spawnSync(
    ffmpegCommand(),
    ['-hide_banner', '-i', file, '-vn', '-af', 'volumedetect', '-f', 'null', '-'],
    {
      encoding: 'utf8',
    },
  );
  const mean = /mean_volume: (-?[\d.]+|-inf) dB/.exec(run.stderr);
  if (!mean) {
    if (/Stream #\d+:\d+.*Audio/.test(run.stderr)) {
      throw new Error(`ffmpeg could not measure ${file}: ${run.stderr}`);
    }
    return null;
  }
  return mean[1] === '-inf' ? -Infinity : Number(mean[1]);
}

/**
 * What a person glances at: the video decoded to 16×16 grayscale frames, the frames at a quarter and at
 * three quarters of its length (in a two-segment video, one inside each segment).
 */
export function frameSignature(file: string): Buffer[] {
  const decoded = spawnSync(
    ffmpegCommand(),
    ['-v', 'error', '-i', file, '-an', '-vf', `scale=${SIDE}:${SIDE},format=gray`, '-f', 'rawvideo', '-'],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  if (decoded.status !== 0) {
    throw new Error(`ffmpeg could not decode ${file}: ${decoded.stderr.toString()}`);
  }
  const size = SIDE * SIDE;
  const frames = Math.floor(decoded.stdout.length / size);
  return [frames / 4, (3 * frames) / 4].map((at) => {
    const start = Math.floor(at) * size;
    return decoded.stdout.subarray(start, start + size);
  });
}

/** How different two signatures look: the largest mean absolute difference of a sampled frame (0–255). */
export function signatureDistance(a: readonly Buffer[], b: readonly Buffer[]): number {
  return Math.max(
    ...a.map((frame, i) => {
      const other = b[i] ?? Buffer.alloc(frame.length);
      let sum = 0;
      for (let k = 0; k < frame.length; k += 1) {
        sum += Math.abs((frame[k] ?? 0) - (other[k] ?? 0));
      }
      return sum / frame.length;
    }),
  );
}

/** One decoded frame at full size, 8-bit RGB, row by row. */
export interface RgbFrame {
  width: number;
  height: number;
  data: Buffer;
}

/** The frames of `file` at `fractions` of its length (from 4 decoded a second), RGB at the video's own size. */
export function rgbFrames(file: string, fractions: readonly number[]): RgbFrame[] {
  const decoded = spawnSync(
    ffmpegCommand(),
    ['-v', 'error', '-i', file, '-an', '-vf', 'fps=4', '-f', 'image2pipe', '-c:v', 'ppm', '-'],
    { maxBuffer: 256 * 1024 * 1024 },
  );
  if (decoded.status !== 0) {
    throw new Error(`ffmpeg could not decode ${file}: ${decoded.stderr.toString()}`);
  }
  // A stream of binary PPMs: "P6 <width> <height> 255" and one whitespace byte, then the pixels.
  const frames: RgbFrame[] = [];
  const out = decoded.stdout;
  let at = 0;
  while (at < out.length) {
    const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(out.subarray(at, at + 32).toString('latin1'));
    if (!header) {
      throw new Error(`not a PPM frame at byte ${at} of ${file}`);
    }
    const [width, height] = [Number(header[1]), Number(header[2])];
    const start = at + header[0].length;
    frames.push({ width, height, data: out.subarray(start, start + width * height * 3) });
    at = start + width * height * 3;
  }
  return fractions.map((f) => {
    const frame = frames[Math.min(frames.length - 1, Math.floor(f * frames.length))];
    if (!frame) {
      throw new Error(`${file} has no frames`);
    }
    return frame;
  });
}

/** A box of a frame in fractions of its width and height: [left, top, right, bottom]. */
export type Region = readonly [number, number, number, number];

/** How many pixels of `region` pass `test` (r, g, b 0–255). */
export function countPixels(
  frame: RgbFrame,
  region: Region,
  test: (r: number, g: number, b: number) => boolean,
): number {
  const [x0, y0, x1, y1] = [
    Math.floor(region[0] * frame.width),
    Math.floor(region[1] * frame.height),
    Math.ceil(region[2] * frame.width),
    Math.ceil(region[3] * frame.height),
  ];
  let count = 0;
  for (let y = y0; y < y1; y += 1) {
    for (let x = x0; x < x1; x += 1) {
      const i = (y * frame.width + x) * 3;
      if (test(frame.data[i] ?? 0, frame.data[i + 1] ?? 0, frame.data[i + 2] ?? 0)) {
        count += 1;
      }
    }
  }
  return count;
}

/** The smallest box around the pixels of `region` that pass `test`, in fractions as a Region. */
export function boundsOf(frame: RgbFrame, region: Region, test: (r: number, g: number, b: number) => boolean): Region {
  let [x0, y0, x1, y1] = [frame.width, frame.height, 0, 0];
  for (let y = Math.floor(region[1] * frame.height); y < Math.ceil(region[3] * frame.height); y += 1) {
    for (let x = Math.floor(region[0] * frame.width); x < Math.ceil(region[2] * frame.width); x += 1) {
      const i = (y * frame.width + x) * 3;
      if (test(frame.data[i] ?? 0, frame.data[i + 1] ?? 0, frame.data[i + 2] ?? 0)) {
        [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x + 1), Math.max(y1, y + 1)];
      }
    }
  }
  return [x0 / frame.width, y0 / frame.height, x1 / frame.width, y1 / frame.height];
}

/** One bit per pixel of `region`: whether it passes `test` (a mask to compare frames by). */
export function pixelMask(
  frame: RgbFrame,
  region: Region,
  test: (r: number, g: number, b: number) => boolean,
): boolean[] {
  const mask: boolean[] = [];
  for (let y = Math.floor(region[1] * frame.height); y < Math.ceil(region[3] * frame.height); y += 1) {
    for (let x = Math.floor(region[0] * frame.width); x < Math.ceil(region[2] * frame.width); x += 1) {
      const i = (y * frame.width + x) * 3;
      mask.push(test(frame.data[i] ?? 0, frame.data[i + 1] ?? 0, frame.data[i + 2] ?? 0));
    }
  }
  return mask;
}

/** The share of lit pixels two masks of one region disagree on (0 alike, 1 nothing in common). */
export function maskDifference(a: readonly boolean[], b: readonly boolean[]): number {
  let differ = 0;
  let lit = 0;
  a.forEach((bit, i) => {
    differ += bit !== b[i] ? 1 : 0;
    lit += bit || b[i] ? 1 : 0;
  });
  return lit === 0 ? 0 : differ / lit;
}
