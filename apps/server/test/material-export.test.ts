import type { Insertable } from 'kysely';
import { MATERIAL_EXPORT_HEADERS, MaterialExportApi } from '@vidmatrix/contract/api/material-export';
import { readXlsx } from '@vidmatrix/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MaterialTable } from '../src/db/types.ts';
import { addMember, auth, createTestApp, login, type TestContext } from './helpers.ts';
import { materialRow } from './material-rows.ts';

let ctx: TestContext;
let token: string;
let memberId: number;
let otherToken: string;

const DAY_MS = 24 * 60 * 60_000;
/** 2026-01-02 10:00:00 in UTC+8. */
const CREATED_AT = Date.UTC(2026, 0, 2, 2, 0, 0);
/** More than one page of the export's database reads. */
const BULK_ROWS = 1205;

beforeAll(async () => {
  ctx = await createTestApp();
  memberId = await addMember(ctx, 'mat_export');
  token = (await login(ctx.app, 'mat_export', 'secret-123')).ApiToken;
  await addMember(ctx, 'mat_export_other');
  otherToken = (await login(ctx.app, 'mat_export_other', 'secret-123')).ApiToken;
});

afterAll(async () => {
  await ctx.close();
});

async function post<T>(url: string, body: object, t = token): Promise<T> {
  const res = await ctx.app.inject({ method: 'POST', url, payload: body, headers: auth(t) });
  const json = res.json<{ code: number; msg: string; data: T }>();
  expect(json.code, json.msg).toBe(200);
  return json.data;
}

function exportOf(query = '', t = token) {
  return ctx.app.inject({ method: 'GET', url: `${MaterialExportApi.export}${query}`, headers: auth(t) });
}

function material(values: Partial<Insertable<MaterialTable>> & { file_name: string }): Insertable<MaterialTable> {
  return materialRow({
    member_id: memberId,
    object_key: `media/${values.file_name}`,
    size: 100,
    created_at: CREATED_AT,
    updated_at: CREATED_AT,
    ...values,
  });
}

describe('material export', () => {
  it('answers 暂无数据 as JSON while the member has no materials', async () => {
    const res = await exportOf();
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toMatchObject({ code: 0, msg: '暂无数据' });
  });

  it('streams the member’s materials with the list filters, newest first', async () => {
    const { group_id: groupId } = await post<{ group_id: number }>('/api/file.Group/add', { group_name: '口播' });
    const { tag_id: tagA } = await post<{ tag_id: number }>('/api/file.Tag/add', { tag_name: '爆款' });
    const { tag_id: tagB } = await post<{ tag_id: number }>('/api/file.Tag/add', { tag_name: '夏季' });
    const [video] = await ctx.db
      .insertInto('material')
      .values(
        material({
          file_name: '开场.mp4',
          file_type: 'video',
          duration_ms: 75_400,
          group_id: groupId,
          use_count: 3,
          expiration_time: CREATED_AT + 30 * DAY_MS,
        }),
      )
      .returning('id')
      .execute();
    await ctx.db
      .insertInto('material')
      .values([
        material({ file_name: '封面.png' }),
        material({ file_name: '配乐.mp3', file_type: 'audio', duration_ms: 9_000 }),
      ])
      .execute();
    await post('/api/file.File/edittag', { ids: String(video?.id), tag_ids: `${tagA},${tagB}` });

    const res = await exportOf();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''%E7%B4%A0%E6%9D%90");
    expect(await readXlsx(res.rawPayload)).toEqual([
      [...MATERIAL_EXPORT_HEADERS],
      ['配乐.mp3', '音频', '00:09', '', '', '0', '', '2026-01-02 10:00:00'],
      ['封面.png', '图片', '', '', '', '0', '', '2026-01-02 10:00:00'],
      ['开场.mp4', '视频', '01:15', '口播', '爆款,夏季', '3', '2026-02-01', '2026-01-02 10:00:00'],
    ]);

    const names = async (query: string) =>
      (await readXlsx((await exportOf(query)).rawPayload)).slice(1).map((r) => r[0]);
    expect(await names(`?group_id=${groupId}`)).toEqual(['开场.mp4']);
    expect(await names('?file_type=image,audio')).toEqual(['配乐.mp3', '封面.png']);
    expect(await names(`?tag_ids=${tagB}`)).toEqual(['开场.mp4']);
    expect(await names('?search_field=file_name&search_exp=like&search_value=封')).toEqual(['封面.png']);
    expect((await exportOf('?search_value=没有这个')).json()).toMatchObject({ code: 0, msg: '暂无数据' });
  });

  it('exports every row past one database page', async () => {
    const rows = Array.from({ length: BULK_ROWS }, (_, i) => material({ file_name: `bulk-${i}.png` }));
    for (let i = 0; i < rows.length; i += 100) {
      await ctx.db
        .insertInto('material')
        .values(rows.slice(i, i + 100))
        .execute();
    }
    const sheet = await readXlsx((await exportOf('?search_value=bulk-')).rawPayload);
    expect(sheet).toHaveLength(BULK_ROWS + 1);
    expect(new Set(sheet.slice(1).map((r) => r[0])).size).toBe(BULK_ROWS);
  });

  it('shows another member none of them, and refuses without a token', async () => {
    expect((await exportOf('', otherToken)).json()).toMatchObject({ code: 0, msg: '暂无数据' });
    const anonymous = await ctx.app.inject({ method: 'GET', url: MaterialExportApi.export });
    expect(anonymous.statusCode).toBe(401);
  });
});
