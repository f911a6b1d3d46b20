import type { MaterialList } from '@vidmatrix/contract/api/material';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MaterialRepository } from '../src/modules/material/material.repository.ts';
import { addMember, createTestApp, login, type TestContext } from './helpers.ts';
import { materialRow } from './material-rows.ts';
import { call } from './upload-client.ts';

let ctx: TestContext;
let token: string;
let demoId: number;
let otherId: number;
const ids = new Map<string, number>();

const NAMES = [
  '产品介绍视频.mp4',
  '新品发布会.png',
  'Sale_50%_off.mp4',
  'Sale_500_off.mp4',
  'a_b.png',
  'axb.png',
  'ABCdef.png',
  'quote"name.png',
  'back\\slash.png',
];

/** Inserts a material row of a member straight through the repository (no upload needed). */
async function insert(memberId: number, fileName: string, groupId = 0): Promise<number> {
  const now = ctx.clock.now;
  return new MaterialRepository(ctx.db).insert(
    materialRow({
      member_id: memberId,
      file_name: fileName,
      object_key: `media/search${memberId}x${ids.size}.png`,
      group_id: groupId,
      created_at: now,
      updated_at: now,
    }),
  );
}

async function search(value: string, extra: Record<string, string> = {}): Promise<string[]> {
  const query = new URLSearchParams({ search_field: 'file_name', search_exp: 'like', search_value: value, ...extra });
  const page = (await call<MaterialList>(ctx.app, token, `/api/file.File/list?${query.toString()}`)).data;
  expect(page.count).toBe(page.list.length);
  return page.list.map((m) => m.file_name).sort();
}

beforeAll(async () => {
  ctx = await createTestApp();
  token = (await login(ctx.app)).ApiToken;
  const demo = await ctx.db.selectFrom('member').select('id').where('account', '=', 'demo').executeTakeFirstOrThrow();
  demoId = demo.id;
  otherId = await addMember(ctx, 'search_other');
  for (const name of NAMES) {
    ids.set(name, await insert(demoId, name));
  }
  // Another member's material with a matching name never shows.
  await insert(otherId, '产品介绍视频（别人的）.mp4');
}, 60_000);

afterAll(async () => {
  await ctx.close();
});

describe('material name search (substring, case-insensitive)', () => {
  it('finds CJK substrings of two characters and of more', async () => {
    expect(await search('产品')).toEqual(['产品介绍视频.mp4']);
    expect(await search('品介绍视')).toEqual(['产品介绍视频.mp4']);
    expect(await search('新品')).toEqual(['新品发布会.png']);
    expect(await search('品')).toEqual(['产品介绍视频.mp4', '新品发布会.png']);
  });

  it('treats % and _ as plain characters', async () => {
    expect(await search('50%')).toEqual(['Sale_50%_off.mp4']);
    expect(await search('%')).toEqual(['Sale_50%_off.mp4']);
    expect(await search('a_b')).toEqual(['a_b.png']);
    expect(await search('_')).toEqual(['Sale_50%_off.mp4', 'Sale_500_off.mp4', 'a_b.png']);
    expect(await search('\\s')).toEqual(['back\\slash.png']);
  });

  it('ignores case and quotes', async () => {
    expect(await search('abc')).toEqual(['ABCdef.png']);
    expect(await search('CDE')).toEqual(['ABCdef.png']);
    expect(await search('e"n')).toEqual(['quote"name.png']);
    expect(await search('"')).toEqual(['quote"name.png']);
    expect(await search('no such name')).toEqual([]);
  });

  it('follows renames and deletions', async () => {
    const id = ids.get('新品发布会.png') as number;
    expect(
      (await call(ctx.app, token, '/api/file.File/edit', { file_id: id, file_name: '春季新款上市.png' })).code,
    ).toBe(200);
    expect(await search('发布会')).toEqual([]);
    expect(await search('春季新款')).toEqual(['春季新款上市.png']);
    expect((await call(ctx.app, token, '/api/file.File/dele', { ids: String(id) })).code).toBe(200);
    expect(await search('春季新款')).toEqual([]);
    expect(await search('新款')).toEqual([]);
  });

  it('combines with the group filter and pages newest first', async () => {
    const group = await call<number>(ctx.app, token, '/api/file.Group/add', { group_name: '搜索分组' });
    const groupId = (
      await ctx.db
        .selectFrom('material_group')
        .select('id')
        .where('member_id', '=', demoId)
        .where('group_name', '=', '搜索分组')
        .executeTakeFirstOrThrow()
    ).id;
    expect(group.code).toBe(200);
    const inserted: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      inserted.push(await insert(demoId, `分页素材${i}.png`, groupId));
    }
    await insert(demoId, '分页素材x.png'); // not in the group
    const query = new URLSearchParams({ search_value: '页素材', group_id: String(groupId), limit: '2', page: '2' });
    const page = (await call<MaterialList>(ctx.app, token, `/api/file.File/list?${query.toString()}`)).data;
    expect(page.count).toBe(5);
    expect(page.list.map((m) => m.file_id)).toEqual([inserted[2], inserted[1]]);
  });
});
