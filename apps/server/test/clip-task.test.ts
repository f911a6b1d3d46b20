import { join } from 'node:path';
import type { ClipFontItem, ClipTaskList, ClipVoice } from '@vidmatrix/contract/api/clip-task';
import { INT_MAX } from '@vidmatrix/contract/api/common';
import { CLIP_MAX_GROUPS } from '@vidmatrix/contract/constants';
import type { Material, MaterialList } from '@vidmatrix/contract/api/material';
import { Msg } from '@vidmatrix/contract/messages';
import { fixtureDir, makeVideo } from '@vidmatrix/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AZURE_DEFAULT_VOICE, AzureTts } from '../src/media/clip/tts/azure.ts';
import { CLIP_RENDER_ATTEMPTS } from '../src/modules/clip-task/clip-task.service.ts';
import { addMember, auth, createTestApp, login, type TestContext } from './helpers.ts';
import {
  addFiles,
  CLIP_FONT as FONT,
  clipTaskInfo,
  SUBTITLED_TEMPLATE as TEMPLATE,
  TINY_OUTPUT as OUTPUT,
} from './clip-helpers.ts';
import { call } from './upload-client.ts';
import { startAzureTtsImitation, type AzureTtsImitation } from './azure-tts-imitation.ts';

let ctx: TestContext;
let token = '';
let otherToken = '';
let videoIds: number[] = [];
let otherVideoId = 0;

/** Uploads fixture videos through tus and registers them as the member's materials. */
const addVideos = (files: string[], apiToken = token) => addFiles(ctx, apiToken, files);
const info = (id: number) => clipTaskInfo(ctx, token, id);

async function materials(): Promise<Material[]> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/file.File/list?page=1&limit=100&file_type=video',
    headers: auth(token),
  });
  return res.json<{ data: MaterialList }>().data.list;
}

function mode1(count: number, ids: number[]) {
  return {
    clip_model: 1,
    name: '混剪测试',
    count,
    seed: 7,
    template: TEMPLATE,
    groups: [{ name: '', materialIds: ids, lines: [] }],
    segments: 2,
    segmentSeconds: 1,
    lines: ['第一条口播文案', '第二条口播文案'],
  };
}

function mode8(count: number, ids: number[]) {
  return {
    clip_model: 8,
    name: '分组测试',
    count,
    seed: 3,
    font: FONT,
    groups: [
      { name: '开头', materialIds: [ids[0]], lines: ['你好', '大家好'] },
      { name: '结尾', materialIds: [ids[1]], lines: ['再见', '下次见'] },
    ],
  };
}

beforeAll(async () => {
  ctx = await createTestApp({ clipConcurrency: 1 }, { clipOutput: OUTPUT });
  token = (await login(ctx.app)).ApiToken;
  await addMember(ctx, 'clip_other');
  otherToken = (await login(ctx.app, 'clip_other', 'secret-123')).ApiToken;
  const dir = fixtureDir('vm-clip-task-');
  const a = makeVideo(join(dir, 'a.mp4'), { width: 320, height: 240, seconds: 4, rate: 15 });
  const b = makeVideo(join(dir, 'b.mp4'), { width: 240, height: 320, seconds: 4, rate: 15, pattern: 'testsrc2' });
  videoIds = await addVideos([a, b]);
  [otherVideoId] = (await addVideos([a], otherToken)) as [number];
  await ctx.app.jobs.drain();
}, 120_000);

afterAll(async () => {
  await ctx.close();
});

