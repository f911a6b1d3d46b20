import type { Insertable } from 'kysely';
import type { ClipTemplateTable, Db } from '../../db/types.ts';

/** SQL of the templates members saved. */
export class ClipTemplateRepository {
  constructor(private readonly db: Db) {}

  /** The member's templates, newest first. */
  list(memberId: number) {
    return this.db
      .selectFrom('clip_template')
      .selectAll()
      .where('member_id', '=', memberId)
      .orderBy('id', 'desc')
      .execute();
  }

  /** One template of the member. */
  find(memberId: number, id: number) {
    return this.db
      .selectFrom('clip_template')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async count(memberId: number): Promise<number> {
    const row = await this.db
      .selectFrom('clip_template')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async insert(row: Insertable<ClipTemplateTable>): Promise<number> {
    const inserted = await this.db.insertInto('clip_template').values(row).returning('id').executeTakeFirstOrThrow();
    return inserted.id;
  }

  /** Deletes the member's template; the removed row (for its preview image), if there was one. */
  async remove(memberId: number, id: number) {
    return this.db
      .deleteFrom('clip_template')
      .where('member_id', '=', memberId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }
}
