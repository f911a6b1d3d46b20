import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationTestDb, type MigrationTestDb } from './test-support.ts';

const BEFORE = '202611280300_music_licence';
const THIS = '202611280310_course_truthful';
let stage: MigrationTestDb;

beforeAll(async () => {
  stage = await migrationTestDb('coursemig');
});

afterAll(async () => {
  await stage?.drop();
});

describe('202611280310_course_truthful', () => {
  it('rewrites the seeded course words, and leaves a course an operator retitled alone', async () => {
    const { db } = stage;
    const migrator = await stage.migrator();
    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    const t = 1_700_000_000_000;
    await sql`insert into content_doc (kind, slug, title, body, meta, updated_at)
      values ('course', 'getting-started', '30 分钟上手 AI获客矩阵', '旧', '{}', ${t}),
             ('course', 'matrix-operations', '30 分钟上手 AI获客矩阵', '运营改过', '{}', ${t})`.execute(db);

    expect((await migrator.migrateTo(THIS)).error).toBeUndefined();
    const rows = await db.selectFrom('content_doc').select(['slug', 'title', 'meta']).orderBy('slug').execute();
    expect(rows[0]).toMatchObject({ slug: 'getting-started', title: '四步上手 AI获客矩阵' });
    const meta = JSON.parse(rows[0]?.meta ?? '{}') as { category?: string; summary?: string };
    expect(meta.category).toBe('getting-started');
    expect(meta.summary).toContain('共 32 秒');
    expect(rows[1]).toMatchObject({ slug: 'matrix-operations', title: '30 分钟上手 AI获客矩阵' });
  });
});
