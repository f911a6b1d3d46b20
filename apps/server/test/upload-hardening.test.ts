import type { StorageInfo } from '@vidmatrix/contract/api/file-setting';
import { AccountApi, importResult } from '@vidmatrix/contract/api/enterprise-account';
import { MaterialApi, materialList } from '@vidmatrix/contract/api/material';
import { IMPORT_MAX_MB } from '@vidmatrix/contract/constants';
import { fillMsg, Msg } from '@vidmatrix/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestApp, login, type TestContext } from './helpers.ts';
import { mediaFixtures, type MediaFixtures } from '@vidmatrix/fixtures';
import { tusUpload } from './upload-client.ts';

// Issue 13 items 2, 4, 5 and 6: multipart bodies, what upl may store, the import limit, all-or-nothing add.

let ctx: TestContext;
let token: string;
let media: MediaFixtures;

beforeAll(async () => {
  ctx = await createTestApp();
  media = mediaFixtures();
  token = (await login(ctx.app)).ApiToken;
}, 60_000);

afterAll(async () => {
  await ctx.close();
});

interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

const BOUNDARY = '----vmharden';

/** A multipart body: `type=upl`, then one file part. */
function uplBody(fileName: string, data: Buffer, boundary = BOUNDARY): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nupl\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

async function post(contentType: string, payload: Buffer | string, url: string = MaterialApi.add) {
  const res = await ctx.app.inject({
    method: 'POST',
    url,
    headers: { ...auth(token), 'content-type': contentType },
    payload,
  });
  return { status: res.statusCode, body: res.json<Envelope>() };
}

async function spaceUsed(): Promise<number> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/file.Setting/info', headers: auth(token) });
  return res.json<Envelope<StorageInfo>>().data.space_used;
}

async function materialNames(): Promise<string[]> {
  const res = await ctx.app.inject({ method: 'POST', url: `${MaterialApi.list}?limit=500`, headers: auth(token) });
  return materialList.parse(res.json<Envelope>().data).list.map((m) => m.file_name);
}

async function uploadRows() {
  return ctx.db.selectFrom('upload').select(['object_key', 'status']).execute();
}

describe('a malformed multipart body is the caller’s mistake (issue 13.2)', () => {
  it('answers 400 参数错误 for no boundary, a wrong boundary and a truncated body, keeping nothing', async () => {
    const before = { used: await spaceUsed(), rows: (await uploadRows()).length };
    const whole = uplBody('cut.png', media.png);
    const cases: [string, string, Buffer][] = [
      ['no boundary', 'multipart/form-data', whole],
      ['wrong boundary', 'multipart/form-data; boundary=----other', whole],
      ['truncated in the file', `multipart/form-data; boundary=${BOUNDARY}`, whole.subarray(0, whole.length - 60)],
      ['truncated in the headers', `multipart/form-data; boundary=${BOUNDARY}`, whole.subarray(0, 90)],
      ['empty boundary', 'multipart/form-data; boundary=', whole],
    ];
    for (const [label, contentType, payload] of cases) {
      const res = await post(contentType, payload);
      expect(res.status, label).toBe(400);
      expect(res.body, label).toMatchObject({ code: 400 });
      expect([Msg.invalidParams, Msg.fileRequired], `${label}: ${res.body.msg}`).toContain(res.body.msg);
    }
    expect(await spaceUsed()).toBe(before.used);
    expect((await uploadRows()).length).toBe(before.rows);
  });
});

describe('type=upl stores media only, and everything charged is a listed material (issue 13.4)', () => {
  it('refuses zip, pdf and txt with 不支持该格式 before charging anything', async () => {
    const before = { used: await spaceUsed(), rows: (await uploadRows()).length };
    for (const name of ['a.zip', 'b.pdf', 'c.txt', 'd.docx']) {
      const res = await post(
        `multipart/form-data; boundary=${BOUNDARY}`,
        uplBody(name, Buffer.from('PK\u0003\u0004data')),
      );
      expect(res.status, name).toBe(400);
      expect(res.body.msg, name).toBe(Msg.unsupportedFormat);
    }
    expect(await spaceUsed()).toBe(before.used);
    expect((await uploadRows()).length).toBe(before.rows);
  });

  it('charges a stored media file exactly once, as a material the member can see and delete', async () => {
    const before = await spaceUsed();
    const res = await post(`multipart/form-data; boundary=${BOUNDARY}`, uplBody('upl-kept.png', media.png));
    expect(res.body.code).toBe(200);
    const { file_id } = res.body.data as { file_id: number };
    expect(file_id).toBeGreaterThan(0);
    expect(await spaceUsed()).toBe(before + media.png.length);
    expect(await materialNames()).toContain('upl-kept.png');
    const deleted = await ctx.app.inject({
      method: 'POST',
      url: MaterialApi.dele,
      headers: auth(token),
      payload: { ids: String(file_id) },
    });
    expect(deleted.json<Envelope>().msg).toBe(Msg.deleted);
    expect(await spaceUsed()).toBe(before);
  });
});

