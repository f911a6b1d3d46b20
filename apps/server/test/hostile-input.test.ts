import { INT_MAX } from '@vidmatrix/contract/api/common';
import {
  SENT_AT_MAX,
  WEBHOOK_MEMBER_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
} from '@vidmatrix/contract/api/customer';
import { AccountApi, accountList } from '@vidmatrix/contract/api/enterprise-account';
import { MaterialApi, materialList } from '@vidmatrix/contract/api/material';
import { MaterialExportApi } from '@vidmatrix/contract/api/material-export';
import { MusicApi } from '@vidmatrix/contract/api/music';
import { Msg } from '@vidmatrix/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MaterialRepository } from '../src/modules/material/material.repository.ts';
import { addMember, auth, createTestApp, login, type TestContext } from './helpers.ts';
import { materialRow } from './material-rows.ts';
import { addEnterpriseAccount, postCustomerMessage, webhookSecretOf } from './realtime-helpers.ts';

// Issue 13: hostile input is refused with a Chinese envelope, never a 5xx, on SQLite and PostgreSQL.

let ctx: TestContext;
let demo: string;
let other: string;
let demoId: number;
let otherId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  demo = (await login(ctx.app)).ApiToken;
  otherId = await addMember(ctx, 'hostile_other');
  other = (await login(ctx.app, 'hostile_other', 'secret-123')).ApiToken;
  demoId = (await ctx.db.selectFrom('member').select('id').where('account', '=', 'demo').executeTakeFirstOrThrow()).id;
}, 60_000);

afterAll(async () => {
  await ctx.close();
});

interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

