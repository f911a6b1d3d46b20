import type { Material, MaterialList, UploadedFile } from '@vidmatrix/contract/api/material';
import { mediaFixtures } from '@vidmatrix/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createTestApp, login, type TestContext } from './helpers.ts';
import { TestSocket, socketUrl, testChannel, webhookSecretOf } from './realtime-helpers.ts';
import { call, tusUpload } from './upload-client.ts';

// The material media job tells the owner when a poster is ready (`material_processed`), so the library's
// card and a clip output show its poster and duration without a refetch; no other member hears of it.

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({}, { realtime: { channel: testChannel() } });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);

afterAll(async () => {
  await ctx.close();
});

describe('material_processed frames', () => {
  it('reach the owner with the poster the library lists, and no one else', async () => {
    const token = (await login(ctx.app)).ApiToken;
    await addMember(ctx, 'poster_other');
    const otherToken = (await login(ctx.app, 'poster_other', 'secret-123')).ApiToken;
    const owner = await TestSocket.bound(socketUrl(ctx.app), (await webhookSecretOf(ctx.app, token)).memberId, token);
    const other = await TestSocket.bound(
      socketUrl(ctx.app),
      (await webhookSecretOf(ctx.app, otherToken)).memberId,
      otherToken,
    );
    try {
      const key = await tusUpload(ctx.app, token, 'poster.mp4', mediaFixtures().mp4);
      const added = await call<UploadedFile[]>(ctx.app, token, '/api/file.File/add', {
        type: 'url',
        file_url: `/storage/${key}`,
        file_name: 'poster.mp4',
        file_type: 'video',
      });
      expect(added.code).toBe(200);
      const id = added.data[0]?.file_id ?? 0;
      await ctx.app.jobs.drain();

      const frame = await owner.next('material_processed', (f) => f.data.material_id === id);
      const listed = await call<MaterialList>(ctx.app, token, '/api/file.File/list');
      const video = listed.data.list.find((m) => m.file_id === id) as Material;
      expect(frame.data).toEqual({
        material_id: id,
        status: 'done',
        thumb_url: video.thumb_url,
        duration: video.duration,
      });
      expect(video.duration).toBeGreaterThan(0);
      expect(video.thumb_url).toMatch(/^\/storage\/thumbs\/.+\.jpg$/);

      // A frame for the other member would have been queued on their socket before this pong.
      other.send({ type: 'ping', data: {} });
      await other.next('pong');
      expect(other.frames.some((f) => f.type === 'material_processed')).toBe(false);
    } finally {
      owner.close();
      other.close();
    }
  });
});
