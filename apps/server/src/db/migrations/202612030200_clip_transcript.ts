import type { Kysely } from 'kysely';

/**
 * clip_transcript: what speech recognition heard in a stored object (口播's main clip, CP拆拼's sources
 * with 保留原声), so a re-render or a second task on the same file does not ask the service again. One
 * row per object key; `fingerprint` (size and a hash of the head) and `transcriber` (the service and
 * model) must match for the row to be used, so a changed file or another recogniser hears it afresh.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('clip_transcript')
    .addColumn('object_key', 'text', (c) => c.primaryKey())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('transcriber', 'text', (c) => c.notNull())
    // JSON: [{ start, end, text }], seconds in the file.
    .addColumn('segments', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('clip_transcript').ifExists().execute();
}
