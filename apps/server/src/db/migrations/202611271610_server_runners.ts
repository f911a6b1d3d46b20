import { sql, type Kysely } from 'kysely';
import { isPostgres, withAutoId } from '../dialect.ts';

/**
 * Server runners (issue 22): runners that `npm start` (or an operator's runner host) runs with an
 * operator token belong to no member (`runner.member_id` null) and serve the members whose level
 * allows it (`level.server_runners` 1). The levels an install has now are its seeded ones or its
 * operator's own: on, as a self-hosted install expects; a level added later starts off.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('level')
    .addColumn('server_runners', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update level set server_runners = 1`.execute(db);

  if (isPostgres(db)) {
    await sql`alter table runner alter column member_id drop not null`.execute(db);
    return;
  }
  // SQLite cannot drop a NOT NULL: the table is made again with the same rows and ids (nothing
  // references it by a foreign key; leases and attempts hold its ids as plain integers).
  await withAutoId(db.schema.createTable('runner_v2'), db)
    .addColumn('member_id', 'integer', (c) => c.references('member.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('last_heartbeat', 'bigint')
    .addColumn('version', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('accounts_held', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await sql`insert into runner_v2 (id, member_id, name, token_hash, created_at, revoked_at, last_heartbeat, version, accounts_held)
    select id, member_id, name, token_hash, created_at, revoked_at, last_heartbeat, version, accounts_held from runner`.execute(
    db,
  );
  await db.schema.dropTable('runner').execute();
  await sql`alter table runner_v2 rename to runner`.execute(db);
  await db.schema.createIndex('runner_member_idx').on('runner').columns(['member_id', 'id']).execute();
}

/** Server runners go (their rows with them); the column and the NOT NULL are left (SQLite keeps its rebuilt table). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from runner where member_id is null`.execute(db);
  await db.schema.alterTable('level').dropColumn('server_runners').execute();
}
