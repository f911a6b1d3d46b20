import type { UploadedFile } from '@vidmatrix/contract/api/material';
import { mediaFixtures } from '@vidmatrix/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverMediaTools } from '../src/media/ffmpeg-discovery.ts';
import { MediaRepository } from '../src/media/media.repository.ts';
import { MediaProcessingService } from '../src/modules/material/media-processing.service.ts';
import { thumbKeyOf } from '../src/modules/upload/object-name.ts';
import { createTestApp, login, type TestContext } from './helpers.ts';
import { call, tusUpload } from './upload-client.ts';

// The media job against a delete that lands while it runs (issue 13): the poster it writes after the
// delete must not stay in storage. The app's own queue is off; the test runs the job itself, with the
// real ffmpeg, held after the poster is made and before it is stored.

let ctx: TestContext;
let token = '';

beforeAll(async () => {
  ctx = await createTestApp({ jobs: 'off' });
  token = (await login(ctx.app)).ApiToken;
}, 60_000);

afterAll(async () => {
  await ctx.close();
});

function signal() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** The real media tools, holding each poster until the test lets it go. */
class HeldPosters extends MediaRepository {
  made = signal();
  release = signal();

  override async videoPoster(source: string, durationSeconds: number | null): Promise<Buffer> {
    const frame = await super.videoPoster(source, durationSeconds);
    this.made.resolve();
    await this.release.promise;
    return frame;
  }
}

/** The real media tools, holding each read of a video's duration until the test lets it go. */
class HeldReads extends MediaRepository {
  reached = signal();
  release = signal();

  override async duration(source: string): Promise<number | null> {
    this.reached.resolve();
    await this.release.promise;
    return super.duration(source);
  }
}

async function addVideo(name: string): Promise<{ id: number; key: string }> {
  const key = await tusUpload(ctx.app, token, name, mediaFixtures().mp4);
  const added = await call<UploadedFile[]>(ctx.app, token, '/api/file.File/add', {
    type: 'url',
    file_url: `/storage/${key}`,
    file_name: name,
    file_type: 'video',
  });
  expect(added.code, added.msg).toBe(200);
  return { id: added.data[0]?.file_id ?? 0, key };
}

async function service<T extends MediaRepository>(Tools: new (ffmpeg: string, ffprobe: string) => T) {
  const tools = await discoverMediaTools(ctx.config, { info: () => undefined, warn: () => undefined });
  const media = new Tools(tools.ffmpeg, tools.ffprobe);
  return { media, processing: new MediaProcessingService({ ...ctx.deps, storage: ctx.app.storage }, media) };
}

describe('the media job and a delete', () => {
  it('stores the poster of a material that still exists', async () => {
    const { id, key } = await addVideo('留下.mp4');
    const { media, processing } = await service(HeldPosters);
    media.release.resolve();
    await processing.process(id);
    expect(await ctx.app.storage.size(thumbKeyOf(key))).toBeGreaterThan(0);
    const row = await ctx.db
      .selectFrom('material')
      .select(['thumb_key', 'process_status'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ thumb_key: thumbKeyOf(key), process_status: 'done' });
  });

  it('removes the poster it wrote when the material was deleted while the job ran', async () => {
    const { id, key } = await addVideo('删掉.mp4');
    const { media, processing } = await service(HeldPosters);
    const job = processing.process(id);
    await media.made.promise;

    const deleted = await call(ctx.app, token, '/api/file.File/dele', { ids: [id] });
    expect(deleted.code, deleted.msg).toBe(200);
    media.release.resolve();
    await job;

    expect(await ctx.app.storage.size(thumbKeyOf(key))).toBeNull();
    expect(await ctx.app.storage.size(key)).toBeNull();
    expect(await ctx.db.selectFrom('material').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
  });

  it('ends quietly when the material was deleted before the job read its file', async () => {
    const { id, key } = await addVideo('先删.mp4');
    const { media, processing } = await service(HeldReads);
    const job = processing.process(id);
    await media.reached.promise;

    const deleted = await call(ctx.app, token, '/api/file.File/dele', { ids: [id] });
    expect(deleted.code, deleted.msg).toBe(200);
    media.release.resolve();
    // Nothing to retry: the file is gone with its material, not missing from one that is still there.
    await expect(job).resolves.toBeUndefined();
    expect(await ctx.app.storage.size(thumbKeyOf(key))).toBeNull();
    expect(await ctx.app.storage.size(key)).toBeNull();
  });
});
