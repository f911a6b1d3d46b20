import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryLogger } from './log.ts';
import { fontFileName, readSyncedFont, syncFonts } from './fonts.ts';
import { body, startTestServer } from './test-server.ts';

const hei = Buffer.from('fake font: 黑体'.repeat(200));
const kai = Buffer.from('fake font: 楷体'.repeat(300));
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
});

async function fontServer() {
  const server = await startTestServer({
    'GET /storage/fonts/SimHei.ttf': body(hei),
    'GET /storage/fonts/KaiTi.ttf': body(kai),
    'GET /storage/fonts/Broken.ttf': body(Buffer.from('truncated')),
  });
  close = server.close;
  return server;
}

describe('font sync', () => {
  it('downloads each font once, verified by size and sha256, and skips existing ones', async () => {
    const server = await fontServer();
    const dir = await mkdtemp(join(tmpdir(), 'fonts-'));
    const log = createMemoryLogger();
    const fonts = [
      { value: '黑体', path: '/storage/fonts/SimHei.ttf', size: hei.length, sha256: sha(hei) },
      { value: '楷体', path: `${server.url}/storage/fonts/KaiTi.ttf` },
    ];
    const first = await syncFonts(fonts, { dir, serverUrl: server.url, log });
    expect(first).toEqual({ downloaded: ['SimHei.ttf', 'KaiTi.ttf'], skipped: [], failed: [] });
    expect(await readFile(join(dir, 'SimHei.ttf'))).toEqual(hei);
    expect(await readFile(join(dir, 'KaiTi.ttf'))).toEqual(kai);

    const second = await syncFonts(fonts, { dir, serverUrl: server.url, log });
    expect(second).toEqual({ downloaded: [], skipped: ['SimHei.ttf', 'KaiTi.ttf'], failed: [] });
    expect(server.requests).toHaveLength(2);
  });

  it('replaces a local file whose size differs from the listed one', async () => {
    const server = await fontServer();
    const dir = await mkdtemp(join(tmpdir(), 'fonts-'));
    await writeFile(join(dir, 'SimHei.ttf'), 'partial');
    const result = await syncFonts([{ value: '黑体', path: '/storage/fonts/SimHei.ttf', size: hei.length }], {
      dir,
      serverUrl: server.url,
      log: createMemoryLogger(),
    });
    expect(result.downloaded).toEqual(['SimHei.ttf']);
    expect(await readFile(join(dir, 'SimHei.ttf'))).toEqual(hei);
  });

  it('replaces a local file of the listed size whose sha256 differs (the font changed on the server)', async () => {
    const server = await fontServer();
    const dir = await mkdtemp(join(tmpdir(), 'fonts-'));
    await writeFile(join(dir, 'SimHei.ttf'), Buffer.alloc(hei.length, 1));
    const listed = [{ value: '黑体', path: '/storage/fonts/SimHei.ttf', size: hei.length, sha256: sha(hei) }];
    const options = { dir, serverUrl: server.url, log: createMemoryLogger() };
    expect((await syncFonts(listed, options)).downloaded).toEqual(['SimHei.ttf']);
    expect(await readFile(join(dir, 'SimHei.ttf'))).toEqual(hei);
    expect((await syncFonts(listed, options)).skipped).toEqual(['SimHei.ttf']);
  });

  it('only logs a font that fails (missing, wrong hash, wrong size) and keeps the others', async () => {
    const server = await fontServer();
    const dir = await mkdtemp(join(tmpdir(), 'fonts-'));
    const log = createMemoryLogger();
    const result = await syncFonts(
      [
        { value: '缺失', path: '/storage/fonts/Missing.ttf' },
        { value: '坏哈希', path: '/storage/fonts/Broken.ttf', sha256: sha(hei) },
        { value: '黑体', path: '/storage/fonts/SimHei.ttf', size: hei.length + 1 },
        { value: '楷体', path: '/storage/fonts/KaiTi.ttf', sha256: sha(kai) },
      ],
      { dir, serverUrl: server.url, log },
    );
    expect(result).toEqual({
      downloaded: ['KaiTi.ttf'],
      skipped: [],
      failed: ['Missing.ttf', 'Broken.ttf', 'SimHei.ttf'],
    });
    expect((await readdir(dir)).sort()).toEqual(['KaiTi.ttf']);
    expect(log.entries.filter((e) => e.level === 'warn').map((e) => e.fields?.font)).toEqual([
      '缺失',
      '坏哈希',
      '黑体',
    ]);
  });

  it('never writes outside the font folder', () => {
    expect(fontFileName({ path: '/a/../../etc/passwd' })).toBe('passwd');
    expect(fontFileName({ path: 'https://cdn.example.com/f/%E9%BB%91%20体.ttf?x=1' })).toBe('黑_体.ttf');
    expect(fontFileName({ path: '/fonts/..' })).toMatch(/^[a-f0-9]{16}$/);
  });

  it('hands the clip preview a synced font from the folder, and nothing for one not synced', async () => {
    const server = await fontServer();
    const dir = await mkdtemp(join(tmpdir(), 'fonts-'));
    const synced = { value: '黑体', path: '/static/fonts/SimHei.ttf' };
    expect(await readSyncedFont(dir, synced)).toBeNull();
    await syncFonts([{ value: '黑体', path: '/storage/fonts/SimHei.ttf' }], {
      dir,
      serverUrl: server.url,
      log: createMemoryLogger(),
    });
    // The local copy is found by the file name, whatever folder the server lists it under.
    expect(Buffer.from((await readSyncedFont(dir, synced)) ?? [])).toEqual(hei);
    expect(await readSyncedFont(dir, { value: '楷体', path: '/static/fonts/KaiTi.ttf' })).toBeNull();
    await writeFile(join(tmpdir(), 'outside.ttf'), 'not a font folder file');
    expect(await readSyncedFont(dir, { value: 'x', path: '/static/fonts/..%2Foutside.ttf' })).toBeNull();
  });
});
