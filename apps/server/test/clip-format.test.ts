import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixtureDir, makeVideo } from '@vidmatrix/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestContext } from './helpers.ts';
import { addFiles, clipTaskInfo, SUBTITLED_TEMPLATE, TINY_OUTPUT } from './clip-helpers.ts';
import { call } from './upload-client.ts';

// Output format per task (issue 24): each task renders at its own aspect, capped by the server's size.

let ctx: TestContext;
let token = '';
let dir = '';
let videoIds: number[] = [];

function task(seed: number, format: object) {
  return {
    clip_model: 1,
    name: `比例${seed}`,
    count: 1,
    seed,
    template: { ...SUBTITLED_TEMPLATE, subtitle: null },
    groups: [{ name: '', materialIds: videoIds, lines: [] }],
    segments: 2,
    segmentSeconds: 1,
    ...format,
  };
}

/** The width×height ffprobe reads from a task's finished video, fetched as the member would. */
async function frameOf(taskId: number): Promise<string> {
  const info = await clipTaskInfo(ctx, token, taskId);
  expect(info.status).toBe('done');
  const url = info.outputs[0]?.file_url ?? '';
  const res = await ctx.app.inject({ method: 'GET', url: new URL(url, 'http://x').pathname });
  expect(res.statusCode).toBe(200);
  const path = join(dir, `out-${taskId}.mp4`);
  writeFileSync(path, res.rawPayload);
  const args = ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height', '-of', 'csv=p=0:s=x'];
  return execFileSync('ffprobe', [...args, path], { encoding: 'utf8' }).trim();
}

beforeAll(async () => {
  // The server's frame is TINY_OUTPUT's 180×320: its short side, 180, caps every task's resolution.
  ctx = await createTestApp({ clipConcurrency: 1 }, { clipOutput: TINY_OUTPUT });
  token = (await login(ctx.app)).ApiToken;
  dir = fixtureDir('vm-clip-format-');
  const a = makeVideo(join(dir, 'a.mp4'), { width: 320, height: 240, seconds: 3, rate: 15 });
  const b = makeVideo(join(dir, 'b.mp4'), { width: 240, height: 320, seconds: 3, rate: 15, pattern: 'testsrc2' });
  videoIds = await addFiles(ctx, token, [a, b]);
  await ctx.app.jobs.drain();
}, 120_000);

afterAll(async () => {
  await ctx.close();
});

describe('clip output format', () => {
  it('refuses an aspect or resolution the form does not offer, in Chinese', async () => {
    const add = (format: object) => call(ctx.app, token, '/api/seoaivideo.BatchVideo/addTask', task(1, format));
    expect(await add({ aspect: '4:3' })).toMatchObject({ code: 400, msg: '画面比例需为 9:16、16:9、1:1 或 3:4' });
    expect(await add({ resolution: 2160 })).toMatchObject({ code: 400, msg: '清晰度需为 720P 或 1080P' });
  });

  it('renders each task at its own aspect; no choice keeps the server frame', async () => {
    const ids: number[] = [];
    for (const [seed, format] of [
      [11, { aspect: '1:1', resolution: 720 }],
      [12, { aspect: '16:9', resolution: 1080 }],
      [13, {}],
    ] as const) {
      const added = await call<{ id: number }>(
        ctx.app,
        token,
        '/api/seoaivideo.BatchVideo/addTask',
        task(seed, format),
      );
      expect(added.code, added.msg).toBe(200);
      ids.push(added.data.id);
    }
    await ctx.app.jobs.drain(300_000);
    const [square = 0, wide = 0, plain = 0] = ids;
    expect((await clipTaskInfo(ctx, token, square)).input).toMatchObject({ aspect: '1:1', resolution: 720 });
    expect(await frameOf(square)).toBe('180x180');
    expect(await frameOf(wide)).toBe('320x180');
    expect(await frameOf(plain)).toBe('180x320');
  }, 300_000);
});