async function send<T = unknown>(
  token: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
): Promise<{ status: number; body: Envelope<T> }> {
  const res = await ctx.app.inject({
    method,
    url,
    headers: auth(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: res.statusCode, body: res.json<Envelope<T>>() };
}

let inserted = 0;
/** A material row of a member, straight through the repository (no upload needed). */
function insertMaterial(memberId: number, fileName: string): Promise<number> {
  inserted += 1;
  const now = ctx.clock.now;
  return new MaterialRepository(ctx.db).insert(
    materialRow({
      member_id: memberId,
      file_name: fileName,
      object_key: `media/hostile${inserted}.png`,
      created_at: now,
      updated_at: now,
    }),
  );
}

const CHINESE = /[\u4e00-\u9fff]/;
const ENGLISH_WORD = /[A-Za-z]{3,}/;

/** The answer is a 400 envelope whose message a Chinese user can read. */
function expectRefusedInChinese(result: { status: number; body: Envelope }, label: string): void {
  expect(result.status, `${label}: ${result.body.msg}`).toBe(400);
  expect(result.body.code, label).toBe(400);
  expect(result.body.msg, label).toMatch(CHINESE);
  expect(result.body.msg, label).not.toMatch(ENGLISH_WORD);
}

describe('control characters and lone surrogates in a name search (issue 13.1)', () => {
  const controls = ['ab\u0000cd', 'abc\u0000', '\u0000', 'ab\u0001cd', 'abc\u007f'];
  // A query string cannot carry a lone surrogate (it arrives as U+FFFD); a JSON body can.
  const surrogates = ['ab\ud800cd', '\udc00abc'];

  it('refuses them in the material list, the export and the own-music search with 参数错误', async () => {
    await insertMaterial(demoId, 'abcd.png');
    for (const value of [...controls, ...surrogates]) {
      const label = JSON.stringify(value);
      const music = await send(demo, 'POST', MusicApi.list, { is_system_music: 0, keywords: value });
      expectRefusedInChinese(music, `music ${label}`);
      const systemMusic = await send(demo, 'POST', MusicApi.list, { is_system_music: 1, keywords: value });
      expectRefusedInChinese(systemMusic, `system music ${label}`);
    }
    for (const value of controls) {
      const query = new URLSearchParams({ search_field: 'file_name', search_exp: 'like', search_value: value });
      const label = JSON.stringify(value);
      const listed = await send(demo, 'POST', `${MaterialApi.list}?${query.toString()}`);
      expectRefusedInChinese(listed, `list ${label}`);
      expect(listed.body.msg).toBe(Msg.invalidParams);
      const exported = await ctx.app.inject({
        method: 'GET',
        url: `${MaterialExportApi.export}?${query.toString()}`,
        headers: auth(demo),
      });
      expect(exported.statusCode, `export ${label}`).toBe(400);
      expect(exported.json<Envelope>().msg).toBe(Msg.invalidParams);
    }
  });

  it('answers the literal request of the issue with 400, and a clean search still finds', async () => {
    const res = await send(demo, 'POST', `${MaterialApi.list}?search_value=ab%00cd`);
    expectRefusedInChinese(res, 'ab%00cd');
    const found = materialList.parse((await send(demo, 'POST', `${MaterialApi.list}?search_value=bcd`)).body.data);
    expect(found.list.map((m) => m.file_name)).toContain('abcd.png');
  });

  it('refuses them in names that would be stored', async () => {
    for (const nickname of ['a\u0000b', 'a\ud800b']) {
      const account = await send(demo, 'POST', AccountApi.add, { nickname, platform_id: 1 });
      expectRefusedInChinese(account, `account nickname ${JSON.stringify(nickname)}`);
    }
    const accounts = await send(demo, 'GET', `${AccountApi.list}?remarks=${encodeURIComponent('x\u0000')}`);
    expectRefusedInChinese(accounts, 'account search');
    const group = await send(demo, 'POST', MaterialApi.groupAdd, { group_name: '组\u0000' });
    expectRefusedInChinese(group, 'group name');
  });
});

describe('type errors answer a Chinese message on every path (issue 13.3)', () => {
  it('file.File/add on its JSON path no longer shows zod English', async () => {
    for (const payload of [{ file_url: 123 }, { file_url: ['a', 1] }, { type: 'url', file_url: 'x', remark: 5 }]) {
      expectRefusedInChinese(await send(demo, 'POST', MaterialApi.add, payload), JSON.stringify(payload));
    }
    const missing = await send(demo, 'POST', MaterialApi.add, { file_url: '' });
    expect(missing.body.msg).toBe(Msg.fileRequired);
  });

  it('holds for wrong types on the other routes too', async () => {
    const cases: [string, 'GET' | 'POST', string, unknown][] = [
      ['material edit', 'POST', MaterialApi.edit, { file_id: 'x' }],
      ['material edit name', 'POST', MaterialApi.edit, { file_id: 1, file_name: 7 }],
      ['material group', 'POST', MaterialApi.groupAdd, { group_name: 1 }],
      ['material tag edit', 'POST', MaterialApi.tagEdit, { tag_id: [], tag_name: 'a' }],
      ['account add', 'POST', AccountApi.add, { nickname: 5, platform_id: 1 }],
      ['account group', 'POST', AccountApi.groupAdd, { group_name: {} }],
      ['account move', 'POST', AccountApi.editGroup, { ids: { a: 1 }, group_id: 0 }],
      ['music list', 'POST', MusicApi.list, { page: 'x' }],
      ['reply', 'POST', '/api/customer.DouyinCustomer/reply', { conversation_id: {}, content: 'hi' }],
      ['lead list', 'GET', '/api/customer.Lead/list?page=abc', undefined],
      ['material list', 'POST', `${MaterialApi.list}?limit=1.5`, undefined],
    ];
    for (const [label, method, url, payload] of cases) {
      expectRefusedInChinese(await send(demo, method, url, payload), label);
    }
  });
});

describe('numbers are typed and bounded (issue 13.8)', () => {
  let account: number;
  const statusOf = async () =>
    accountList
      .parse((await send(demo, 'GET', `${AccountApi.list}?limit=800`)).body.data)
      .list.find((a) => a.enterprise_account_id === account)?.cookie_auth_status;

  beforeAll(async () => {
    account = await addEnterpriseAccount(ctx.app, demo, '边界测试号');
    expect((await send(demo, 'POST', AccountApi.authCkStatus, { enterprise_account_id: account })).body.code).toBe(200);
  });

  it('refuses cookie_auth_status null instead of storing 0', async () => {
    const res = await send(demo, 'POST', AccountApi.authCkStatus, {
      enterprise_account_id: account,
      cookie_auth_status: null,
    });
    expectRefusedInChinese(res, 'null status');
    const all = await send(demo, 'POST', AccountApi.authCkAllStatus, {
      enterprise_account_id: String(account),
      cookie_auth_status: null,
    });
    expectRefusedInChinese(all, 'null status (all)');
    expect(await statusOf()).toBe(1);
  });

  it('refuses enterprise_account_id true instead of reading account 1', async () => {
    for (const payload of [
      { enterprise_account_id: true },
      { enterprise_account_id: [true], cookie_auth_status: 2 },
      { enterprise_account_id: 1.5 },
    ]) {
      const url = Array.isArray(payload.enterprise_account_id) ? AccountApi.authCkAllStatus : AccountApi.authCkStatus;
      expectRefusedInChinese(await send(demo, 'POST', url, payload), JSON.stringify(payload));
    }
    expect(await statusOf()).toBe(1);
  });

  it('refuses ids past the database integer and page numbers past any page, without a 5xx', async () => {
    const huge = [INT_MAX + 1, 2 ** 53, 1e308];
    for (const n of huge) {
      expectRefusedInChinese(await send(demo, 'POST', `${MaterialApi.info}?file_id=${n}`), `info ${n}`);
      expectRefusedInChinese(await send(demo, 'POST', MaterialApi.dele, { ids: String(n) }), `dele ${n}`);
      expectRefusedInChinese(await send(demo, 'POST', `${MaterialApi.list}?page=${n}`), `page ${n}`);
      expectRefusedInChinese(
        await send(demo, 'POST', AccountApi.authCkStatus, { enterprise_account_id: n }),
        `account ${n}`,
      );
    }
    // The largest id is a well-formed id that matches nothing.
    expect((await send(demo, 'POST', `${MaterialApi.info}?file_id=${INT_MAX}`)).status).toBe(404);
  });

  it('refuses a webhook sent_at of 2^53 and stores nothing, and shows the latest allowed time', async () => {
    const secret = await webhookSecretOf(ctx.app, demo);
    const message = { enterprise_account_id: account, customer_id: 'dy-far-future', content: '你好' };
    const refused = await postCustomerMessage(
      ctx.app,
      secret,
      { ...message, sent_at: 2 ** 53 } as typeof message,
      ctx.clock.now,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json<Envelope>().msg).toBe(Msg.invalidParams);
    const listed = await send<{ list: { customer_id: string; last_time: string }[] }>(
      demo,
      'POST',
      '/api/customer.DouyinCustomer/privateList',
    );
    expect(listed.body.data.list.some((c) => c.customer_id === 'dy-far-future')).toBe(false);

    const latest = await postCustomerMessage(
      ctx.app,
      secret,
      { ...message, customer_id: 'dy-latest', sent_at: SENT_AT_MAX } as typeof message,
      ctx.clock.now,
    );
    expect(latest.statusCode).toBe(200);
    const after = await send<{ list: { customer_id: string; last_time: string }[] }>(
      demo,
      'POST',
      '/api/customer.DouyinCustomer/privateList',
    );
    expect(after.body.data.list.find((c) => c.customer_id === 'dy-latest')?.last_time).toBe('9999-12-31 23:59:59');
  });
});

describe('webhook headers are bounded like every id', () => {
  it('answers a member id past the integer column with 401, not a 5xx', async () => {
    for (const memberId of [String(INT_MAX + 1), '9'.repeat(30), '-1', 'true']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/customer.Webhook/message',
        headers: {
          'content-type': 'application/json',
          [WEBHOOK_MEMBER_HEADER]: memberId,
          [WEBHOOK_TIMESTAMP_HEADER]: String(Math.floor(ctx.clock.now / 1000)),
          [WEBHOOK_SIGNATURE_HEADER]: 'sha256=00',
        },
        payload: JSON.stringify({ enterprise_account_id: 1, customer_id: 'x', content: 'hi' }),
      });
      expect(res.statusCode, memberId).toBe(401);
      expect(res.json<Envelope>().msg).toBe(Msg.webhookSignatureInvalid);
    }
  });
});

