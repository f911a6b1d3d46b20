import type { Kysely } from 'kysely';

/**
 * The SMS code a member types when a platform asks for one after the QR scan (Douyin, research
 * connectors.md §1): held on the authorization request until its runner takes it (issue 22).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('account_auth_request')
    .addColumn('sms_code', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

/** Drops the column. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('account_auth_request').dropColumn('sms_code').execute();
}
