import type { Kysely } from 'kysely';
import { withAutoId } from '../dialect.ts';

/** Enterprise (social-media) accounts, their groups, authorization log and import results. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withAutoId(db.schema.createTable('enterprise_account_group'), db)
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('enterprise_account_group_name_uq', ['member_id', 'name'])
    .execute();

  await withAutoId(db.schema.createTable('enterprise_account'), db)
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id').onDelete('cascade'))
    // 0: a main account; otherwise the parent's id (sub-accounts are deleted with it by the service).
    .addColumn('pid', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('platform.id'))
    .addColumn('nickname', 'text', (c) => c.notNull())
    .addColumn('remarks', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('avatar_larger', 'text', (c) => c.notNull().defaultTo(''))
    // 0: no group (a plain integer, not a foreign key: deleting a group resets it to 0 in the service).
    .addColumn('group_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cookie_auth_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('access_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ip_code', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    // Imports upsert by (platform, nickname) per member.
    .addUniqueConstraint('enterprise_account_nickname_uq', ['member_id', 'platform_id', 'nickname'])
    .execute();
  await db.schema
    .createIndex('enterprise_account_member_group_idx')
    .on('enterprise_account')
    .columns(['member_id', 'group_id'])
    .execute();
  await db.schema
    .createIndex('enterprise_account_member_pid_idx')
    .on('enterprise_account')
    .columns(['member_id', 'pid'])
    .execute();

  await withAutoId(db.schema.createTable('enterprise_account_auth_log'), db)
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('enterprise_account_id', 'integer', (c) =>
      c.notNull().references('enterprise_account.id').onDelete('cascade'),
    )
    .addColumn('from_status', 'integer', (c) => c.notNull())
    .addColumn('to_status', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('enterprise_account_auth_log_account_idx')
    .on('enterprise_account_auth_log')
    .columns(['enterprise_account_id', 'created_at'])
    .execute();

  // Failed rows are kept as JSON in the database so any server instance can serve the file.
  await db.schema
    .createTable('enterprise_account_import')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('add_count', 'integer', (c) => c.notNull())
    .addColumn('update_count', 'integer', (c) => c.notNull())
    .addColumn('fail_count', 'integer', (c) => c.notNull())
    .addColumn('failed_rows', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('enterprise_account_import').execute();
  await db.schema.dropTable('enterprise_account_auth_log').execute();
  await db.schema.dropTable('enterprise_account').execute();
  await db.schema.dropTable('enterprise_account_group').execute();
}
