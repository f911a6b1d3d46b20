import path from 'node:path';
import type { AuthorizeView } from '@vidmatrix/contract/api/runner-auth';
import type { ServerFrame } from '@vidmatrix/contract/events';
import { CookieAuth } from '@vidmatrix/contract/rules/account-selectability';
import {
  Kysely,
  TableNode,
  UpdateQueryNode,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDialect } from '../src/db/dialects/postgres.ts';
import { createSqliteDialect } from '../src/db/dialects/sqlite.ts';
import type { Database, Db } from '../src/db/types.ts';
import { appDeps } from '../src/deps.ts';
import type { RunnerIdentity } from '../src/modules/publish/runner-registry.service.ts';
import { RunnerAuthService } from '../src/modules/publish/runner-auth.service.ts';
import { createTestApp, login, type TestContext } from './helpers.ts';
import { addAccounts, createRunner, memberIdOf } from './publish-helpers.ts';

const DOUYIN = 1;
/** cookie_auth_status of an account never authorized. */
const UNAUTHORIZED = 0;

/** What another process reads of a request and its account, in one statement (one snapshot). */
interface Seen {
  state: string;
  cookie_auth_status: number;
}

/**
 * Runs `observe` right after each update that ends an authorization request (state done), before the
 * writer goes on: the moment between the request's write and the account's, if there is one.
 */
class AfterRequestEnds implements KyselyPlugin {
  private readonly updates = new Set<string>();

  constructor(private readonly observe: (requestId: number) => Promise<void>) {}

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    if (updatedTable(node) === 'account_auth_request') {
      this.updates.add(queryId.queryId);
    }
    return node;
  }

  async transformResult({ queryId, result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.updates.delete(queryId.queryId)) {
      for (const row of result.rows) {
        if (row.state === 'done') {
          await this.observe(Number(row.id));
        }
      }
    }
    return result;
  }
}

function updatedTable(node: RootOperationNode): string | undefined {
  return UpdateQueryNode.is(node) && node.table && TableNode.is(node.table)
    ? node.table.table.identifier.name
    : undefined;
}

/**
 * A second connection to the test's database, as another API process holds: it sees what is committed
 * (SQLite in WAL mode lets it read beside an open write transaction; PostgreSQL reads committed rows).
 */
function otherConnection(ctx: TestContext): Db {
  return new Kysely<Database>({
    dialect: ctx.processDatabaseUrl
      ? createPostgresDialect(ctx.processDatabaseUrl)
      : createSqliteDialect(path.join(ctx.config.dataDir, 'vidmatrix.db')),
  });
}

/** The request's state and its account's status, read on the other connection in one statement. */
function readBoth(requestId: number): Promise<Seen> {
  return reader
    .selectFrom('account_auth_request as r')
    .innerJoin('enterprise_account as a', 'a.id', 'r.enterprise_account_id')
    .select(['r.state', 'a.cookie_auth_status'])
    .where('r.id', '=', requestId)
    .executeTakeFirstOrThrow();
}

let ctx: TestContext;
let reader: Db;
let memberId: number;
let runner: RunnerIdentity;
/** What the reader saw between a request's end and the rest of its writes. */
const seen: Seen[] = [];
/** The frames the service under test pushed to the member's consoles. */
const frames: ServerFrame[] = [];
let service: RunnerAuthService;

beforeAll(async () => {
  ctx = await createTestApp();
  reader = otherConnection(ctx);
  memberId = await memberIdOf(ctx.db, 'demo');
  const token = (await login(ctx.app)).ApiToken;
  runner = { id: (await createRunner(ctx.app, token, 'race')).id, member_id: memberId };
  const observed = ctx.db.withPlugin(
    new AfterRequestEnds(async (requestId) => {
      seen.push(await readBoth(requestId));
    }),
  );
  // Wired as compose.ts wires it, over the observed handle.
  service = new RunnerAuthService({
    ...appDeps(observed, () => ctx.clock.now),
    realtime: { publish: (_member, frame) => frames.push(frame) },
  });
  // The runner's first claim makes it online (nothing to take yet).
  expect(await service.claim(runner, { slots: 1, wait_ms: 0, busy_accounts: [] })).toEqual([]);
}, 120_000);

afterAll(async () => {
  // Set only when beforeAll got that far.
  await reader?.destroy();
  await ctx?.close();
});

/** The one open request the runner takes now. */
async function claimOne(): Promise<number> {
  const tasks = await service.claim(runner, { slots: 1, wait_ms: 0, busy_accounts: [] });
  expect(tasks).toHaveLength(1);
  return (tasks[0] as { request_id: number }).request_id;
}

// Issue 27: the request was marked done before the account's status was written, in two writes; a batch
// added between them was refused with 该账号未授权.
describe('a runner’s authorization result', () => {
  it('is never read as done while the account is still unauthorized', async () => {
    seen.length = 0;
    const [account] = (await addAccounts(ctx.db, memberId, [DOUYIN], UNAUTHORIZED)) as [number];
    const requestId = await service.start(memberId, account);
    expect(await claimOne()).toBe(requestId);

    expect(await service.result(runner, { request_id: requestId, result: 'valid', message: '' })).toBe('done');

    // The reader looked in between (it saw the request still open, or done with the account authorized).
    expect(seen).toHaveLength(1);
    expect(seen.filter((s) => s.state === 'done' && s.cookie_auth_status !== CookieAuth.authorized)).toEqual([]);
    expect(await readBoth(requestId)).toEqual({ state: 'done', cookie_auth_status: CookieAuth.authorized });
    // The console's frame of the end carries the account's new status.
    const done = frames.find(
      (f): f is ServerFrame & { data: AuthorizeView } =>
        f.type === 'account_auth' &&
        (f.data as AuthorizeView).request_id === requestId &&
        (f.data as AuthorizeView).state === 'done',
    );
    expect(done?.data.cookie_auth_status).toBe(CookieAuth.authorized);
  });

  it('of a login check that found the login gone is never read as done while the account still shows authorized', async () => {
    seen.length = 0;
    const [account] = (await addAccounts(ctx.db, memberId, [DOUYIN], CookieAuth.authorized)) as [number];
    // The daily sweep asks the member's online runner to check every authorized account.
    expect(await service.sweep()).toBeGreaterThanOrEqual(1);
    const check = await ctx.db
      .selectFrom('account_auth_request')
      .select('id')
      .where('enterprise_account_id', '=', account)
      .where('kind', '=', 'check')
      .executeTakeFirstOrThrow();
    // Other authorized accounts of the member are checked too: take every open check, answer only this one.
    const claimed: number[] = [];
    let tasks = await service.claim(runner, { slots: 5, wait_ms: 0, busy_accounts: [] });
    while (tasks.length > 0) {
      claimed.push(...tasks.map((t) => t.request_id));
      tasks = await service.claim(runner, { slots: 5, wait_ms: 0, busy_accounts: [] });
    }
    expect(claimed).toContain(check.id);

    expect(await service.result(runner, { request_id: check.id, result: 'invalid', message: '' })).toBe('done');

    expect(seen).toHaveLength(1);
    expect(seen.filter((s) => s.state === 'done' && s.cookie_auth_status !== CookieAuth.expired)).toEqual([]);
    expect(await readBoth(check.id)).toEqual({ state: 'done', cookie_auth_status: CookieAuth.expired });
    expect(frames).toContainEqual({
      type: 'account_auth_expired',
      data: { accounts: [expect.objectContaining({ enterprise_account_id: account })] },
    });
  });
});
