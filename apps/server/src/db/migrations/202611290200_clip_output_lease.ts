import type { Kysely } from 'kysely';

/**
 * clip_output.lease: the token of the render that holds the video now. Each run of a clip.render job
 * writes a fresh one when it takes the video, and files its output only in a statement that still finds
 * its token, so a worker that lost its lease (a stalled event loop) cannot file a second video beside
 * the retry that took over.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('clip_output')
    .addColumn('lease', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('clip_output').dropColumn('lease').execute();
}
