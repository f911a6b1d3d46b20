import type { Kysely } from 'kysely';
import { withAutoId } from '../dialect.ts';

/** Members, roles, sessions, captchas, levels, menus, platforms, config and client versions. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withAutoId(db.schema.createTable('member'), db)
    .addColumn('account', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('nickname', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('avatar_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_ip', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_batch_download', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('batch_download_max', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_ai_service', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ai_link', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ai_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('role')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('member_role')
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('role.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('member_role_pk', ['member_id', 'role_id'])
    .execute();

  await db.schema
    .createTable('agent')
    .addColumn('member_id', 'integer', (c) => c.primaryKey().references('member.id').onDelete('cascade'))
    .addColumn('logo_white', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('logo_black', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_wechat_service', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await withAutoId(db.schema.createTable('member_token'), db)
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('member_token_member_idx').on('member_token').column('member_id').execute();
  await db.schema.createIndex('member_token_session_idx').on('member_token').column('session_id').execute();

  await withAutoId(db.schema.createTable('login_failure'), db)
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_failure_account_idx')
    .on('login_failure')
    .columns(['account', 'created_at'])
    .execute();
  await db.schema.createIndex('login_failure_ip_idx').on('login_failure').columns(['ip', 'created_at']).execute();

  await db.schema
    .createTable('captcha')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('captcha_expires_idx').on('captcha').column('expires_at').execute();

  await db.schema
    .createTable('level')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('account_num', 'integer', (c) => c.notNull())
    .addColumn('space_storage', 'bigint', (c) => c.notNull())
    .addColumn('material_retention_days', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('level_user')
    .addColumn('member_id', 'integer', (c) => c.primaryKey().references('member.id').onDelete('cascade'))
    .addColumn('level_id', 'integer', (c) => c.notNull().references('level.id'))
    .addColumn('account_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('space_storage', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('expire_time', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('menu')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('pid', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('icon', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('avatar_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('role_menu')
    .addColumn('role_id', 'integer', (c) => c.notNull().references('role.id').onDelete('cascade'))
    .addColumn('menu_id', 'integer', (c) => c.notNull().references('menu.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('role_menu_pk', ['role_id', 'menu_id'])
    .execute();

  await db.schema
    .createTable('platform')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('auth_type', 'text', (c) => c.notNull().defaultTo('none'))
    .addColumn('logo_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('config')
    .addColumn('cate_id', 'integer', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('config_pk', ['cate_id', 'label'])
    .execute();

  await db.schema
    .createTable('site_setting')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await withAutoId(db.schema.createTable('client_version'), db)
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('version_code', 'integer', (c) => c.notNull())
    .addColumn('version_name', 'text', (c) => c.notNull())
    .addColumn('version_info', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('download_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('client_version_platform_code_uq', ['platform', 'version_code'])
    .execute();
}

/** Drops everything `up` made, in reverse order. */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'client_version',
    'site_setting',
    'config',
    'platform',
    'role_menu',
    'menu',
    'level_user',
    'level',
    'captcha',
    'login_failure',
    'member_token',
    'agent',
    'member_role',
    'role',
    'member',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
