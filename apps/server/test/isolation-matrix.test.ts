import { Readable } from 'node:stream';
import { RUNNER_TOKEN_HEADER } from '@vidmatrix/contract/api/publish';
import { TOKEN_HEADER } from '@vidmatrix/contract/constants';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../src/app.ts';
import { arbitraryOf, type ZodLike } from './fuzz/zod-arbitrary.ts';
import { addMember, createTestApp, login, type TestContext } from './helpers.ts';
import { addAccounts, addVideos, createRunner, memberCall, memberIdOf } from './publish-helpers.ts';
import { addEnterpriseAccount, postCustomerMessage, webhookSecretOf } from './realtime-helpers.ts';
import { tusUpload } from './upload-client.ts';

// Issue 13 isolation matrix: member A holds data of every kind; member B calls every route the app
// registers (enumerated from the app, so new routes join by themselves) with A's ids, object keys and
// URLs in every id-, key- and URL-like field. Nothing of A's may be read (no answer to B carries A's
// marker text or object names) and nothing changed (A's rows before and after are identical, and
// A's objects are still there with their sizes).

/** Text in every name, remark and message of A's: an answer to B containing it leaked A's data. */
const MARKER = 'A机密';
const SKIP = [/^\/api\/docs/, /^\/api\/file\.Upload\/tus/, /^\/api\/member\.Logout\//];
/** Payloads per route and id tried; each is a generated body with A's ids written into it. */
const SAMPLES = 4;

let ctx: TestContext;
let a: { id: number; token: string };
let b: { id: number; token: string; runner: string };
/** A's ids of every kind (the values written into id fields). */
const aIds = new Set<number>();
/** A's object keys and their public URLs (written into key, path and URL fields). */
const aKeys: string[] = [];
const made: string[] = [];

function ok(res: { code: number; msg: string }, what: string): void {
  if (res.code !== 200) {
    throw new Error(`${what}: ${res.msg}`);
  }
  made.push(what);
}

beforeAll(async () => {
  ctx = await createTestApp({ jobs: 'off' });
  a = { id: await memberIdOf(ctx.db, 'demo'), token: (await login(ctx.app)).ApiToken };
  const bId = await addMember(ctx, 'iso_b');
  const bToken = (await login(ctx.app, 'iso_b', 'secret-123')).ApiToken;
  b = { id: bId, token: bToken, runner: '' };

  // A's data of every kind, each carrying the marker.
  const group = await memberCall<{ group_id: number }>(ctx.app, a.token, '/api/file.Group/add', {
    group_name: `${MARKER}组`,
  });
  ok(group, 'material group');
  const tag = await memberCall<{ tag_id: number }>(ctx.app, a.token, '/api/file.Tag/add', { tag_name: `${MARKER}签` });
  ok(tag, 'material tag');
  const objectKey = 'media/isolation-a-video.mp4';
  await ctx.app.storage.put(objectKey, Readable.from([Buffer.alloc(10_000, 1)]), 'video/mp4');
  const videos = await addVideos(ctx.db, a.id, [`${MARKER}视频.mp4`, `${MARKER}视频二.mp4`], [objectKey, objectKey]);
  made.push('materials');
  // An upload A has not registered yet: B must not claim, register or delete it.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  const pending = await tusUpload(ctx.app, a.token, `${MARKER}.png`, png);
  aKeys.push(objectKey, pending, ctx.app.storage.publicUrl(objectKey), ctx.app.storage.publicUrl(pending));
  const accountGroup = await memberCall<{ group_id: number }>(
    ctx.app,
    a.token,
    '/api/member.EnterpriseAccountGroup/add',
    { group_name: `${MARKER}号组` },
  );
  ok(accountGroup, 'account group');
  const account = await addEnterpriseAccount(ctx.app, a.token, `${MARKER}号`);
  const authorized = await addAccounts(ctx.db, a.id, [1, 3]);
  made.push('accounts');
  const secret = await webhookSecretOf(ctx.app, a.token);
  const message = await postCustomerMessage(
    ctx.app,
    secret,
    {
      enterprise_account_id: account,
      customer_id: 'iso-customer',
      customer_name: `${MARKER}客户`,
      content: `${MARKER}留言`,
    },
    ctx.clock.now,
  );
  expect(message.statusCode).toBe(200);
  made.push('customer message');
  const batch = await memberCall<{ batch_id: number }>(ctx.app, a.token, '/api/seoaivideo.BatchPublish/add', {
    material_ids: [videos[0]],
    enterprise_account_ids: authorized,
    title: `${MARKER}标题`,
    description: MARKER,
    topics: [],
    schedule: { spacing_sec: 0 },
  });
  ok(batch, 'publish batch');
  const runner = await createRunner(ctx.app, a.token, `${MARKER}发布器`);
  made.push('runner');
  // B's own runner comes after A's data, so none of A's ids is one of B's.
  b.runner = (await createRunner(ctx.app, bToken, 'b-runner')).token;

  for (const value of [group.data.group_id, tag.data.tag_id, ...videos, accountGroup.data.group_id, account]) {
    aIds.add(value);
  }
  authorized.forEach((id) => aIds.add(id));
  aIds.add(batch.data.batch_id);
  aIds.add(runner.id);
  // Every other row id of A's (jobs, threads, leads, messages…), read from the tables themselves.
  for (const { rows } of await snapshotTables()) {
    for (const row of rows) {
      if (row.member_id === a.id || Number(row.member_id) === a.id) {
        for (const [key, value] of Object.entries(row)) {
          if ((key === 'id' || key.endsWith('_id')) && key !== 'member_id' && Number(value) > 0) {
            aIds.add(Number(value));
          }
        }
      }
    }
  }
}, 180_000);

afterAll(async () => {
  await ctx?.close();
});

/** Every table's rows as JSON-comparable objects. */
async function snapshotTables(): Promise<{ table: string; rows: Record<string, unknown>[] }[]> {
  const tables = await ctx.db.introspection.getTables();
  const out = [];
  for (const table of tables) {
    const rows = (await ctx.db
      .selectFrom(table.name as never)
      .selectAll()
      .execute()) as Record<string, unknown>[];
    out.push({
      table: table.name,
      rows: rows.map((row) => JSON.parse(JSON.stringify(row)) as Record<string, unknown>),
    });
  }
  return out;
}

/**
 * A's rows: rows of A (member_id; in `member`, A's own row) and every row of tables without a member
 * column (B may add, never alter). B's own member row may change (B edits B's profile).
 */
function rowsOfA(snapshot: { table: string; rows: Record<string, unknown>[] }[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const { table, rows } of snapshot) {
    const own = rows.filter((row) =>
      table === 'member' ? Number(row.id) !== b.id : !('member_id' in row) || Number(row.member_id) === a.id,
    );
    out.set(table, own.map((row) => JSON.stringify(row)).sort());
  }
  return out;
}

const ID_FIELD = /(^|_)(id|ids|pid)$|Ids?$/;
const KEY_FIELD = /(url|path|paths|key)$/i;

/** Generated bodies for `schema` with every id-like field set to `id` and key/URL fields to A's objects. */
function aimedAt(schema: unknown, id: number, seed: number): unknown[] {
  const zod = schema as ZodLike | undefined;
  const shape = zod?._zod.def.shape;
  const samples = zod ? fc.sample(arbitraryOf(zod), { seed, numRuns: SAMPLES }) : [{}];
  return samples.map((sample, index) => {
    const base = typeof sample === 'object' && sample !== null && !Array.isArray(sample) ? { ...sample } : {};
    for (const key of Object.keys(shape ?? {})) {
      if (ID_FIELD.test(key)) {
        (base as Record<string, unknown>)[key] = key.endsWith('ids') || key.endsWith('Ids') ? String(id) : id;
      } else if (KEY_FIELD.test(key)) {
        (base as Record<string, unknown>)[key] = aKeys[(id + index) % aKeys.length];
      }
    }
    return base;
  });
}

function toQuery(value: unknown): string {
  const params = new URLSearchParams();
  for (const [key, item] of Object.entries((value ?? {}) as Record<string, unknown>)) {
    if (item !== undefined && item !== null) {
      params.append(key, typeof item === 'string' ? item : JSON.stringify(item));
    }
  }
  const text = params.toString().replace(/%EF%BF%BD/g, '');
  return text ? `?${text}` : '';
}

describe('isolation matrix', () => {
  it('made data of every kind for member A', () => {
    expect(made).toEqual(
      expect.arrayContaining([
        'material group',
        'material tag',
        'materials',
        'account group',
        'accounts',
        'customer message',
        'publish batch',
        'runner',
      ]),
    );
    // Each table numbers its own rows, so A's ids are the same few small numbers in every table.
    expect(aIds.size).toBeGreaterThanOrEqual(3);
  });

  it("member B reads and changes nothing of A's through any route", async () => {
    const routes = ctx.app.routeTable.filter(
      (r: RouteEntry) =>
        ['GET', 'POST'].includes(r.method) && r.url.startsWith('/api/') && !SKIP.some((re) => re.test(r.url)),
    );
    expect(routes.length).toBeGreaterThan(60);
    const before = rowsOfA(await snapshotTables());
    const objectSizes = await Promise.all(aKeys.slice(0, 2).map((key) => ctx.app.storage.size(key)));
    const leaks: string[] = [];
    let calls = 0;
    for (const route of routes) {
      const isRunner = (route.schema.security ?? []).some((s) => RUNNER_TOKEN_HEADER in s);
      const headers = isRunner ? { [RUNNER_TOKEN_HEADER]: b.runner } : { [TOKEN_HEADER]: b.token };
      for (const id of aIds) {
        const queries = aimedAt(route.schema.querystring, id, id);
        const bodies = aimedAt(route.schema.body, id, id + 1);
        for (const [index, body] of bodies.entries()) {
          const res = await ctx.app.inject({
            method: route.method as 'GET' | 'POST',
            url: `${route.url}${toQuery(queries[index])}`,
            headers,
            ...(route.method === 'POST' ? { payload: body as object } : {}),
          });
          calls += 1;
          const text = res.body;
          if (text.includes(MARKER) || aKeys.some((key) => text.includes(key.split('/').pop() ?? key))) {
            leaks.push(`${route.method} ${route.url} id ${id}: ${text.slice(0, 200)}`);
          }
          if (res.statusCode >= 500) {
            leaks.push(`${route.method} ${route.url} id ${id}: HTTP ${res.statusCode} ${text.slice(0, 200)}`);
          }
        }
      }
    }
    console.info(`isolation matrix: ${calls} calls by B over ${routes.length} routes with ${aIds.size} ids of A`);
    expect(leaks).toEqual([]);

    const after = rowsOfA(await snapshotTables());
    for (const [table, rows] of before) {
      const now = new Set(after.get(table) ?? []);
      const changed = rows.filter((row) => !now.has(row));
      expect(changed, `rows of A changed or gone in ${table}`).toEqual([]);
    }
    expect(await Promise.all(aKeys.slice(0, 2).map((key) => ctx.app.storage.size(key)))).toEqual(objectSizes);
  }, 600_000);
});
