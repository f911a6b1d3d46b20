import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers.ts';

const INDEX = '<!doctype html><html><body><div id="root"></div></body></html>';
const DOWNLOAD =
  '<!doctype html><html><head><title>APP下载</title></head><body><div id="root"><h1>下载</h1></div></body></html>';
const html = { accept: 'text/html' };

let ctx: TestContext;
beforeAll(async () => {
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'vidmatrix-prerendered-'));
  fs.mkdirSync(path.join(webDist, 'prerendered'));
  fs.writeFileSync(path.join(webDist, 'index.html'), INDEX);
  fs.writeFileSync(path.join(webDist, 'prerendered', 'download.html'), DOWNLOAD);
  ctx = await createTestApp({ webDist });
});
afterAll(async () => {
  await ctx.close();
});

describe('pre-rendered public pages', () => {
  it('answers a navigation to a pre-rendered path with its HTML, others with index.html', async () => {
    for (const url of ['/download', '/download?from=home', '/download/']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(DOWNLOAD);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const other = await ctx.app.inject({ method: 'GET', url: '/customer/chat', headers: html });
    expect(other.body).toBe(INDEX);
    // Not a navigation: no HTML at all.
    const api = await ctx.app.inject({ method: 'GET', url: '/download', headers: { accept: 'application/json' } });
    expect(api.statusCode).toBe(404);
  });
});
