import { join } from 'node:path';
import type { ClipScriptDrafts, ClipTaskInfo } from '@vidmatrix/contract/api/clip-task';
import type { ClipPlan } from '../src/media/clip/plan-model.ts';
import { clipFilter, clipTransition } from '@vidmatrix/contract/api/clip-task';
import type { ClipLookPreviews, ClipTemplateItem } from '@vidmatrix/contract/api/clip-template';
import {
  CLIP_LOOK_PREVIEW_SIZE,
  CLIP_LOOKS_RATE_PER_MINUTE,
  CLIP_TRANSITION_PREVIEW_FRAMES,
} from '@vidmatrix/contract/constants';
import { Msg } from '@vidmatrix/contract/messages';
import { fixtureDir, makeImage, makeVideo, startLlmImitation, type LlmImitation } from '@vidmatrix/fixtures';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenAiCompatibleWriter } from '../src/media/clip/writer/script-writer.ts';
import { createTestApp, login, type TestContext } from './helpers.ts';
import {
  addFiles as addFilesOf,
  CLIP_FONT as FONT,
  SUBTITLED_TEMPLATE as TEMPLATE,
  startClipApp,
} from './clip-helpers.ts';
import { call } from './upload-client.ts';

// Issue 9, modes 5–7 and templates: member templates with server-rendered previews, the script
// writer (against a local imitation of an OpenAI-compatible service), AI剪辑 matching sentences to
// materials by their tags, 一键成片 following its voice, and clip videos charged to the cloud space.

const NO_DEDUP = { mirror: false, crop: false, color: false, speed: false, frameRate: false, stripMetadata: true };

let ctx: TestContext;
let llm: LlmImitation;
let token = '';
let otherToken = '';
let coffee = 0;
let cake = 0;
let image = 0;
/** Pictures of their own for each cloud-space case (a combination is made once per member). */
let spare: number[] = [];

const addFiles = (apiToken: string, files: string[], fileType: 'video' | 'image') =>
  addFilesOf(ctx, apiToken, files, fileType);

async function tag(ids: number[], name: string): Promise<void> {
  const made = await call<{ tag_id: number }>(ctx.app, token, '/api/file.Tag/add', { tag_name: name });
  expect(made.code, made.msg).toBe(200);
  const set = await call(ctx.app, token, '/api/file.File/edittag', { ids, tag_ids: [made.data.tag_id] });
  expect(set.code, set.msg).toBe(200);
}

async function plans(taskId: number): Promise<ClipPlan[]> {
  const rows = await ctx.db
    .selectFrom('clip_output')
    .select('plan')
    .where('task_id', '=', taskId)
    .orderBy('idx')
    .execute();
  return rows.map((r) => JSON.parse(r.plan) as ClipPlan);
}

async function usedSpace(account: string): Promise<number> {
  const row = await ctx.db
    .selectFrom('level_user')
    .innerJoin('member', 'member.id', 'level_user.member_id')
    .select('level_user.space_storage')
    .where('member.account', '=', account)
    .executeTakeFirstOrThrow();
  return Number(row.space_storage);
}

async function setUsedSpace(account: string, used: number | 'full'): Promise<void> {
  const member = await ctx.db
    .selectFrom('member')
    .select('id')
    .where('account', '=', account)
    .executeTakeFirstOrThrow();
  const level = await ctx.db
    .selectFrom('level_user')
    .innerJoin('level', 'level.id', 'level_user.level_id')
    .select('level.space_storage')
    .where('level_user.member_id', '=', member.id)
    .executeTakeFirstOrThrow();
  const value = used === 'full' ? Number(level.space_storage) : used;
  await ctx.db.updateTable('level_user').set({ space_storage: value }).where('member_id', '=', member.id).execute();
}

beforeAll(async () => {
  llm = await startLlmImitation();
  ({ ctx, token, otherToken } = await startClipApp('modes_other', {
    scriptWriter: new OpenAiCompatibleWriter({ baseUrl: llm.baseUrl, apiKey: 'k', model: 'imitation' }),
  }));
  const dir = fixtureDir('vm-clip-modes-');
  [coffee, cake] = (await addFiles(
    token,
    [
      makeVideo(join(dir, 'shop-a.mp4'), { width: 320, height: 240, seconds: 4, rate: 15 }),
      makeVideo(join(dir, 'shop-b.mp4'), { width: 240, height: 320, seconds: 4, rate: 15, pattern: 'testsrc2' }),
    ],
    'video',
  )) as [number, number];
  [image, ...spare] = (await addFiles(
    token,
    ['poster', 'spare-a', 'spare-b'].map((n, i) =>
      makeImage(join(dir, `${n}.png`), { width: 400, height: 300, color: ['red', 'green', 'blue'][i] }),
    ),
    'image',
  )) as [number, ...number[]];
  await tag([coffee], '咖啡');
  await tag([cake], '蛋糕');
  await ctx.app.jobs.drain();
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await llm?.close();
});

