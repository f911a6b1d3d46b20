import { readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, join } from 'node:path';
import type { ClipScriptDrafts } from '@vidmatrix/contract/api/clip-task';
import type { Material } from '@vidmatrix/contract/api/material';
import { ffmpeg, fixtureDir, makeAudio, makeVideo } from '@vidmatrix/fixtures';
import { until } from '@vidmatrix/publisher/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenAiCompatibleWriter } from '../src/media/clip/writer/script-writer.ts';
import { servedFontsDir } from '../src/media/clip/fonts.ts';
import { auth, createTestApp, login, type TestContext } from './helpers.ts';
import { addFiles, CLIP_FONT as FONT, clipTaskInfo, SUBTITLED_TEMPLATE } from './clip-helpers.ts';
import { call } from './upload-client.ts';

// 脚本剪辑's step media, 帮我写文案 through a local OpenAI-compatible imitation (of a language-model
// service), and a cancel that stops ffmpeg in the middle of a full-size render.

const TEMPLATE = { ...SUBTITLED_TEMPLATE, subtitle: null };

let ctx: TestContext;
let token = '';
let llm: Server;
let shortId = 0;
let longId = 0;
let mutedId = 0;
const asked: unknown[] = [];

const addVideos = (files: string[], apiToken = token) => addFiles(ctx, apiToken, files);
const info = (id: number) => clipTaskInfo(ctx, token, id);

async function material(id: number): Promise<Material> {
  return (await call<Material>(ctx.app, token, `/api/file.File/info?file_id=${id}`)).data;
}

beforeAll(async () => {
  llm = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      asked.push(JSON.parse(body));
      const scripts = { scripts: [{ title: '开场', lines: ['夏天到了，喝点清爽的。', '这款柠檬茶零糖零脂。'] }] };
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ choices: [{ message: { content: JSON.stringify(scripts) } }] }));
    });
  });
  await new Promise<void>((resolve) => llm.listen(0, '127.0.0.1', resolve));
  const { port } = llm.address() as AddressInfo;
  ctx = await createTestApp(
    { clipConcurrency: 1 },
    // Full-size output (no clipOutput): the cancel test needs a render that runs long enough to stop.
    {
      scriptWriter: new OpenAiCompatibleWriter({
        baseUrl: `http://127.0.0.1:${port}/v1`,
        apiKey: 'k',
        model: 'imitation',
      }),
    },
  );
  token = (await login(ctx.app)).ApiToken;
  const dir = fixtureDir('vm-clip-modes-');
  // A 60 s talking head: picture and a voice (a tone) in one file.
  const talking = join(dir, 'talking.mp4');
  ffmpeg(
    '-i',
    makeVideo(join(dir, 'long.mp4'), { width: 320, height: 240, seconds: 60, rate: 15 }),
    '-i',
    makeAudio(join(dir, 'voice.m4a'), { seconds: 60 }),
    '-c:v',
    'copy',
    '-c:a',
    'copy',
    '-shortest',
    talking,
  );
  [shortId, longId, mutedId] = (await addVideos([
    makeVideo(join(dir, 'short.mp4'), { width: 240, height: 320, seconds: 3, rate: 15 }),
    talking,
    join(dir, 'long.mp4'),
  ])) as [number, number, number];
  await ctx.app.jobs.drain(120_000);
}, 180_000);

afterAll(async () => {
  await ctx.close();
  await new Promise((resolve) => llm.close(resolve));
});

