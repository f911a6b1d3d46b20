import { readFileSync } from 'node:fs';
import type { ClipTaskInfo } from '@vidmatrix/contract/api/clip-task';
import type { UploadedFile } from '@vidmatrix/contract/api/material';
import { expect } from 'vitest';
import type { TestContext } from './helpers.ts';
import { call, tusUpload } from './upload-client.ts';

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