describe('clip templates', () => {
  it('lists the seeded templates with rendered previews; a member saves, sees and deletes their own', async () => {
    const list = await call<ClipTemplateItem[]>(ctx.app, token, '/api/seoaivideo.VideoTemplate/list');
    expect(list.code).toBe(200);
    expect(list.data.map((t) => t.key)).toEqual(['classic', 'smooth', 'bold']);
    const still = await ctx.app.inject({
      method: 'GET',
      url: new URL(list.data[0]?.preview_url ?? '', 'http://x').pathname,
    });
    expect(still.statusCode).toBe(200);
    const meta = await sharp(still.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 540, height: 960 });
    // Different looks give different stills.
    expect(new Set(list.data.map((t) => t.preview_url)).size).toBe(3);

    const refused = await call(ctx.app, token, '/api/seoaivideo.VideoTemplate/save', { name: ' ', template: TEMPLATE });
    expect(refused.code).toBe(400);
    expect(refused.msg).toBe(Msg.clipTemplateNameRequired);

    const yellow = { ...TEMPLATE, subtitle: { ...TEMPLATE.subtitle!, color: '#FFE400', position: 'top' as const } };
    const saved = await call<ClipTemplateItem>(ctx.app, token, '/api/seoaivideo.VideoTemplate/save', {
      name: '黄色顶部字幕',
      template: yellow,
    });
    expect(saved.code, saved.msg).toBe(200);
    expect(saved.data).toMatchObject({ key: `own-${saved.data.id}`, own: true, name: '黄色顶部字幕' });
    const mine = await call<ClipTemplateItem[]>(ctx.app, token, '/api/seoaivideo.VideoTemplate/list');
    expect(mine.data.at(-1)).toMatchObject({ name: '黄色顶部字幕', template: yellow });
    const ownStill = await ctx.app.inject({ method: 'GET', url: new URL(saved.data.preview_url, 'http://x').pathname });
    expect(ownStill.statusCode).toBe(200);

    const theirs = await call<ClipTemplateItem[]>(ctx.app, otherToken, '/api/seoaivideo.VideoTemplate/list');
    expect(theirs.data.some((t) => t.own)).toBe(false);
    const foreign = await call(ctx.app, otherToken, '/api/seoaivideo.VideoTemplate/dele', { id: saved.data.id });
    expect(foreign.code).toBe(404);
    const deleted = await call(ctx.app, token, '/api/seoaivideo.VideoTemplate/dele', { id: saved.data.id });
    expect(deleted.code).toBe(200);
    const after = await call<ClipTemplateItem[]>(ctx.app, token, '/api/seoaivideo.VideoTemplate/list');
    expect(after.data.some((t) => t.own)).toBe(false);
  }, 120_000);
});

describe('look and transition previews', () => {
  it('serves a preview of every look and transition, rendered once', async () => {
    const res = await call<ClipLookPreviews>(ctx.app, token, '/api/seoaivideo.VideoTemplate/looks');
    expect(res.code, res.msg).toBe(200);
    expect(Object.keys(res.data.looks).sort()).toEqual([...clipFilter.options].sort());
    expect(Object.keys(res.data.transitions).sort()).toEqual([...clipTransition.options].sort());
    const { width, height } = CLIP_LOOK_PREVIEW_SIZE;
    const get = (url: string) => ctx.app.inject({ method: 'GET', url: new URL(url, 'http://x').pathname });
    const look = await get(res.data.looks.vintage);
    expect(look.statusCode).toBe(200);
    expect(await sharp(look.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width, height });
    const strip = await get(res.data.transitions.circleopen);
    expect(await sharp(strip.rawPayload).metadata()).toMatchObject({
      format: 'jpeg',
      width: width * CLIP_TRANSITION_PREVIEW_FRAMES,
      height,
    });
    // The same files on the next call, for another member too.
    const again = await call<ClipLookPreviews>(ctx.app, otherToken, '/api/seoaivideo.VideoTemplate/looks');
    expect(again.data).toEqual(res.data);
    // Limited per member: past the minute's calls the member is told to wait; the other member is not.
    for (let i = 1; i < CLIP_LOOKS_RATE_PER_MINUTE; i++) {
      expect((await call(ctx.app, token, '/api/seoaivideo.VideoTemplate/looks')).code).toBe(200);
    }
    const limited = await call(ctx.app, token, '/api/seoaivideo.VideoTemplate/looks');
    expect([limited.code, limited.msg]).toEqual([429, Msg.tooManyAttempts]);
    expect((await call(ctx.app, otherToken, '/api/seoaivideo.VideoTemplate/looks')).code).toBe(200);
  }, 120_000);
});