describe('clip modes', () => {
  it('帮我写文案 answers the writer’s scripts and refuses missing product facts', async () => {
    const res = await call<ClipScriptDrafts>(ctx.app, token, '/api/seoaivideo.BatchVideo/writeScript', {
      textContext: { industry: '饮品', product: '柠檬茶', sellingPoints: ['零糖'] },
      count: 1,
    });
    expect(res.code).toBe(200);
    expect(res.data.scripts[0]?.lines).toEqual(['夏天到了，喝点清爽的。', '这款柠檬茶零糖零脂。']);
    expect(JSON.stringify(asked.at(-1))).toContain('柠檬茶');

    const empty = await call(ctx.app, token, '/api/seoaivideo.BatchVideo/writeScript', {
      textContext: { product: '' },
    });
    expect(empty.code).toBe(400);
    expect(empty.msg).toMatch(/[\u4e00-\u9fff]/);
  });

  it('脚本剪辑 files each step’s media with setOssMediaUrl without counting a use twice', async () => {
    const added = await call<{ id: number }>(ctx.app, token, '/api/seoaivideo.BatchVideo/addTask', {
      clip_model: 2,
      name: '脚本测试',
      count: 1,
      seed: 5,
      template: { ...TEMPLATE, subtitle: { font: FONT } },
      steps: [
        { text: '第一步', materialIds: [shortId] },
        { text: '第二步', materialIds: [longId] },
      ],
    });
    expect(added.code).toBe(200);
    // Settled first, so no render counts a use while the step media is filed.
    await call(ctx.app, token, '/api/seoaivideo.BatchVideo/cancelTask', { id: added.data.id });
    await ctx.app.jobs.drain(300_000);
    const before = (await material(shortId)).use_count;
    for (const [i, id] of [shortId, longId].entries()) {
      const res = await call(ctx.app, token, '/api/seoaivideo.BatchVideo/setOssMediaUrl', {
        ap_id: added.data.id,
        apt_id: i + 1,
        media_url: (await material(id)).file_url,
        clip_model: 2,
      });
      expect(res.code).toBe(200);
    }
    expect((await material(shortId)).use_count).toBe(before);
  }, 300_000);

  it('口播 refuses a main video without sound', async () => {
    const res = await call(ctx.app, token, '/api/seoaivideo.BatchVideo/addTask', {
      clip_model: 4,
      name: '无声口播',
      count: 1,
      seed: 1,
      template: TEMPLATE,
      mainId: mutedId,
    });
    expect(res.code).toBe(400);
    expect(res.msg).toBe('口播视频没有声音，请选择带口播声音的视频');
  });

  it('cancel during a real render stops ffmpeg, files nothing and cleans its scratch files', async () => {
    const videosBefore = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/file.File/list?page=1&limit=100&file_type=video',
        headers: auth(token),
      })
    ).json<{ data: { count: number } }>().data.count;
    // 口播 with the 60 s clip as the main track: a 60 s 1080×1920 render, minutes on this machine.
    const added = await call<{ id: number }>(ctx.app, token, '/api/seoaivideo.BatchVideo/addTask', {
      clip_model: 4,
      name: '取消渲染',
      count: 1,
      seed: 1,
      template: TEMPLATE,
      mainId: longId,
      brollIds: [],
      brolls: 0,
    });
    expect(added.code).toBe(200);
    // ffmpeg has reported progress: the render is under way.
    await until(
      'the render under way',
      () => info(added.data.id),
      (t) => t.outputs.some((o) => o.status === 'running' && o.progress > 0),
      300_000,
    );
    expect((await call(ctx.app, token, '/api/seoaivideo.BatchVideo/cancelTask', { id: added.data.id })).code).toBe(200);
    await ctx.app.jobs.drain(120_000);
    const task = await info(added.data.id);
    expect(task.status).toBe('canceled');
    expect(task.outputs.map((o) => [o.status, o.material_id, o.error])).toEqual([['canceled', 0, '']]);
    const videosAfter = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/file.File/list?page=1&limit=100&file_type=video',
        headers: auth(token),
      })
    ).json<{ data: { count: number } }>().data.count;
    expect(videosAfter).toBe(videosBefore);
    // Only the shared caches may stay in the scratch directory: voices, and the served font files.
    const shared = new Set(['voice-cache', basename(servedFontsDir(''))]);
    const scratch = readdirSync(join(ctx.config.dataDir, 'clip')).filter((name) => !shared.has(name));
    expect(scratch).toEqual([]);
  }, 600_000);
});
