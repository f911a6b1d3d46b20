import type { Kysely } from 'kysely';

/**
 * Each system track records its licence (issue 25): '' for the short tones seeded before, which the
 * seed then replaces with the project's own 30–60 s tracks (CC0 1.0, made by its note sequencer).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('music')
    .addColumn('licence', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

/** Drops what `up` added. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('music').dropColumn('licence').execute();
}