describe('clip tasks', () => {
  it('lists the fonts the renderer can use', async () => {
    const res = await call<ClipFontItem[]>(ctx.app, token, '/api/seoaivideo.BatchPublish/getFront');
    expect(res.code).toBe(200);
    expect(res.data.some((f) => f.value === FONT && f.path.startsWith('/static/fonts/'))).toBe(true);
  });

  it('tells the console which voice speaks, and that the offline default is robotic', async () => {
    const res = await call<ClipVoice>(ctx.app, token, '/api/seoaivideo.BatchVideo/getVoice');
    expect(res).toMatchObject({ code: 200, data: { name: 'espeak-ng (cmn)', robotic: true } });
    const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/seoaivideo.BatchVideo/getVoice' });
    expect(anonymous.json()).toMatchObject({ code: 401 });
  });

  it("refuses another member's materials", async () => {
    const res = await call(
      ctx.app,
      token,
      '/api/seoaivideo.BatchVideo/addTask',
      mode1(1, [videoIds[0] ?? 0, otherVideoId]),
    );
    expect(res.code).toBe(400);
    expect(res.msg).toBe('素材不存在或已被删除');
  });

  it('names what is wrong: the count out of range, unknown or foreign music, an unknown font', async () => {
    const add = (body: object) => call(ctx.app, token, '/api/seoaivideo.BatchVideo/addTask', body);
    const task = mode1(1, videoIds);
    // Another member's audio, under an id no system track has (music ids name either).
    const tracks = await ctx.db.selectFrom('music').select('id').execute();
    const foreignAudio = Math.max(0, ...tracks.map((t) => t.id)) + 1000;
    const other = await ctx.db
      .selectFrom('material')
      .selectAll()
      .where('id', '=', otherVideoId)
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('material')
      .values({ ...other, id: foreignAudio, file_type: 'audio', file_name: '别人的配乐.mp3' })
      .execute();
    const refusals = [
      [{ ...task, count: 0 }, '生成数量需在 1–200 之间'],
      [{ ...task, count: 10000 }, '生成数量需在 1–200 之间'],
      [{ ...task, musicIds: [INT_MAX] }, '音乐不存在或已被删除'],
      [{ ...task, musicIds: [foreignAudio] }, '音乐不存在或已被删除'],
      [{ ...task, template: { ...TEMPLATE, subtitle: { ...TEMPLATE.subtitle, font: 'NoSuchFont' } } }, '字体不存在'],
      [{ ...mode8(1, videoIds), font: 'NoSuchFont' }, '字体不存在'],
    ] as const;
    for (const [body, msg] of refusals) {
      const res = await add(body);
      expect([res.code, res.msg]).toEqual([400, msg]);
    }
  });

  it('refuses more videos than the inputs allow, naming the number', async () => {
    const res = await call(ctx.app, token, '/api/seoaivideo.BatchVideo/addTask', mode8(5, videoIds));
    expect(res.code).toBe(400);
    expect(res.msg).toBe('素材最多可以生成4个不重复的视频，请减少数量或添加素材');
  });

  it('checks 批量混剪 groups: empty, too many, unknown or foreign materials; the maximum is their cross product', async () => {
    const [a = 0, b = 0] = videoIds;
    const add = (groups: unknown[], count = 1) =>
      call(ctx.app, token, '/api/seoaivideo.BatchVideo/addTask', { ...mode1(count, [a]), segmentSeconds: 2, groups });
    const group = (...materialIds: number[]) => ({ name: '分组', materialIds, lines: [] });
    const refusals = [
      [[group(a), group()], '请选择素材'],
      [[], '请选择素材'],
      [Array.from({ length: CLIP_MAX_GROUPS + 1 }, () => group(a)), '超出个数限制'],
      [[group(a), group(b, INT_MAX)], '素材不存在或已被删除'],
      [[group(a), group(otherVideoId)], '素材不存在或已被删除'],
    ] as const;
    for (const [groups, msg] of refusals) {
      const res = await add([...groups]);
      expect([res.code, res.msg]).toEqual([400, msg]);
    }
    // Two 4 s videos in 2 s segments: two windows a group, one of each per video, so 2 × 2 videos.
    const tooMany = await add([group(a), group(b)], 5);
    expect([tooMany.code, tooMany.msg, tooMany.data]).toEqual([
      400,
      '素材最多可以生成4个不重复的视频，请减少数量或添加素材',
      { max: 4 },
    ]);
  });

  it('renders a mode-1 task into distinct library videos with poster and duration', async () => {
    const added = await call<{ id: number; total: number }>(
      ctx.app,
      token,
      '/api/seoaivideo.BatchVideo/addTask',
      mode1(2, videoIds),
    );
    expect(added.code).toBe(200);
    expect(added.data.total).toBe(2);
    await ctx.app.jobs.drain(300_000);

    const task = await info(added.data.id);
    expect(task.status).toBe('done');
    expect(task.done).toBe(2);
    expect(task.outputs.map((o) => o.status)).toEqual(['done', 'done']);
    const ids = task.outputs.map((o) => o.material_id);
    expect(new Set(ids).size).toBe(2);

    const library = await materials();
    const outputs = library.filter((m) => ids.includes(m.file_id));
    expect(outputs).toHaveLength(2);
    for (const m of outputs) {
      expect(m.process_status).toBe('done');
      expect(m.duration).toBeGreaterThan(1);
      expect(m.thumb_url).not.toBe('');
      expect(m.group_name).toBe('剪辑成片/混剪测试');
    }
    expect(outputs[0]?.size).not.toBe(outputs[1]?.size);
    // Each source material counts the uses of the videos that showed it.
    const sources = library.filter((m) => videoIds.includes(m.file_id));
    expect(sources.reduce((n, m) => n + m.use_count, 0)).toBeGreaterThanOrEqual(2);

    const list = await call<ClipTaskList>(ctx.app, token, '/api/seoaivideo.BatchVideo/taskList', {});
    expect(list.data.list.find((t) => t.id === added.data.id)?.done).toBe(2);
    const foreign = await call(ctx.app, otherToken, '/api/seoaivideo.BatchVideo/taskInfo', { id: added.data.id });
    expect(foreign.code).toBe(404);
  }, 300_000);

  it('renders a mode-8 task (cross product of groups) and avoids combinations already made', async () => {
    const first = await call<{ id: number }>(ctx.app, token, '/api/seoaivideo.BatchVideo/addTask', mode8(2, videoIds));
    expect(first.code).toBe(200);
    await ctx.app.jobs.drain(300_000);
    const task = await info(first.data.id);
    expect(task.status).toBe('done');
    expect(task.outputs.every((o) => o.material_id > 0 && o.file_url.endsWith('.mp4'))).toBe(true);

    // 4 combinations exist and 2 are made: a later task may only ask for the other 2.
    const tooMany = await call(ctx.app, token, '/api/seoaivideo.BatchVideo/addTask', mode8(3, videoIds));
    expect(tooMany.code).toBe(400);
    expect(tooMany.msg).toBe('素材最多可以生成2个不重复的视频，请减少数量或添加素材');
  }, 300_000);

  it('cancel stops a task before its videos render; retry renders them', async () => {
    const added = await call<{ id: number }>(ctx.app, token, '/api/seoaivideo.BatchVideo/addTask', {
      ...mode1(1, videoIds),
      name: '取消测试',
      seed: 99,
    });
    expect(added.code).toBe(200);
    const canceled = await call(ctx.app, token, '/api/seoaivideo.BatchVideo/cancelTask', { id: added.data.id });
    expect(canceled.code).toBe(200);
    await ctx.app.jobs.drain(300_000);
    let task = await info(added.data.id);
    expect(task.status).toBe('canceled');
    expect(task.outputs.every((o) => o.status === 'canceled' && o.material_id === 0)).toBe(true);

    await call(ctx.app, token, '/api/seoaivideo.BatchVideo/retryTask', { id: added.data.id });
    await ctx.app.jobs.drain(300_000);
    task = await info(added.data.id);
    expect(task.status).toBe('done');

    const removed = await call(ctx.app, token, '/api/seoaivideo.BatchVideo/deleTask', { id: added.data.id });
    expect(removed.code).toBe(200);
    expect((await call(ctx.app, token, '/api/seoaivideo.BatchVideo/taskInfo', { id: added.data.id })).code).toBe(404);
  }, 300_000);

  it('renders a quick preview as a playable URL, a few seconds long however long its line is', async () => {
    // Five sentences: espeak reads them for well over ten seconds; the preview stops at six.
    const line = '欢迎来到我们的小店。今天全场商品八折优惠。新品咖啡现磨现做。蛋糕每天早上新鲜出炉。喜欢就点个关注吧。';
    const res = await call<{ url: string; duration: number }>(ctx.app, token, '/api/seoaivideo.BatchVideo/preview', {
      ...mode1(1, videoIds),
      lines: [line],
    });
    expect(res.code).toBe(200);
    expect(res.data.duration).toBeGreaterThan(5);
    expect(res.data.duration).toBeLessThan(6.2);
    const file = await ctx.app.inject({ method: 'GET', url: res.data.url });
    expect(file.statusCode).toBe(200);
  }, 120_000);
});

