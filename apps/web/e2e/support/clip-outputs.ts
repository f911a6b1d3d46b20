import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { ClipTaskApi, type ClipTaskInfo } from '@vidmatrix/contract/api/clip-task';
import { TOKEN_HEADER } from '@vidmatrix/contract/constants';
import type { Envelope } from '@vidmatrix/contract/envelope';
import { ffmpegCommand } from '@vidmatrix/fixtures';
import { expect } from './fixtures.ts';
import { queryServerDb } from './server-db.ts';

/** Side of the grayscale thumbnails a signature compares (a glance, not the pixels). */
const SIDE = 16;

/** The finished videos of a clip task of the signed-in member, downloaded into `dir`; their paths in order. */
export async function downloadOutputs(page: Page, taskId: number, dir: string): Promise<string[]> {
  const token = await page.evaluate(() => localStorage.getItem('memberToken') ?? '');
  const response = await page.request.post(ClipTaskApi.info, {
    headers: { [TOKEN_HEADER]: token },
    data: { id: taskId },
  });
  const body = (await response.json()) as Envelope<ClipTaskInfo>;
  expect(body.code, body.msg).toBe(200);
  const files: string[] = [];
  for (const output of body.data.outputs) {
    const file = join(dir, `output-${output.index}.mp4`);
    writeFileSync(file, await (await page.request.get(output.file_url)).body());
    files.push(file);
  }
  return files;
}

/** The combination key stored with each video's plan (the footage it chose), in order. */
export async function storedComboKeys(taskId: number): Promise<string[]> {
  const { rows } = await queryServerDb<{ combo_key: string }>(
    (p) => `select combo_key from clip_output where task_id = ${p(1)} order by idx`,
    [taskId],
  );
  return rows.map((r) => r.combo_key);
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
