import { MaterialApi } from '@vidmatrix/contract/api/material';
import { Msg } from '@vidmatrix/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, auth, createTestApp, login, type TestContext } from './helpers.ts';

// Issue 13.11: material group and tag names are unique per member, as account group names are.

let ctx: TestContext;
let token: string;
let other: string;

beforeAll(async () => {
  ctx = await createTestApp();
  token = (await login(ctx.app)).ApiToken;
  await addMember(ctx, 'names_other');
  other = (await login(ctx.app, 'names_other', 'secret-123')).ApiToken;
}, 60_000);

afterAll(async () => {
  await ctx.close();
});

async function send(t: string, url: string, payload: object) {
  const res = await ctx.app.inject({ method: 'POST', url, headers: auth(t), payload });
  return { status: res.statusCode, body: res.json<{ code: number; msg: string; data: Record<string, number> }>() };
}

describe('material group and tag names', () => {
  const cases = [
    { label: 'group', add: MaterialApi.groupAdd, edit: MaterialApi.groupEdit, key: 'group', msg: Msg.groupExists },
    { label: 'tag', add: MaterialApi.tagAdd, edit: MaterialApi.tagEdit, key: 'tag', msg: Msg.tagExists },
  ] as const;

  for (const { label, add, edit, key, msg } of cases) {
    it(`refuses a ${label} name the member already uses, on add and on rename`, async () => {
      const first = await send(token, add, { [`${key}_name`]: '常用' });
      expect(first.body.code).toBe(200);
      const second = await send(token, add, { [`${key}_name`]: '备用' });
      const again = await send(token, add, { [`${key}_name`]: '常用' });
      expect(again.status).toBe(400);
      expect(again.body.msg).toBe(msg);
      const renamed = await send(token, edit, {
        [`${key}_id`]: second.body.data[`${key}_id`],
        [`${key}_name`]: '常用',
      });
      expect(renamed.body.msg).toBe(msg);
      // Keeping its own name on edit, and another member's same name, are fine.
      const kept = await send(token, edit, { [`${key}_id`]: first.body.data[`${key}_id`], [`${key}_name`]: '常用' });
      expect(kept.body.code).toBe(200);
      expect((await send(other, add, { [`${key}_name`]: '常用' })).body.code).toBe(200);
    });
  }
});