describe('material batch calls are truthful (issue 13.7)', () => {
  const names = async (token: string) =>
    materialList
      .parse((await send(token, 'POST', `${MaterialApi.list}?limit=500`)).body.data)
      .list.map((m) => [m.file_id, m.file_name, m.group_id, m.tag_ids] as const);

  it('refuses dele, edittag and editgroup with 404 when any id is not the caller’s, changing nothing', async () => {
    const mine = await insertMaterial(demoId, 'mine-batch.png');
    const theirs = await insertMaterial(otherId, 'theirs-batch.png');
    const group = (await send<{ group_id: number }>(demo, 'POST', MaterialApi.groupAdd, { group_name: '批量组' })).body
      .data.group_id;
    const tag = (await send<{ tag_id: number }>(demo, 'POST', MaterialApi.tagAdd, { tag_name: '批量标签' })).body.data
      .tag_id;
    const before = { demo: await names(demo), other: await names(other) };

    for (const ids of [`${mine},${theirs}`, String(theirs), `${mine},${INT_MAX}`]) {
      const calls: [string, object][] = [
        [MaterialApi.dele, { ids }],
        [MaterialApi.editTag, { ids, tag_ids: String(tag) }],
        [MaterialApi.editGroup, { ids, group_id: group }],
      ];
      for (const [url, payload] of calls) {
        const res = await send(demo, 'POST', url, payload);
        expect(res.status, `${url} ${ids}`).toBe(404);
        expect(res.body).toMatchObject({ code: 404, msg: Msg.notFound });
      }
    }
    expect({ demo: await names(demo), other: await names(other) }).toEqual(before);

    // The caller's own ids still go through, and say so.
    expect((await send(demo, 'POST', MaterialApi.editTag, { ids: String(mine), tag_ids: String(tag) })).body.msg).toBe(
      Msg.updated,
    );
    expect((await send(demo, 'POST', MaterialApi.editGroup, { ids: String(mine), group_id: group })).body.msg).toBe(
      Msg.updated,
    );
    const edited = (await names(demo)).find(([id]) => id === mine);
    expect(edited).toEqual([mine, 'mine-batch.png', group, String(tag)]);
    expect((await send(demo, 'POST', MaterialApi.dele, { ids: String(mine) })).body.msg).toBe(Msg.deleted);
    expect((await names(demo)).some(([id]) => id === mine)).toBe(false);
    expect((await names(other)).some(([id]) => id === theirs)).toBe(true);
  });

  it('refuses a malformed id list instead of dropping the bad ids, and an empty one with 请选择素材', async () => {
    const mine = await insertMaterial(demoId, 'kept.png');
    for (const ids of [`${mine},abc`, `${mine},-1`, `${mine},0`]) {
      const res = await send(demo, 'POST', MaterialApi.dele, { ids });
      expectRefusedInChinese(res, ids);
      expect(res.body.msg).toBe(Msg.invalidParams);
    }
    expect((await send(demo, 'POST', MaterialApi.dele, { ids: '' })).body.msg).toBe(Msg.chooseMaterial);
    expect((await names(demo)).some(([id]) => id === mine)).toBe(true);
  });
});