describe('clip script writer and AI剪辑', () => {
  it('writes N scripts through the OpenAI-compatible service', async () => {
    const res = await call<ClipScriptDrafts>(ctx.app, token, '/api/seoaivideo.BatchVideo/writeScript', {
      textContext: { industry: '餐饮', product: '手冲咖啡', sellingPoints: ['现磨', '低价'] },
      count: 3,
    });
    expect(res.code, res.msg).toBe(200);
    expect(res.data.scripts).toHaveLength(3);
    expect(res.data.scripts[0]?.lines[0]).toContain('手冲咖啡');
    const bad = await call(ctx.app, token, '/api/seoaivideo.BatchVideo/writeScript', {
      textContext: { product: '' },
      count: 1,
    });
    expect(bad.code).toBe(400);
    expect(bad.msg).toBe(Msg.clipProductRequired);
  });

  it('without configuration the writer says what to set', async () => {
    // No scriptWriter given and no LLM_* variables in the test environment: the unconfigured writer.
    const bare = await createTestApp();
    try {
      const apiToken = (await login(bare.app)).ApiToken;
      const res = await call(bare.app, apiToken, '/api/seoaivideo.BatchVideo/writeScript', {
        textContext: { product: '咖啡' },
        count: 1,
      });
      expect(res.code).toBe(400);
      expect(res.msg).toBe(Msg.clipWriterNotConfigured);
    } finally {
      await bare.close();
    }
  });

  it('AI剪辑 without scripts has them written, matches sentences by material tags, and renders', async () => {
    const before = llm.requests.length;
    const added = await call<{ id: number; total: number }>(ctx.app, token, '/api/seoaivideo.BatchVideo/addTask', {
      clip_model: 7,
      name: 'AI剪辑测试',
      count: 2,
      seed: 11,
      template: TEMPLATE,
      dedup: NO_DEDUP,
      textContext: { product: '咖啡店', sellingPoints: ['咖啡', '蛋糕'] },
      materialIds: [coffee, cake],
    });
    expect(added.code, added.msg).toBe(200);
    expect(llm.requests.length).toBe(before + 1);
    const made = await plans(added.data.id);
    expect(made).toHaveLength(2);
    for (const plan of made) {
      const clips = plan.segments.map((s) => `${s.materialId}@${s.start}`);
      plan.paragraphs.forEach((sentence, i) => {
        const shown = plan.segments[i]?.materialId;
        // Never the same clip twice in a row: a sentence shows what it names unless that was just shown.
        expect(clips[i], sentence).not.toBe(clips[i - 1]);
        const before = plan.segments[i - 1]?.materialId;
        if (
          sentence.includes('咖啡') &&
          !sentence.includes('蛋糕') &&
          !sentence.includes('咖啡店') &&
          before !== coffee
        ) {
          expect(shown, sentence).toBe(coffee);
        }
        if (sentence.includes('蛋糕') && before !== cake) {
          expect(shown, sentence).toBe(cake);
        }
      });
      // The model's title of the script, not the template's.
      expect(plan.title).toMatch(/^咖啡店文案\d$/);
    }
    const info = await call<ClipTaskInfo>(ctx.app, token, '/api/seoaivideo.BatchVideo/taskInfo', { id: added.data.id });
    expect((info.data.input as { scripts: string[][] }).scripts).toHaveLength(2);
    await ctx.app.jobs.drain(300_000);
    const done = await call<ClipTaskInfo>(ctx.app, token, '/api/seoaivideo.BatchVideo/taskInfo', { id: added.data.id });
    expect(done.data.status).toBe('done');
  }, 300_000);
});

