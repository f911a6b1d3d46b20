import type { Db } from '../../db/types.ts';
import { ownedIn } from './material.repository.ts';

/** SQL of the member's material groups and tags (the labels a material carries). Every query filters by member_id. */
export class MaterialLabelRepository {
  constructor(private readonly db: Db) {}

  // Groups

  groups(memberId: number, limit: number) {
    return this.db
      .selectFrom('material_group')
      .select(['id', 'group_name', 'group_desc'])
      .where('member_id', '=', memberId)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  async groupExists(memberId: number, id: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('material_group')
      .select('id')
      .where('member_id', '=', memberId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * The id of the member's group called `name`, made if there is none — one statement, so filings racing
   * on a new name get the same group (the no-op update on conflict is what lets RETURNING give its id).
   */
  async groupIdOrAdd(memberId: number, name: string, now: number): Promise<number> {
    const row = await this.db
      .insertInto('material_group')
      .values({ member_id: memberId, group_name: name, group_desc: '', created_at: now })
      .onConflict((oc) =>
        oc.columns(['member_id', 'group_name']).doUpdateSet((eb) => ({ group_name: eb.ref('excluded.group_name') })),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async addGroup(memberId: number, name: string, desc: string, now: number): Promise<number> {
    const row = await this.db
      .insertInto('material_group')
      .values({ member_id: memberId, group_name: name, group_desc: desc, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async editGroup(memberId: number, id: number, name: string, desc: string): Promise<boolean> {
    const res = await this.db
      .updateTable('material_group')
      .set({ group_name: name, group_desc: desc })
      .where('member_id', '=', memberId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** Deletes a group; its materials move to no group. */
  async deleteGroup(memberId: number, id: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const res = await trx
        .deleteFrom('material_group')
        .where('member_id', '=', memberId)
        .where('id', '=', id)
        .executeTakeFirst();
      await trx
        .updateTable('material')
        .set({ group_id: 0 })
        .where('member_id', '=', memberId)
        .where('group_id', '=', id)
        .execute();
      return Number(res.numDeletedRows) === 1;
    });
  }

  // Tags

  tags(memberId: number, limit: number) {
    return this.db
      .selectFrom('material_tag')
      .select(['id', 'tag_name', 'tag_desc'])
      .where('member_id', '=', memberId)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** The subset of `ids` that are tags of the member. */
  ownTagIds(memberId: number, ids: readonly number[]): Promise<number[]> {
    return ownedIn(this.db, 'material_tag', memberId, ids);
  }

  async addTag(memberId: number, name: string, desc: string, now: number): Promise<number> {
    const row = await this.db
      .insertInto('material_tag')
      .values({ member_id: memberId, tag_name: name, tag_desc: desc, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async editTag(memberId: number, id: number, name: string, desc: string): Promise<boolean> {
    const res = await this.db
      .updateTable('material_tag')
      .set({ tag_name: name, tag_desc: desc })
      .where('member_id', '=', memberId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  async deleteTag(memberId: number, id: number): Promise<boolean> {
    const res = await this.db
      .deleteFrom('material_tag')
      .where('member_id', '=', memberId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(res.numDeletedRows) === 1;
  }
}
