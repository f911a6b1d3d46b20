import { sql, type Kysely } from 'kysely';

// The words as the seed writes them now (a migration keeps its own copy: later seeds may change).
const OLD_TITLE = '30 分钟上手 AI获客矩阵';
const TITLE = '四步上手 AI获客矩阵';
const META = JSON.stringify({
  category: 'getting-started',
  summary: '4 节要点短片（共 32 秒）配图文说明：注册登录、添加账号、上传素材、剪辑并批量发布。',
});
const BODY =
  '这门课用 4 节要点短片（每节 8 秒）和每节下方的图文说明，带你走一遍第一次使用的四个步骤。前两节免费观看，后两节登录后即可观看。';

/**
 * The seeded getting-started course promised 30 minutes and lasts 32 s (issue 25): installs that still
 * hold the seed's words get the truthful ones; a course an operator retitled stays as it is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update content_doc set title = ${TITLE}, meta = ${META}, body = ${BODY}
    where kind = 'course' and slug = 'getting-started' and title = ${OLD_TITLE}`.execute(db);
}

/** The words are not put back: nothing depends on the old title. */
export async function down(): Promise<void> {}
