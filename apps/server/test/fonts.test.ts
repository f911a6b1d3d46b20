import fs from 'node:fs';
import type { ClipFontItem } from '@vidmatrix/contract/api/clip-task';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listChineseFonts } from '../src/media/clip/fonts.ts';
import { auth, createTestApp, login, type TestContext } from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

describe('fonts (getFront)', () => {
  it('lists each font at a URL the server serves, never a path on this host', async () => {
    const { ApiToken } = await login(ctx.app);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/seoaivideo.BatchPublish/getFront',
      headers: auth(ApiToken),
    });
    const fonts = res.json<{ data: ClipFontItem[] }>().data;
    const onHost = await listChineseFonts();
    expect(fonts.length).toBe(onHost.length);
    expect(fonts.length).toBeGreaterThan(0);
    for (const [index, font] of fonts.entries()) {
      expect(font.path).toMatch(/^\/static\/fonts\/[^/]+$/);
      // What the desktop downloads is the renderer's own file, byte for byte.
      const file = await ctx.app.inject({ method: 'GET', url: font.path });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toMatch(/^font\//);
      expect(file.rawPayload.equals(fs.readFileSync(onHost[index]?.path ?? ''))).toBe(true);
    }
  });

  it('serves only listed fonts', async () => {
    for (const url of ['/static/fonts/unlisted.ttf', '/static/fonts/..%2F..%2F..%2Fetc%2Fpasswd', '/static/fonts/']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});
