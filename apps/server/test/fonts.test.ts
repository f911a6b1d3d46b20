import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ClipFontItem } from '@vidmatrix/contract/api/clip-task';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isFontCollection } from '../src/media/clip/font-collection.ts';
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
      const file = await ctx.app.inject({ method: 'GET', url: font.path });
      expect(file.statusCode).toBe(200);
      // The desktop verifies its synced copy against these.
      expect(font.size).toBe(file.rawPayload.length);
      expect(font.sha256).toBe(createHash('sha256').update(file.rawPayload).digest('hex'));
      expect(file.headers['content-type']).toMatch(/^font\//);
      const own = fs.readFileSync(onHost[index]?.path ?? '');
      if (isFontCollection(own)) {
        // A face of a collection (wqy-microhei.ttc) is served as a font of its own, which Chromium accepts.
        expect(isFontCollection(file.rawPayload)).toBe(false);
        expect(file.headers['content-type']).toBe('font/ttf');
        const served = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vidmatrix-served-')), 'face.ttf');
        fs.writeFileSync(served, file.rawPayload);
        expect(execFileSync('fc-scan', ['--format', '%{family[0]}', served], { encoding: 'utf8' })).toBe(font.value);
      } else {
        // What the desktop downloads is the renderer's own file, byte for byte.
        expect(file.rawPayload.equals(own)).toBe(true);
      }
    }
  });

  it('serves only listed fonts', async () => {
    for (const url of ['/static/fonts/unlisted.ttf', '/static/fonts/..%2F..%2F..%2Fetc%2Fpasswd', '/static/fonts/']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});
