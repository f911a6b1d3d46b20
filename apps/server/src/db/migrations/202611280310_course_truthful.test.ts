import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateTo, migrationStage, T0 } from './test-support.ts';

const BEFORE = '202611280300_music_licence';
const THIS = '202611280310_course_truthful';
const stage = migrationStage('coursemig', BEFORE);

describe('202611280310_course_truthful', () => {
  it('rewrites the seeded course words, and leaves a course an operator retitled alone', async () => {
    const { db, migrator } = stage();
    const t = T0;
    await sql`insert into content_doc (kind, slug, title, body, meta, updated_at)
      values ('course', 'getting-started', '30 分钟上手 AI获客矩阵', '旧', '{}', ${t}),
             ('course', 'matrix-operations', '30 分钟上手 AI获客矩阵', '运营改过', '{}', ${t})`.execute(db);

    await migrateTo(migrator, THIS);
    const rows = await db.selectFrom('content_doc').select(['slug', 'title', 'meta']).orderBy('slug').execute();
    expect(rows[0]).toMatchObject({ slug: 'getting-started', title: '四步上手 AI获客矩阵' });
    const meta = JSON.parse(rows[0]?.meta ?? '{}') as { category?: string; summary?: string };
    expect(meta.category).toBe('getting-started');
    expect(meta.summary).toContain('共 32 秒');
    expect(rows[1]).toMatchObject({ slug: 'matrix-operations', title: '30 分钟上手 AI获客矩阵' });
  });
});
