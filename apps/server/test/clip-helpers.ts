import { readFileSync } from 'node:fs';
import type { ClipTaskInfo, ClipTemplate } from '@vidmatrix/contract/api/clip-task';
import type { UploadedFile } from '@vidmatrix/contract/api/material';
import { expect } from 'vitest';
import { SUBTITLE_STYLE } from '../src/media/clip/clip-fixtures.ts';
import type { AppOptions } from '../src/app.ts';
import { addMember, createTestApp, login, type TestContext } from './helpers.ts';
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

/**
 * Uploads fixture files through tus and registers them as the member's materials of `fileType`, each
 * named by its file name; their ids.
 */
export async function addFiles(
  ctx: TestContext,
  apiToken: string,
  files: string[],
  fileType: 'video' | 'image' = 'video',
): Promise<number[]> {
  const keys: string[] = [];
  for (const file of files) {
    keys.push(await tusUpload(ctx.app, apiToken, file.split('/').pop() ?? 'x', readFileSync(file)));
  }
  const added = await call<UploadedFile[]>(ctx.app, apiToken, '/api/file.File/add', {
    type: 'url',
    file_url: keys.map((k) => `/storage/${k}`).join(','),
    file_name: files.map((f) => f.split('/').pop()).join(','),
    file_type: fileType,
  });
  expect(added.code, added.msg).toBe(200);
  return added.data.map((f) => f.file_id);
}

/** taskInfo of one of the member's clip tasks. */
export async function clipTaskInfo(ctx: TestContext, apiToken: string, id: number): Promise<ClipTaskInfo> {
  const res = await call<ClipTaskInfo>(ctx.app, apiToken, '/api/seoaivideo.BatchVideo/taskInfo', { id });
  expect(res.code).toBe(200);
  return res.data;
}

/**
 * The clip tests' app: one render at a time at TINY_OUTPUT (or `options`), the demo member signed in
 * and a second member `other` to try another's materials with; their tokens.
 */
export async function startClipApp(
  other: string,
  options: Partial<Omit<AppOptions, 'config' | 'db'>> = {},
): Promise<{ ctx: TestContext; token: string; otherToken: string }> {
  const ctx = await createTestApp({ clipConcurrency: 1 }, { clipOutput: TINY_OUTPUT, ...options });
  const token = (await login(ctx.app)).ApiToken;
  await addMember(ctx, other);
  const otherToken = (await login(ctx.app, other, 'secret-123')).ApiToken;
  return { ctx, token, otherToken };
}