describe('space an older type=upl path charged for a non-media file is given back', () => {
  it('the cleanup job removes such a registered upload and refunds its size, keeping materials', async () => {
    const kept = await post(`multipart/form-data; boundary=${BOUNDARY}`, uplBody('stays.png', media.png));
    expect(kept.body.code).toBe(200);
    const member = await ctx.db
      .selectFrom('member')
      .select('id')
      .where('account', '=', 'demo')
      .executeTakeFirstOrThrow();
    const leaked = { object_key: 'media/leakedleakedleakedleaked.zip', size: 4096 };
    // What the old path left: the upload registered and charged, no material.
    await ctx.db
      .insertInto('upload')
      .values({
        ...leaked,
        member_id: member.id,
        file_name: 'old.zip',
        status: 'registered',
        created_at: 1,
        finished_at: 1,
      })
      .execute();
    await ctx.db
      .updateTable('level_user')
      .set((eb) => ({ space_storage: eb('space_storage', '+', leaked.size) }))
      .where('member_id', '=', member.id)
      .execute();
    const before = await spaceUsed();
    await ctx.app.services.uploads.cleanup();
    expect(await spaceUsed()).toBe(before - leaked.size);
    const keys = (await uploadRows()).map((r) => r.object_key);
    expect(keys).not.toContain(leaked.object_key);
    expect(await materialNames()).toContain('stays.png');
  });
});

describe('file.File/add registers several files all or nothing (issue 13.6)', () => {
  it('refuses the whole list when a later file is not a finished upload of the member', async () => {
    const first = await tusUpload(ctx.app, token, 'first.png', media.png);
    const second = await tusUpload(ctx.app, token, 'second.mp3', media.mp3);
    const url = (key: string) => `/storage/${key}`;
    const before = await materialNames();
    for (const bad of ['/storage/media/aaaaaaaaaaaaaaaaaaaaaaaaaa.png', url(first)]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: MaterialApi.add,
        headers: auth(token),
        payload: { type: 'url', file_url: [url(first), url(second), bad].join(','), file_name: 'a,b,c' },
      });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json<Envelope>().msg).toBe(Msg.fileRequired);
    }
    expect(await materialNames()).toEqual(before);
    const statuses = new Map((await uploadRows()).map((r) => [r.object_key, r.status]));
    expect([statuses.get(first), statuses.get(second)]).toEqual(['finished', 'finished']);

    // The dialog's clean-up of the refused add now works: both uploads are still its to delete.
    const cleaned = await ctx.app.inject({
      method: 'POST',
      url: MaterialApi.deleteObjects,
      headers: auth(token),
      payload: { file_paths: [url(first), url(second)].join(',') },
    });
    expect(cleaned.json<Envelope>().msg).toBe(Msg.deleted);
  });

  it('registers every file of a good list', async () => {
    const keys = [
      await tusUpload(ctx.app, token, 'g1.png', media.png),
      await tusUpload(ctx.app, token, 'g2.png', media.png),
    ];
    const res = await ctx.app.inject({
      method: 'POST',
      url: MaterialApi.add,
      headers: auth(token),
      payload: { type: 'url', file_url: keys.map((k) => `/storage/${k}`).join(','), file_name: '好1,好2' },
    });
    expect(res.json<Envelope>().code).toBe(200);
    expect(await materialNames()).toEqual(expect.arrayContaining(['好1', '好2']));
  });
});

describe('the import size limit does not depend on how the stream is cut (issue 13.5)', () => {
  it('refuses an 11 MB file with 文件大小不超过10MB! every time', async () => {
    const big = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(11 * 1024 * 1024)]);
    const body = Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.xlsx"\r\n` +
          'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
      ),
      big,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]);
    for (let i = 0; i < 5; i += 1) {
      const res = await post(`multipart/form-data; boundary=${BOUNDARY}`, body, AccountApi.import);
      expect(res.status).toBe(200);
      expect(importResult.parse(res.body.data).errorMsg, `try ${i}`).toBe(
        fillMsg(Msg.fileTooLarge, { n: IMPORT_MAX_MB }),
      );
    }
  });

  it('answers a malformed import body with 400 参数错误', async () => {
    const res = await post('multipart/form-data', 'garbage', AccountApi.import);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(Msg.invalidParams);
  });
});
