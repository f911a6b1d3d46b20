import { readFileSync } from 'node:fs';
import type { ClipTaskInfo, ClipTemplate } from '@vidmatrix/contract/api/clip-task';
import type { UploadedFile } from '@vidmatrix/contract/api/material';
import { expect } from 'vitest';
import { SUBTITLE_STYLE } from '../src/media/clip/clip-fixtures.ts';
import type { TestContext } from './helpers.ts';
import { call, tusUpload } from './upload-client.ts';

/** The clip tests' CJK font, from the unit tests' fixtures (one source). */
export { CLIP_FONT } from '../src/media/clip/clip-fixtures.ts';

/** Tiny renders: 180×320 at 15 fps, x264 ultrafast, so a video takes a second or two. */
export const TINY_OUTPUT = { size: { width: 180, height: 320 }, fps: 15, encode: { preset: 'ultrafast', crf: 30 } };
/** A plain template: subtitles at the bottom, nothing else. */
export const SUBTITLED_TEMPLATE: ClipTemplate = {
  subtitle: SUBTITLE_STYLE,
  title: null,
  transition: null,
  filter: 'none',
  fit: 'cover',
  music: { policy: 'none', volume: 0.3, duck: true },
};

/** Uploads fixture videos through tus and registers them as the member's materials; their ids. */
export async function addVideos(ctx: TestContext, apiToken: string, files: string[]): Promise<number[]> {
  const keys: string[] = [];
  for (const file of files) {
    keys.push(await tusUpload(ctx.app, apiToken, file.split('/').pop() ?? 'v.mp4', readFileSync(file)));
  }
  const added = await call<UploadedFile[]>(ctx.app, apiToken, '/api/file.File/add', {
    type: 'url',
    file_url: keys.map((k) => `/storage/${k}`).join(','),
    file_name: keys.map((_, i) => `v${i}.mp4`).join(','),
    file_type: 'video',
  });
  expect(added.code).toBe(200);
  return added.data.map((f) => f.file_id);
}

/** taskInfo of one of the member's clip tasks. */
export async function clipTaskInfo(ctx: TestContext, apiToken: string, id: number): Promise<ClipTaskInfo> {
  const res = await call<ClipTaskInfo>(ctx.app, apiToken, '/api/seoaivideo.BatchVideo/taskInfo', { id });
  expect(res.code).toBe(200);
  return res.data;
}
