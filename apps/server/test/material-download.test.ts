import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { MaterialDownloadApi } from '@vidmatrix/contract/api/material-download';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MaterialRepository } from '../src/modules/material/material.repository.ts';
import { addMember, auth, createTestApp, login, type TestContext } from './helpers.ts';
import { materialRow } from './material-rows.ts';

// Issue 13.12: is_batch_download with batch_download_max: chosen materials as one streamed zip.

let ctx: TestContext;
let owner: { id: number; token: string };
let other: { id: number; token: string };

beforeAll(async () => {
  ctx = await createTestApp();
  const ownerId = await addMember(ctx, 'zip_owner');
  const otherId = await addMember(ctx, 'zip_other');
  owner = { id: ownerId, token: (await login(ctx.app, 'zip_owner', 'secret-123')).ApiToken };
  other = { id: otherId, token: (await login(ctx.app, 'zip_other', 'secret-123')).ApiToken };
}, 60_000);

afterAll(async () => {
  await ctx.close();
});

/** A material whose object holds `data` in storage. */
async function material(memberId: number, fileName: string, key: string, data: Buffer): Promise<number> {
  await ctx.app.storage.put(key, Readable.from([data]), 'application/octet-stream');
  return new MaterialRepository(ctx.db).insert(
    materialRow({ member_id: memberId, file_name: fileName, object_key: key, size: data.length }),
  );
}

function download(token: string, ids: readonly number[]) {
  return ctx.app.inject({
    method: 'GET',
    url: `${MaterialDownloadApi.batchDownload}?ids=${ids.join(',')}`,
    headers: auth(token),
  });
}

/** Names and bytes (hex) of a zip, read by Python's zipfile with its CRC check. */
function unzip(zip: Buffer): Record<string, string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zip-dl-'));
  try {
    fs.writeFileSync(path.join(dir, 'a.zip'), zip);
    const script =
      'import json,sys,zipfile\nz=zipfile.ZipFile(sys.argv[1])\nassert z.testzip() is None\n' +
      'print(json.dumps({i.filename: z.read(i).hex() for i in z.infolist()}))';
    return JSON.parse(execFileSync('python3', ['-c', script, path.join(dir, 'a.zip')], { encoding: 'utf8' })) as Record<
      string,
      string
    >;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('file.File/batchDownload', () => {
  it('streams the chosen materials as one zip, names unique with their extension', async () => {
    const video = randomBytes(40_000);
    const image = randomBytes(3000);
    const again = randomBytes(10);
    const ids = [
      await material(owner.id, '产品视频', 'media/zipowner-a.mp4', video),
      await material(owner.id, 'cover.png', 'media/zipowner-b.png', image),
      await material(owner.id, '产品视频', 'media/zipowner-c.mp4', again),
    ];
    const res = await download(owner.token, ids);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(String(res.headers['content-disposition'])).toContain("filename*=UTF-8''%E7%B4%A0%E6%9D%90.zip");
    expect(unzip(res.rawPayload)).toEqual({
      '产品视频.mp4': video.toString('hex'),
      'cover.png': image.toString('hex'),
      '产品视频 (2).mp4': again.toString('hex'),
    });
  });

  it('refuses more than batch_download_max, and everything when batch download is off', async () => {
    const ids = [
      await material(owner.id, 'm1', 'media/zipowner-m1.jpg', Buffer.from('1')),
      await material(owner.id, 'm2', 'media/zipowner-m2.jpg', Buffer.from('2')),
      await material(owner.id, 'm3', 'media/zipowner-m3.jpg', Buffer.from('3')),
    ];
    await ctx.app.services.members.setFeatures('zip_owner', { batchDownloadMax: 2 });
    const tooMany = await download(owner.token, ids);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ code: 400, msg: '一次最多下载2个素材' });
    expect((await download(owner.token, ids.slice(0, 2))).statusCode).toBe(200);

    await ctx.app.services.members.setFeatures('zip_owner', { batchDownloadMax: 0 });
    const info = (
      await ctx.app.inject({ method: 'GET', url: '/api/member.Member/info', headers: auth(owner.token) })
    ).json<{ data: { is_batch_download: number } }>().data;
    expect(info.is_batch_download).toBe(0);
    const off = await download(owner.token, ids.slice(0, 1));
    expect(off.json()).toMatchObject({ code: 400, msg: '当前账号未开通批量下载' });
    await ctx.app.services.members.setFeatures('zip_owner', { batchDownloadMax: 50 });
  });

  it("answers 404 and sends nothing for another member's ids, and 请选择素材 for none", async () => {
    const theirs = await material(other.id, '别人的', 'media/zipother-a.mp4', Buffer.from('secret'));
    const mine = await material(owner.id, '我的', 'media/zipowner-x.mp4', Buffer.from('mine'));
    const res = await download(owner.token, [mine, theirs]);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404 });
    expect(res.body).not.toContain('secret');
    const none = await download(owner.token, []);
    expect(none.json()).toMatchObject({ code: 400, msg: '请选择素材' });
  });
});
