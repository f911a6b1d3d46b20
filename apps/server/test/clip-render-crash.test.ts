import { join } from 'node:path';
import { fixtureDir, makeVideo } from '@vidmatrix/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbeddedJobQueue } from '../src/jobs/embedded-queue.ts';
import { JOB_LEASE_MS, type EnqueueOptions, type HandleOptions, type JobQueue } from '../src/jobs/job-queue.ts';
import type { ClipRenderService } from '../src/modules/clip-task/clip-render.service.ts';
import { registerClipTaskJobs } from '../src/modules/clip-task/clip-task.jobs.ts';
import { CLIP_RENDER_ATTEMPTS } from '../src/modules/clip-task/clip-task.service.ts';
import { addFiles, CLIP_FONT, clipTaskInfo, SUBTITLED_TEMPLATE, TINY_OUTPUT } from './clip-helpers.ts';
import { createTestApp, login, type TestContext } from './helpers.ts';
import { until } from './publish-helpers.ts';
import { call } from './upload-client.ts';

// A worker killed mid-render (found by scripts/cluster-check.mjs): its clip.render job must be taken
// again once its lease lapses and end with one video, not fail with "the job stopped with its process".
// The embedded queue holds the job here, so the dead worker's leftovers are rows the test writes.

let ctx: TestContext;
let token = '';
let videoIds: number[] = [];

beforeAll(async () => {
  // The embedded queue whatever the environment: its job rows are what a dead worker leaves behind.
  ctx = await createTestApp({ clipConcurrency: 1, redisUrl: undefined }, { clipOutput: TINY_OUTPUT });
  token = (await login(ctx.app)).ApiToken;
  const dir = fixtureDir('vm-clip-crash-');
  videoIds = await addFiles(ctx, token, [
    makeVideo(join(dir, 'a.mp4'), { width: 320, height: 240, seconds: 4, rate: 15 }),
  ]);
  await ctx.app.jobs.drain(120_000);
  // From here on no worker runs: the test plays the dead one, then starts another.
  await ctx.app.jobs.close();
}, 180_000);

afterAll(async () => {
  await ctx.close();
});