describe('clip tasks spoken by a cloud voice (Azure, through a local imitation of its REST API)', () => {
  const KEY = 'clip-task-key';
  let azure: AzureTtsImitation;
  let cloud: TestContext;
  let cloudToken = '';
  let ids: number[] = [];
  /** The app's warnings, as pino writes them (a render that stops for good says so here). */
  const warnings: string[] = [];

  beforeAll(async () => {
    azure = await startAzureTtsImitation(KEY);
    cloud = await createTestApp(
      { clipConcurrency: 1 },
      {
        logger: { level: 'warn', stream: { write: (line: string) => void warnings.push(line) } },
        clipOutput: OUTPUT,
        tts: new AzureTts({ key: KEY, endpoint: azure.url, voice: AZURE_DEFAULT_VOICE, backoffMs: 0 }),
      },
    );
    cloudToken = (await login(cloud.app)).ApiToken;
    const dir = fixtureDir('vm-clip-cloud-');
    const a = makeVideo(join(dir, 'a.mp4'), { width: 320, height: 240, seconds: 4, rate: 15 });
    const b = makeVideo(join(dir, 'b.mp4'), { width: 240, height: 320, seconds: 4, rate: 15, pattern: 'testsrc2' });
    ids = await addFiles(cloud, cloudToken, [a, b]);
    await cloud.app.jobs.drain();
  }, 120_000);

  afterAll(async () => {
    await cloud.close();
    await azure.close();
  });

  it('tells the console the voice is not robotic', async () => {
    const res = await call<ClipVoice>(cloud.app, cloudToken, '/api/seoaivideo.BatchVideo/getVoice');
    expect(res.data).toEqual({ name: `azure (${AZURE_DEFAULT_VOICE})`, robotic: false, transcriber: null });
  });

  it('a voice outage that outlasts the voice’s own retries is tried again by the queue, and the video is made', async () => {
    azure.requests.length = 0;
    // Every request of the voice's own tries fails (503); the service is back by the queue's retry.
    azure.faults.push(...Array.from({ length: 4 }, () => ({ status: 503 })));
    const added = await call<{ id: number }>(cloud.app, cloudToken, '/api/seoaivideo.BatchVideo/addTask', {
      ...mode1(1, ids),
      lines: ['服务恢复以后的任务。'],
    });
    expect(added.code, added.msg).toBe(200);
    await cloud.app.jobs.drain(120_000);
    const task = await clipTaskInfo(cloud, cloudToken, added.data.id);
    expect(task.outputs.map((o) => o.status)).toEqual(['done']);
    expect(task.status).toBe('done');
    expect(azure.faults).toEqual([]);

    // An outage through every try of the queue too: the video fails, saying why.
    azure.faults.push(...Array.from({ length: 4 * CLIP_RENDER_ATTEMPTS }, () => ({ status: 503 })));
    const lasting = await call<{ id: number }>(cloud.app, cloudToken, '/api/seoaivideo.BatchVideo/addTask', {
      ...mode1(1, ids),
      lines: ['服务一直没有恢复。'],
    });
    await cloud.app.jobs.drain(120_000);
    const failed = await clipTaskInfo(cloud, cloudToken, lasting.data.id);
    expect(failed.outputs.map((o) => [o.status, o.error])).toEqual([['failed', Msg.clipVoiceFailed]]);
    expect(azure.faults).toEqual([]);
  }, 120_000);

  it('previews with the cloud voice; a refused key reaches the member in Chinese, and fails the render for good', async () => {
    azure.requests.length = 0;
    const preview = await call<{ url: string }>(cloud.app, cloudToken, '/api/seoaivideo.BatchVideo/preview', {
      ...mode1(1, ids),
      lines: ['云端配音的预览。'],
    });
    expect(preview.code).toBe(200);
    expect(azure.requests.map((r) => r.text)).toEqual(['云端配音的预览。']);

    // The service refuses the key from now on (as it would after the key was rotated).
    azure.faults.push({ status: 401 }, { status: 401 });
    const refused = await call(cloud.app, cloudToken, '/api/seoaivideo.BatchVideo/preview', {
      ...mode1(1, ids),
      lines: ['密钥失效以后。'],
    });
    expect(refused).toMatchObject({ code: 400, msg: Msg.clipVoiceAuthFailed });
    const added = await call<{ id: number }>(cloud.app, cloudToken, '/api/seoaivideo.BatchVideo/addTask', {
      ...mode1(1, ids),
      lines: ['密钥失效以后的任务。'],
    });
    await cloud.app.jobs.drain(120_000);
    const task = await clipTaskInfo(cloud, cloudToken, added.data.id);
    expect(task.outputs.map((o) => [o.status, o.error])).toEqual([['failed', Msg.clipVoiceAuthFailed]]);
    // The task itself says why, not only 视频合成失败, and so does the log.
    expect([task.status, task.error]).toEqual(['failed', Msg.clipVoiceAuthFailed]);
    const stopped = warnings
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.msg === 'Clip render stopped');
    expect(stopped).toEqual([expect.objectContaining({ taskId: added.data.id, reason: 'voice' })]);
    // Not tried again: a refused key stays refused.
    expect(azure.faults).toEqual([]);
    expect(azure.requests).toHaveLength(3);
  }, 120_000);
});
