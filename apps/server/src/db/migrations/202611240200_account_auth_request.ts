import type { Kysely } from 'kysely';
import { withAutoId } from '../dialect.ts';

/**
 * Account authorization through a runner (issue 10, SPEC §4): a member's QR login or the daily
 * sweep's login check, handed to one of the member's runners, with the QR it relays and how it ended.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withAutoId(db.schema.createTable('account_auth_request'), db)
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('enterprise_account_id', 'integer', (c) => c.notNull())
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('runner_id', 'integer')
    .addColumn('qr_image', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('result', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('account_auth_request_member_state_idx')
    .on('account_auth_request')
    .columns(['member_id', 'state', 'id'])
    .execute();
  await db.schema
    .createIndex('account_auth_request_state_expiry_idx')
    .on('account_auth_request')
    .columns(['state', 'expires_at'])
    .execute();
}

/** Drops the table. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('account_auth_request').ifExists().execute();
}