describe('a clip render whose worker died', () => {
  it('is taken again by another worker once its lease lapses, and files exactly one video', async () => {
    const added = await call<{ id: number }>(ctx.app, token, '/api/seoaivideo.BatchVideo/addTask', {
      clip_model: 1,
      name: '中断测试',
      count: 1,
      seed: 11,
      template: SUBTITLED_TEMPLATE,
      groups: [{ name: '', materialIds: videoIds, lines: [] }],
      segments: 2,
      segmentSeconds: 1,
      lines: ['第一条口播文案'],
      font: CLIP_FONT,
    });
    expect(added.code, added.msg).toBe(200);
    // What a worker killed with SIGKILL mid-render leaves: its run of the job started, its lease lapsed,
    // the video marked running.
    await ctx.db
      .updateTable('job')
      .set({ status: 'running', attempts: 1, locked_until: 0 })
      .where('name', '=', 'clip.render')
      .execute();
    await ctx.db.updateTable('clip_output').set({ status: 'running' }).where('task_id', '=', added.data.id).execute();

    const other = new EmbeddedJobQueue(ctx.db);
    registerClipTaskJobs(other, { clipRender: ctx.app.services.clipRender, clipConcurrency: 1 });
    await other.start();
    // Polled, not drained: the stopped app's schedules keep rows of other jobs in the table.
    const task = await until(
      'the video to end',
      () => clipTaskInfo(ctx, token, added.data.id),
      (t) => t.outputs.every((o) => o.status !== 'queued' && o.status !== 'running'),
      240_000,
    );
    await other.close();
    expect(task.outputs.map((o) => o.status)).toEqual(['done']);
    const filed = await ctx.db
      .selectFrom('material')
      .select('id')
      .where('remark', 'like', `clip_task ${added.data.id} #%`)
      .execute();
    expect(filed.map((m) => m.id)).toEqual([task.outputs[0]?.material_id]);
  }, 300_000);

  it('files one video when a render that lost its lease finishes after the retry that took it over', async () => {
    const added = await call<{ id: number }>(ctx.app, token, '/api/seoaivideo.BatchVideo/addTask', {
      clip_model: 1,
      name: '失租测试',
      count: 1,
      seed: 12,
      template: SUBTITLED_TEMPLATE,
      groups: [{ name: '', materialIds: videoIds, lines: [] }],
      segments: 2,
      segmentSeconds: 1,
      lines: ['第二条口播文案'],
      font: CLIP_FONT,
    });
    expect(added.code, added.msg).toBe(200);
    const [output] = (await clipTaskInfo(ctx, token, added.data.id)).outputs;
    if (!output) {
      throw new Error('the task has no video');
    }
    // The first render stalls once its video is made, before filing it, as a worker whose event loop
    // stood still past its lease: the queue's retry takes the video over meanwhile and files it.
    const { storage } = ctx.app;
    const put = storage.put.bind(storage);
    let stalledKey = '';
    let reached!: () => void;
    const atFiling = new Promise<void>((resolve) => (reached = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    storage.put = async (key, body, type) => {
      if (stalledKey === '') {
        stalledKey = key;
        await put(key, body, type);
        reached();
        return released;
      }
      return put(key, body, type);
    };
    try {
      const render = ctx.app.services.clipRender;
      const stalled = render.render(output.id, 1);
      await atFiling;
      await render.render(output.id, 2);
      release();
      await stalled;
    } finally {
      storage.put = put;
    }
    const task = await clipTaskInfo(ctx, token, added.data.id);
    expect(task.outputs.map((o) => o.status)).toEqual(['done']);
    const filed = await ctx.db
      .selectFrom('material')
      .select(['id', 'object_key'])
      .where('remark', 'like', `clip_task ${added.data.id} #%`)
      .execute();
    expect(filed.map((m) => m.id)).toEqual([task.outputs[0]?.material_id]);
    // The stalled render's file is not the one filed, and is not left in storage.
    expect(filed[0]?.object_key).not.toBe(stalledKey);
    expect(await storage.size(stalledKey)).toBeNull();
  }, 300_000);

  it('after the queue lost its jobs, takes over a video whose render stopped beating, not one that beats', async () => {
    const added = await call<{ id: number }>(ctx.app, token, '/api/seoaivideo.BatchVideo/addTask', {
      clip_model: 1,
      name: '断连测试',
      count: 1,
      seed: 13,
      template: SUBTITLED_TEMPLATE,
      groups: [{ name: '', materialIds: videoIds, lines: [] }],
      segments: 2,
      segmentSeconds: 1,
      lines: ['第三条口播文案'],
      font: CLIP_FONT,
    });
    expect(added.code, added.msg).toBe(200);
    const [output] = (await clipTaskInfo(ctx, token, added.data.id)).outputs;
    if (!output) {
      throw new Error('the task has no video');
    }
    const render = ctx.app.services.clipRender;
    // What Redis coming back empty leaves: the video running, its job gone; the render still beats.
    // Heartbeats are on the app's clock (fixed in tests), not the wall clock: on a busy machine the wall
    // clock is past the app's by more than a lease by now, and a "fresh" beat would read as long dead.
    const running = (updatedAt: number) =>
      ctx.db
        .updateTable('clip_output')
        .set({ status: 'running', updated_at: updatedAt })
        .where('id', '=', output.id)
        .execute();
    await running(ctx.clock.now);
    expect(await render.unfinished()).toContain(output.id);
    expect(await render.render(output.id, 1, true)).toBe('held');
    expect((await clipTaskInfo(ctx, token, added.data.id)).outputs.map((o) => o.status)).toEqual(['running']);
    // Its render died too: no heartbeat for longer than a job lease.
    await running(ctx.clock.now - 2 * JOB_LEASE_MS);
    expect(await render.render(output.id, 1, true)).toBeUndefined();
    const task = await clipTaskInfo(ctx, token, added.data.id);
    expect(task.outputs.map((o) => o.status)).toEqual(['done']);
    expect(await render.unfinished()).not.toContain(output.id);
  }, 300_000);
});

describe('clip render jobs the queue queues again', () => {
  it('keep the tries of a render (2), not the default of the queue (3)', async () => {
    type Payload = { outputId: number; resume?: boolean };
    let handler: ((p: Payload, c: { attempt: number }) => Promise<void>) | undefined;
    let options: HandleOptions<Payload> | undefined;
    const queued: EnqueueOptions[] = [];
    const queue = {
      handle: (_name: string, h: typeof handler, given: typeof options) => {
        handler = h;
        options = given;
      },
      enqueue: (_name: string, _payload: Payload, given: EnqueueOptions) => {
        queued.push(given);
        return Promise.resolve();
      },
    } as unknown as JobQueue;
    // A render that another worker's run still beats on: the resumed job looks again a lease later.
    const clipRender = { render: () => Promise.resolve('held') } as unknown as ClipRenderService;
    registerClipTaskJobs(queue, { clipRender, clipConcurrency: 1 });
    expect(options?.attempts).toBe(CLIP_RENDER_ATTEMPTS);
    await handler?.({ outputId: 1, resume: true }, { attempt: 1 });
    expect(queued).toEqual([{ delayMs: JOB_LEASE_MS, attempts: CLIP_RENDER_ATTEMPTS }]);
  });
});
