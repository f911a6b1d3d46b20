import { CompiledQuery, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPostgres } from '../dialect.ts';
import type { Database } from '../types.ts';
import { PublishQueueRepository } from '../../modules/publish/publish-queue.repository.ts';
import { indexNames, migrationTestDb, type MigrationTestDb } from './test-support.ts';

const BEFORE = '202612010100_harvest_thread';
const THIS = '202612020500_publish_claim_indexes';
const ACCOUNTS = 1_000;
const PER_ACCOUNT = 3;
const NOW = 1_800_000_000_000;
let stage: MigrationTestDb;

beforeAll(async () => {
  stage = await migrationTestDb('claimidx');
});

afterAll(async () => {
  await stage?.drop();
});

/** One batch of ACCOUNTS × PER_ACCOUNT due jobs, the account's jobs one after another (as a batch plans them). */
async function seed(db: Kysely<Database>) {
  await sql`insert into member (id, account, password_hash, created_at, updated_at) values (1, 'm1', 'x', ${NOW}, ${NOW})`.execute(
    db,
  );
  await sql`insert into platform (id, name) values (5, 'bilibili')`.execute(db);
  await sql`insert into publish_batch (id, member_id, title, material_ids, account_ids, copy, schedule_policy, created_at)
    values (1, 1, 'b', '[]', '[]', '{}', '{}', ${NOW})`.execute(db);
  for (let start = 1; start <= ACCOUNTS; start += 250) {
    const ids = Array.from({ length: 250 }, (_, i) => start + i);
    await db
      .insertInto('enterprise_account')
      .values(
        ids.map((id) => ({
          id,
          member_id: 1,
          pid: 0,
          platform_id: 5,
          nickname: `a${id}`,
          remarks: '',
          avatar_larger: '',
          group_id: 0,
          ip_code: '',
          cookie_auth_status: 0,
          access_status: 1,
          created_at: NOW,
          updated_at: NOW,
        })),
      )
      .execute();
  }
  const jobs = Array.from({ length: ACCOUNTS * PER_ACCOUNT }, (_, i) => i + 1);
  for (let start = 0; start < jobs.length; start += 250) {
    await db
      .insertInto('publish_job')
      .values(
        jobs.slice(start, start + 250).map((id) => ({
          id,
          batch_id: 1,
          member_id: 1,
          material_id: 1,
          enterprise_account_id: ((id - 1) % ACCOUNTS) + 1,
          platform: 'bilibili',
          content: '{}',
          run_at: NOW - 100_000 + id,
          state: 'queued',
          idempotency_key: `k${id}`,
          created_at: NOW,
          updated_at: NOW,
        })),
      )
      .execute();
  }
}

/** The claim's candidate statement as the repository sends it (SQL and values), for a plan to be read of it. */
async function candidateStatement(db: Kysely<Database>): Promise<CompiledQuery> {
  let sent: CompiledQuery | undefined;
  const spy = new Proxy(db, {
    get(target, key) {
      if (key === 'executeQuery') {
        return (query: CompiledQuery) => {
          sent = query;
          return target.executeQuery(query);
        };
      }
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  const candidates = await new PublishQueueRepository(spy).claimCandidates(1, NOW, [], [], 40);
  expect(candidates).toHaveLength(40);
  if (!sent) {
    throw new Error('no candidate statement sent');
  }
  return sent;
}

interface PlanNode {
  'Node Type': string;
  Alias?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)];
}

/**
 * What the candidate statement reads. PostgreSQL, on tables never analysed (a batch claimed as soon as it
 * is made): the due jobs it walks and the indexes it used. SQLite: the plan's lines.
 */
async function planOf(db: Kysely<Database>, query: CompiledQuery) {
  if (isPostgres(db)) {
    const result = await db.executeQuery<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
      CompiledQuery.raw(`explain (analyze, format json) ${query.sql}`, [...query.parameters]),
    );
    const nodes = nodesOf(result.rows[0]?.['QUERY PLAN'][0].Plan as PlanNode);
    const dueRows = nodes
      .filter((n) => n.Alias === 'j')
      .reduce((sum, n) => sum + (n['Actual Rows'] ?? 0) * (n['Actual Loops'] ?? 1), 0);
    return { dueRows, indexes: nodes.map((n) => n['Index Name'] ?? '').filter(Boolean), lines: [] as string[] };
  }
  const result = await db.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
  );
  return { dueRows: 0, indexes: [] as string[], lines: result.rows.map((r) => r.detail) };
}

describe('202612020500_publish_claim_indexes: the claim reads a window of the due jobs, not all of them', () => {
  it('walks the due order to its LIMIT and checks the planned order on the account’s own jobs, and can be undone', async () => {
    const { db } = stage;
    const migrator = await stage.migrator();
    expect((await migrator.migrateTo(THIS)).error).toBeUndefined();
    await seed(db);
    const plan = await planOf(db, await candidateStatement(db));
    if (isPostgres(db)) {
      // Without the due order the plan sorted every due job of the batch (3,000) to keep 40.
      expect(plan.dueRows).toBeLessThan(500);
      // Without the account's index it read every earlier job of the batch for each candidate.
      expect(plan.indexes).not.toContain('publish_job_batch_idx');
    } else {
      expect(plan.lines.join('\n')).not.toMatch(/TEMP B-TREE/);
      expect(plan.lines.join('\n')).toMatch(/publish_job_account_batch_idx/);
    }

    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    const names = await indexNames(db);
    expect(names).toContain('publish_job_due_idx');
    expect(names).not.toContain('publish_job_due_order_idx');
    expect(names).not.toContain('publish_job_account_batch_idx');
  });
});
