import fs from 'node:fs';
import path from 'node:path';
import type { StorageInfo } from '@vidmatrix/contract/api/file-setting';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MaterialRepository } from '../src/modules/material/material.repository.ts';
import { thumbKeyOf } from '../src/modules/upload/object-name.ts';
import { RELEASE_GRACE_MS, UPLOAD_CLEANUP_JOB, UPLOAD_MAX_AGE_MS } from '../src/modules/upload/upload.service.ts';
import { auth, createTestApp, login, type TestContext } from './helpers.ts';
import { mediaFixtures, type MediaFixtures } from '@vidmatrix/fixtures';
import { call, tusCreate, tusPatch, tusUpload } from './upload-client.ts';

let ctx: TestContext;
let token: string;
let media: MediaFixtures;

beforeAll(async () => {
  ctx = await createTestApp();
  token = (await login(ctx.app)).ApiToken;
  media = mediaFixtures();
}, 60_000);

afterAll(async () => {
  await ctx.close();
});

const objectFile = (key: string) => path.join(ctx.config.dataDir, 'storage', key);
const metadataFile = (key: string) => path.join(ctx.config.dataDir, 'uploads', `${key}.json`);
const keyOf = (location: string) => `media/${location.split('/').pop() ?? ''}`;
const uploadRow = (key: string) =>
  ctx.db.selectFrom('upload').selectAll().where('object_key', '=', key).executeTakeFirst();

async function spaceUsed(): Promise<number> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/file.Setting/info', headers: auth(token) });
  return res.json<{ data: StorageInfo }>().data.space_used;
}

async function runCleanup(): Promise<void> {
  await ctx.app.jobs.enqueue(UPLOAD_CLEANUP_JOB, {});
  await ctx.app.jobs.drain();
}

describe('abandoned uploads', () => {
  it('deletes the tus metadata file once an upload is registered or discarded', async () => {
    const registered = await tusUpload(ctx.app, token, 'keep.png', media.png);
    expect(fs.existsSync(metadataFile(registered))).toBe(true);
    const added = await call(ctx.app, token, '/api/file.File/add', { file_url: registered, file_name: 'keep.png' });
    expect(added.code).toBe(200);
    expect(fs.existsSync(metadataFile(registered))).toBe(false);
    expect(fs.existsSync(objectFile(registered))).toBe(true);

    const discarded = await tusUpload(ctx.app, token, 'drop.png', media.png);
    expect((await call(ctx.app, token, '/api/file.File/deleAliyunFile', { file_paths: discarded })).code).toBe(200);
    expect(fs.existsSync(metadataFile(discarded))).toBe(false);
    expect(fs.existsSync(objectFile(discarded))).toBe(false);
  });

  it('removes uploads left for a day, refunding finished ones, and keeps younger ones', async () => {
    const before = await spaceUsed();
    const partial = await tusCreate(ctx.app, token, 'half.mp4', media.mp4.length);
    expect((await tusPatch(ctx.app, token, partial.location, 0, media.mp4.subarray(0, 1000))).status).toBe(204);
    const unfinished = keyOf(partial.location);
    const finished = await tusUpload(ctx.app, token, 'never-added.png', media.png);
    expect(await spaceUsed()).toBe(before + media.png.length);

    await runCleanup();
    expect(await uploadRow(unfinished)).toBeDefined(); // not a day old yet
    expect(await uploadRow(finished)).toBeDefined();

    ctx.clock.advance(UPLOAD_MAX_AGE_MS - 60_000);
    const young = await tusCreate(ctx.app, token, 'young.mp4', media.mp4.length);
    ctx.clock.advance(2 * 60_000);
    await runCleanup();

    for (const key of [unfinished, finished]) {
      expect(await uploadRow(key)).toBeUndefined();
      expect(fs.existsSync(objectFile(key))).toBe(false);
      expect(fs.existsSync(metadataFile(key))).toBe(false);
    }
    expect(await spaceUsed()).toBe(before);
    expect(await uploadRow(keyOf(young.location))).toBeDefined();
    expect(fs.existsSync(metadataFile(keyOf(young.location)))).toBe(true);
  });

  it('frees a removed material whose release died with its process (kill -9 after the delete)', async () => {
    const before = await spaceUsed();
    const key = await tusUpload(ctx.app, token, 'gone.png', media.png);
    const added = await call<{ file_id: number }[]>(ctx.app, token, '/api/file.File/add', {
      file_url: key,
      file_name: 'gone.png',
    });
    expect(added.code).toBe(200);
    await ctx.app.jobs.drain();
    const material = await ctx.db
      .selectFrom('material')
      .selectAll()
      .where('object_key', '=', key)
      .executeTakeFirstOrThrow();
    expect(fs.existsSync(objectFile(thumbKeyOf(key)))).toBe(true);
    // What file.File/dele leaves when its process dies right after deleting the row: the object, its
    // thumbnail and the charge, with nothing else left to free them.
    const removed = await new MaterialRepository(ctx.db).remove(
      material.member_id,
      { id: material.id, object_key: key, size: Number(material.size) },
      ctx.clock.now,
    );
    expect(removed).toBe(true);
    await runCleanup();
    expect(fs.existsSync(objectFile(key))).toBe(true); // its release may still be running
    ctx.clock.advance(RELEASE_GRACE_MS + 60_000);
    await runCleanup();
    expect(fs.existsSync(objectFile(key))).toBe(false);
    expect(fs.existsSync(objectFile(thumbKeyOf(key)))).toBe(false);
    expect(await uploadRow(key)).toBeUndefined();
    expect(await spaceUsed()).toBe(before);
  });
});
