import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxControl, type SandboxControl } from './client.ts';
import { worksPage } from './pages.ts';
import { startSandbox, type Sandbox } from './server.ts';
import { SKINS } from './skins.ts';

// The sandbox core, over HTTP with no browser and no connector: the per-post file record, the session
// without the QR step, the held create and works put in place by a test.

/** A minimal ISO BMFF file (ftyp, mdat, moov/mvhd) lasting `timescale`-based `duration`. */
function tinyMp4(timescale: number, duration: number): Buffer {
  const box = (type: string, body: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(8 + body.length, 0);
    head.write(type, 4, 'latin1');
    return Buffer.concat([head, body]);
  };
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(timescale, 12);
  mvhd.writeUInt32BE(duration, 16);
  return Buffer.concat([
    box('ftyp', Buffer.from('isom\0\0\0\0isommp41', 'latin1')),
    box('mdat', Buffer.alloc(2048, 7)),
    box('moov', box('mvhd', mvhd)),
  ]);
}

let sandbox: Sandbox;
let control: SandboxControl;

beforeAll(async () => {
  sandbox = await startSandbox({ uploadBytesPerSec: 10 * 1024 * 1024 });
  control = sandboxControl(sandbox.url);
});
afterAll(async () => {
  await sandbox?.close();
});

/** Uploads a file as the signed-in session and waits for processing to end; the upload id. */
async function upload(platform: 'douyin', cookie: string, name: string, data: Buffer): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)]), name);
  const res = await fetch(`${sandbox.url}/${platform}/api/upload`, { method: 'POST', headers: { cookie }, body: form });
  expect(res.status).toBe(200);
  const { uploadId } = (await res.json()) as { uploadId: string };
  for (;;) {
    const status = await fetch(`${sandbox.url}/${platform}/api/upload/status?id=${uploadId}`, { headers: { cookie } });
    if (((await status.json()) as { state: string }).state === 'done') {
      return uploadId;
    }
  }
}

function create(platform: 'douyin', cookie: string, body: object) {
  return fetch(`${sandbox.url}/${platform}${SKINS[platform].createPath}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('platform sandbox core', () => {
  it('signs an account in without the QR step: the cookie opens the platform as that account', async () => {
    const before = await fetch(`${sandbox.url}/douyin/api/auth`);
    expect(before.status).toBe(401);
    const { cookie } = await control.login('douyin', 'alice');
    expect(cookie).toMatch(/^sessionid=/);
    const after = await fetch(`${sandbox.url}/douyin/api/auth`, { headers: { cookie } });
    expect(await after.json()).toEqual({ user: 'alice' });
    // The cookie is the platform's own: another platform still sees no session.
    expect((await fetch(`${sandbox.url}/kuaishou/api/auth`, { headers: { cookie } })).status).toBe(401);
  });

  it('records per post the uploaded file: name, size, sha256 and its mp4 duration', async () => {
    const { cookie } = await control.login('douyin', 'bob');
    const video = tinyMp4(1000, 7_500);
    const uploadId = await upload('douyin', cookie, '探店第一期.mp4', video);
    const res = await create('douyin', cookie, { uploadId, title: '文件记录', description: '描述' });
    expect(res.status).toBe(200);
    const [work] = await control.works('douyin', 'bob');
    expect(work?.file).toEqual({
      name: '探店第一期.mp4',
      size: video.length,
      sha256: createHash('sha256').update(video).digest('hex'),
      durationSec: 7.5,
    });
  });

  it('a held create never reaches the platform: a request, no create, no work', async () => {
    const { cookie } = await control.login('douyin', 'carol');
    const uploadId = await upload('douyin', cookie, 'held.mp4', tinyMp4(600, 600));
    await control.setSwitches('douyin', { createHold: true });
    const held = create('douyin', cookie, { uploadId, title: '被扣住的发布', description: '' }).catch(() => undefined);
    await expect.poll(async () => (await control.creates('douyin', 'carol')).requests).toBe(1);
    await control.reset();
    expect(await control.creates('douyin', 'carol')).toEqual({ accepted: 0, requests: 1 });
    expect(await control.works('douyin', 'carol')).toEqual([]);
    void held;
  });

  it('puts an earlier post in place, listed at once and counted as no create', async () => {
    const createdAt = Date.now() - 86_400_000;
    const work = await control.addWork({
      platform: 'douyin',
      user: 'dave',
      title: '老作品',
      createdAt,
      durationSec: 12,
    });
    expect(work).toMatchObject({ title: '老作品', createdAt, status: 'published', file: { durationSec: 12 } });
    expect(await control.creates('douyin', 'dave')).toEqual({ accepted: 0, requests: 0 });
    expect((await control.works('douyin', 'dave')).map((w) => w.id)).toEqual([work.id]);
  });

  it('the generic works page shows each work’s duration and creation time', () => {
    const createdAt = Date.UTC(2026, 10, 27, 2, 5);
    const html = worksPage(SKINS.kuaishou, [
      { id: 'w1', title: '作品一', status: '审核中', createdAt, durationSec: 75.2 },
    ]);
    expect(html).toContain('<span class="work-duration">1:15</span>');
    expect(html).toContain(`datetime="${new Date(createdAt).toISOString()}">2026-11-27 10:05</time>`);
  });
});
