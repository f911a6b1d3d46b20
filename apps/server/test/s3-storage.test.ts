import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { StorageInfo } from '@vidmatrix/contract/api/file-setting';
import type { MaterialList, UploadedFile } from '@vidmatrix/contract/api/material';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestApp, login, type TestContext } from './helpers.ts';
import { mediaFixtures, type MediaFixtures } from '@vidmatrix/fixtures';
import { UPLOAD_CLEANUP_JOB, UPLOAD_MAX_AGE_MS } from '../src/modules/upload/upload.service.ts';
import { call, tusCreate, tusPatch, tusUpload } from './upload-client.ts';

const BUCKET = 'vidmatrix-test';
let s3: S3rver;
let s3Dir: string;
let publicUrl: string;
let ctx: TestContext;
let token: string;
let media: MediaFixtures;

beforeAll(async () => {
  s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vm-s3rver-'));
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await s3.run();
  const endpoint = `http://127.0.0.1:${port}`;
  publicUrl = `${endpoint}/${BUCKET}/`;
  ctx = await createTestApp({
    storage: {
      driver: 's3',
      s3: {
        endpoint,
        region: 'us-east-1',
        bucket: BUCKET,
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        publicUrl,
      },
    },
  });
  token = (await login(ctx.app)).ApiToken;
  media = mediaFixtures();
}, 60_000);

afterAll(async () => {
  await ctx.close();
  await s3.close();
  fs.rmSync(s3Dir, { recursive: true, force: true });
});

describe('s3 storage driver (against s3rver)', () => {
  it('announces the s3 driver and the bucket URL, without secrets', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/file.Setting/info', headers: auth(token) });
    const info = res.json<{ data: StorageInfo }>().data;
    expect(info.driver).toBe('s3');
    expect(info.public_base_url).toBe(publicUrl);
    expect(JSON.stringify(info)).not.toMatch(/S3RVER|secret|access_key/i);
  });

  it("lets the browser read the bucket: its origin is in the CSP's img-src, media-src and connect-src", async () => {
    const csp = String(
      (await ctx.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } })).headers[
        'content-security-policy'
      ],
    );
    const origin = new URL(publicUrl).origin;
    for (const directive of ['img-src', 'media-src', 'connect-src']) {
      expect(csp.split(';').find((d) => d.trim().startsWith(`${directive} `))).toContain(origin);
    }
  });

  it('uploads through the tus S3 store, makes the poster and serves from the bucket', async () => {
    const videoKey = await tusUpload(ctx.app, token, 'clip.mp4', media.mp4);
    const imageKey = await tusUpload(ctx.app, token, 'a.png', media.png);
    const added = await call<UploadedFile[]>(ctx.app, token, '/api/file.File/add', {
      type: 'url',
      file_url: `${publicUrl}${videoKey},${publicUrl}${imageKey}`,
      file_name: 'clip.mp4,a.png',
    });
    expect(added.code).toBe(200);
    expect(added.data[0]?.file_url).toBe(`${publicUrl}${videoKey}`);
    await ctx.app.jobs.drain();

    const page = (await call<MaterialList>(ctx.app, token, '/api/file.File/list')).data;
    const video = page.list.find((m) => m.file_type === 'video');
    expect(video?.process_status).toBe('done');
    expect(video?.duration).toBeGreaterThan(1.5);
    expect(video?.thumb_url.startsWith(`${publicUrl}thumbs/`)).toBe(true);
    const object = await fetch(`${publicUrl}${videoKey}`);
    expect(Buffer.from(await object.arrayBuffer()).equals(media.mp4)).toBe(true);
    expect((await fetch(video?.thumb_url ?? '')).status).toBe(200);

    const spaceUsed = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/file.Setting/info', headers: auth(token) })).json<{
        data: StorageInfo;
      }>().data.space_used;
    const before = await spaceUsed();
    await call(ctx.app, token, '/api/file.File/dele', { ids: String(video?.file_id) });
    expect((await fetch(`${publicUrl}${videoKey}`)).status).toBe(404);
    expect(await spaceUsed()).toBe(before - media.mp4.length);
  });

  it('fingerprints an object by its size and ETag: rewritten anywhere at the same size, it differs', async () => {
    const key = 'media/fingerprint-probe.bin';
    const body = Buffer.alloc(300 * 1024);
    await ctx.app.storage.put(key, body, 'application/octet-stream');
    const first = await ctx.app.storage.fingerprint(key);
    body[150 * 1024] = 1;
    await ctx.app.storage.put(key, body, 'application/octet-stream');
    const second = await ctx.app.storage.fingerprint(key);
    expect(first).toMatch(/^307200:/);
    expect(second).toMatch(/^307200:/);
    expect(second).not.toBe(first);
    await ctx.app.storage.delete(key);
    expect(await ctx.app.storage.fingerprint(key)).toBeNull();
  });

  it('refuses a renamed .exe and removes it from the bucket', async () => {
    const created = await tusCreate(ctx.app, token, 'photo.png', media.exe.length);
    const res = await tusPatch(ctx.app, token, created.location, 0, media.exe);
    expect(res.status).toBe(415);
    expect(res.body).toBe('不支持该格式');
    const key = `media/${created.location.split('/').pop() ?? ''}`;
    expect((await fetch(`${publicUrl}${key}`)).status).toBe(404);
  });

  it('keeps the part ledger in the database, not under DATA_DIR, and drops it once registered', async () => {
    const key = await tusUpload(ctx.app, token, 'ledger.mp4', media.mp4);
    const parts = await ctx.db.selectFrom('upload_part').selectAll().where('object_key', '=', key).execute();
    expect(parts.map((p) => [p.part_number, Number(p.size)])).toEqual([[1, media.mp4.length]]);
    expect(fs.existsSync(path.join(ctx.config.dataDir, 'uploads', 's3-parts'))).toBe(false);
    const added = await call(ctx.app, token, '/api/file.File/add', {
      file_url: `${publicUrl}${key}`,
      file_name: 'l.mp4',
    });
    expect(added.code).toBe(200);
    expect(await ctx.db.selectFrom('upload_part').selectAll().where('object_key', '=', key).execute()).toEqual([]);
    expect((await fetch(`${publicUrl}${key}.info`)).status).toBe(404);
    expect((await fetch(`${publicUrl}${key}`)).status).toBe(200);
  });

  it('removes an upload abandoned for a day from the bucket', async () => {
    const created = await tusCreate(ctx.app, token, 'abandoned.mp4', media.mp4.length);
    expect((await tusPatch(ctx.app, token, created.location, 0, media.mp4.subarray(0, 1000))).status).toBe(204);
    const key = `media/${created.location.split('/').pop() ?? ''}`;
    expect((await fetch(`${publicUrl}${key}.info`)).status).toBe(200);
    ctx.clock.advance(UPLOAD_MAX_AGE_MS + 60_000);
    await ctx.app.jobs.enqueue(UPLOAD_CLEANUP_JOB, {});
    await ctx.app.jobs.drain();
    expect(
      await ctx.db.selectFrom('upload').selectAll().where('object_key', '=', key).executeTakeFirst(),
    ).toBeUndefined();
    for (const suffix of ['', '.info', '.part']) {
      expect((await fetch(`${publicUrl}${key}${suffix}`)).status).toBe(404);
    }
  });
});