describe('modes 5 and 6', () => {
  it('一键成片: the middle group stretches so the video lasts as long as its narration', async () => {
    const narration =
      '这是一段比较长的旁白，用来测试一键成片的视频长度会跟随配音。中间的镜头会被拉长，开头和结尾保持不变。';
    const added = await call<{ id: number }>(ctx.app, token, '/api/seoaivideo.BatchVideo/addTask', {
      clip_model: 6,
      name: '一键成片测试',
      count: 1,
      seed: 5,
      dedup: NO_DEDUP,
      groups: [{ materialIds: [coffee] }, { materialIds: [cake] }, { materialIds: [image] }],
      scripts: [narration],
      font: FONT,
    });
    expect(added.code, added.msg).toBe(200);
    await ctx.app.jobs.drain(300_000);
    const info = await call<ClipTaskInfo>(ctx.app, token, '/api/seoaivideo.BatchVideo/taskInfo', { id: added.data.id });
    expect(info.data.status).toBe('done');
    const material = await ctx.db
      .selectFrom('material')
      .select('duration_ms')
      .where('id', '=', info.data.outputs[0]?.material_id ?? 0)
      .executeTakeFirstOrThrow();
    // Three 3 s groups would make 9 s; espeak reads this narration for well over that.
    expect(Number(material.duration_ms)).toBeGreaterThan(12_000);
  }, 300_000);

  it('图文成片 renders pictures into the library', async () => {
    const added = await call<{ id: number }>(ctx.app, token, '/api/seoaivideo.BatchVideo/addTask', {
      clip_model: 5,
      name: '图文测试',
      count: 1,
      seed: 2,
      dedup: NO_DEDUP,
      imageIds: [image],
      imagesPerVideo: 1,
      secondsPerImage: 2,
      title: '新品上市',
      lines: ['欢迎光临'],
      font: FONT,
    });
    expect(added.code, added.msg).toBe(200);
    await ctx.app.jobs.drain(300_000);
    const info = await call<ClipTaskInfo>(ctx.app, token, '/api/seoaivideo.BatchVideo/taskInfo', { id: added.data.id });
    expect(info.data.status).toBe('done');
    expect(info.data.outputs[0]?.file_url).toMatch(/\.mp4$/);
  }, 300_000);
});

describe('cloud space', () => {
  const mode5 = (name: string, picture: number) => ({
    clip_model: 5,
    name,
    count: 1,
    seed: 9,
    dedup: NO_DEDUP,
    imageIds: [picture],
    imagesPerVideo: 1,
    secondsPerImage: 1,
    font: FONT,
  });

  it('charges every clip video to the cloud space; refuses a task when the space is full', async () => {
    const before = await usedSpace('demo');
    const added = await call<{ id: number }>(
      ctx.app,
      token,
      '/api/seoaivideo.BatchVideo/addTask',
      mode5('计费测试', spare[0] ?? 0),
    );
    expect(added.code, added.msg).toBe(200);
    await ctx.app.jobs.drain(300_000);
    const info = await call<ClipTaskInfo>(ctx.app, token, '/api/seoaivideo.BatchVideo/taskInfo', { id: added.data.id });
    const row = await ctx.db
      .selectFrom('material')
      .select('size')
      .where('id', '=', info.data.outputs[0]?.material_id ?? 0)
      .executeTakeFirstOrThrow();
    expect(Number(row.size)).toBeGreaterThan(0);
    expect(await usedSpace('demo')).toBe(before + Number(row.size));

    await setUsedSpace('demo', 'full');
    const refused = await call(ctx.app, token, '/api/seoaivideo.BatchVideo/addTask', mode5('满了', spare[1] ?? 0));
    expect(refused.code).toBe(400);
    expect(refused.msg).toBe(Msg.spaceExceeded);
    await setUsedSpace('demo', before);
  }, 300_000);

  it('a video that no longer fits fails with the space message and is not filed', async () => {
    const added = await call<{ id: number }>(
      ctx.app,
      token,
      '/api/seoaivideo.BatchVideo/addTask',
      mode5('放不下', spare[1] ?? 0),
    );
    expect(added.code, added.msg).toBe(200);
    // One byte left: the render starts, but the finished file cannot be charged.
    const member = await ctx.db
      .selectFrom('level_user')
      .innerJoin('member', 'member.id', 'level_user.member_id')
      .innerJoin('level', 'level.id', 'level_user.level_id')
      .select('level.space_storage')
      .where('member.account', '=', 'demo')
      .executeTakeFirstOrThrow();
    await setUsedSpace('demo', Number(member.space_storage) - 1);
    await ctx.app.jobs.drain(300_000);
    const info = await call<ClipTaskInfo>(ctx.app, token, '/api/seoaivideo.BatchVideo/taskInfo', { id: added.data.id });
    expect(info.data.status).toBe('failed');
    expect(info.data.outputs[0]).toMatchObject({ status: 'failed', error: Msg.spaceExceeded, material_id: 0 });
    expect(await usedSpace('demo')).toBe(Number(member.space_storage) - 1);
    await setUsedSpace('demo', 0);
  }, 300_000);
});
