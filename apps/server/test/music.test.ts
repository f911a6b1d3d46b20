import type { UploadedFile } from '@vidmatrix/contract/api/material';
import type { MusicCate, MusicList } from '@vidmatrix/contract/api/music';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createTestApp, login, type TestContext } from './helpers.ts';
import { mediaFixtures } from '@vidmatrix/fixtures';
import { SEED_MUSIC_LICENCE } from '../src/modules/music/system-music.ts';
import { call, tusUpload } from './upload-client.ts';

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestApp();
  token = (await login(ctx.app)).ApiToken;
}, 60_000);

afterAll(async () => {
  await ctx.close();
});

describe('background music', () => {
  it('seeds generated system music with categories on first start', async () => {
    const cates = await call<MusicCate[]>(ctx.app, token, '/api/seoaivideo.AiVideoPublish/getSystemMusicCate');
    expect(cates.data.map((c) => c.name)).toEqual(['轻快', '舒缓', '动感']);

    const all = await call<MusicList>(ctx.app, token, '/api/seoaivideo.BatchPublish/getSystemMusic', {
      limit: 10,
      page: 1,
      is_system_music: 1,
    });
    expect(all.data.count).toBe(6);
    const first = all.data.list[0];
    // Long enough to carry a 30–60 s video, each with its licence (issue 25).
    for (const track of all.data.list) {
      expect(track.file.duration).toBeGreaterThanOrEqual(30);
      expect(track.file.duration).toBeLessThanOrEqual(60);
      expect(track.licence).toBe(SEED_MUSIC_LICENCE);
    }
    const audio = await ctx.app.inject({ method: 'GET', url: first?.file.file_url ?? '' });
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/mpeg');
  });

  it('makes again the short tones an earlier seed left without a licence, and nothing else', async () => {
    const key = 'music/system/night-a-minor.mp3';
    await ctx.db.updateTable('music').set({ licence: '', duration_ms: 8000 }).where('object_key', '=', key).execute();
    expect(await ctx.app.services.music.seedSystemMusic()).toBe(1);
    const row = await ctx.db.selectFrom('music').selectAll().where('object_key', '=', key).executeTakeFirstOrThrow();
    expect(row.licence).toBe(SEED_MUSIC_LICENCE);
    expect(Number(row.duration_ms)).toBeGreaterThanOrEqual(30_000);
    expect(await ctx.app.services.music.seedSystemMusic()).toBe(0);
  });

  it('filters by category and keywords and pages', async () => {
    const cates = await call<MusicCate[]>(ctx.app, token, '/api/seoaivideo.AiVideoPublish/getSystemMusicCate');
    const calm = cates.data.find((c) => c.name === '舒缓');
    const byCate = await call<MusicList>(ctx.app, token, '/api/seoaivideo.BatchPublish/getSystemMusic', {
      cate_id: calm?.cate_id,
    });
    expect(byCate.data.count).toBe(2);
    const byWord = await call<MusicList>(ctx.app, token, '/api/seoaivideo.BatchPublish/getSystemMusic', {
      keywords: '静夜',
    });
    expect(byWord.data.list.map((m) => m.file.file_name)).toEqual(['静夜 A小调']);
    const page2 = await call<MusicList>(ctx.app, token, '/api/seoaivideo.BatchPublish/getSystemMusic', {
      limit: 4,
      page: 2,
    });
    expect(page2.data.list).toHaveLength(2);
    expect(page2.data.count).toBe(6);
  });

  it('lists the member’s own music uploaded through the material pipeline, and only its own', async () => {
    const { mp3 } = mediaFixtures();
    const key = await tusUpload(ctx.app, token, '我的配乐.mp3', mp3);
    const added = await call<UploadedFile[]>(ctx.app, token, '/api/file.File/add', {
      type: 'url',
      file_url: key,
      file_name: '我的配乐.mp3',
      file_type: 'audio',
    });
    expect(added.code).toBe(200);
    await ctx.app.jobs.drain();
    const own = await call<MusicList>(ctx.app, token, '/api/seoaivideo.BatchPublish/getSystemMusic', {
      is_system_music: 0,
    });
    expect(own.data.count).toBe(1);
    expect(own.data.list[0]?.file.file_name).toBe('我的配乐.mp3');
    expect(own.data.list[0]?.file.duration).toBeGreaterThan(1.5);

    await addMember(ctx, 'music_other');
    const other = (await login(ctx.app, 'music_other', 'secret-123')).ApiToken;
    const theirs = await call<MusicList>(ctx.app, other, '/api/seoaivideo.BatchPublish/getSystemMusic', {
      is_system_music: 0,
    });
    expect(theirs.data.count).toBe(0);
  });
});
