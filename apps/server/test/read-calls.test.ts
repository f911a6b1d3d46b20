import { READ_ONLY_CALLS } from '@vidmatrix/contract/api/read-calls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createTestApp, login, type TestContext } from './helpers.ts';
import { addAccounts, addVideos, memberCall, memberIdOf } from './publish-helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

/** Every row of every table, each table's rows sorted, as text: equal snapshots mean nothing was written. */
async function snapshot(): Promise<Record<string, string[]>> {
  const tables = await ctx.db.introspection.getTables();
  const rows: Record<string, string[]> = {};
  for (const table of tables) {
    const all = await ctx.db
      .selectFrom(table.name as never)
      .selectAll()
      .execute();
    rows[table.name] = all.map((row) => JSON.stringify(row)).sort();
  }
  return rows;
}

describe('READ_ONLY_CALLS (issue 27)', () => {
  it('change no row: a client may send any of them again after a lost server', async () => {
    await addMember(ctx, 'reader');
    const memberId = await memberIdOf(ctx.db, 'reader');
    const { ApiToken: token } = await login(ctx.app, 'reader', 'secret-123');
    const accounts = await addAccounts(ctx.db, memberId, [1, 2]);
    const videos = await addVideos(ctx.db, memberId, ['a.mp4']);
    const batch = await memberCall(ctx.app, token, '/api/seoaivideo.BatchPublish/add', {
      material_ids: videos,
      enterprise_account_ids: accounts,
      title: '读一读',
      schedule: { spacing_sec: 0 },
    });
    expect(batch.code, batch.msg).toBe(200);
    // Reads with the ids they ask for, so each reaches its handler rather than stopping at validation.
    const ids = {
      batch_id: (batch.data as { batch_id: number }).batch_id,
      id: videos[0],
      enterprise_account_id: accounts[0],
    };

    const before = await snapshot();
    const reached: string[] = [];
    for (const path of READ_ONLY_CALLS) {
      const isPost = ctx.app.hasRoute({ method: 'POST', url: path });
      expect(isPost || ctx.app.hasRoute({ method: 'GET', url: path }), path).toBe(true);
      const res = isPost
        ? await ctx.app.inject({ method: 'POST', url: path, headers: { memberToken: token }, payload: ids })
        : await ctx.app.inject({ method: 'GET', url: path, headers: { memberToken: token }, query: { page: '1' } });
      if (res.statusCode === 200) {
        reached.push(path);
      }
    }
    expect(await snapshot()).toEqual(before);
    // Most of them answered (the others refused the sample body): the check is not empty.
    expect(reached.length).toBeGreaterThan(READ_ONLY_CALLS.size / 2);
  });
});
