import { sql, type Insertable } from 'kysely';
import { containsText } from '../../db/dialect.ts';
import type { Db, MaterialTable } from '../../db/types.ts';
import { chargeOn } from '../upload/upload.repository.ts';

/** Those of `ids` that are rows of the member in `table` (a material or a tag of the member). */
export async function ownedIn(
  db: Db,
  table: 'material' | 'material_tag',
  memberId: number,
  ids: readonly number[],
): Promise<number[]> {
  if (ids.length === 0) {
    return [];
  }
  const rows = await db
    .selectFrom(table)
    .select('id')
    .where('member_id', '=', memberId)
    .where('id', 'in', ids)
    .execute();
  return rows.map((r) => r.id);
}

/** Filters of the list call, already parsed. */
export interface MaterialFilter {
  groupId: number | null;
  fileTypes: string[];
  tagIds: number[];
  nameLike: string | null;
  sourceType: number | null;
}

/** Ends a registration transaction when an upload is no longer claimable. */
class UploadGone extends Error {}

/** Ends a filing transaction: the space is full, or the fence refused the filing. */
class FilingRefused extends Error {
  constructor(readonly outcome: 'full' | 'fenced') {
    super(outcome);
  }
}

/**
 * Runs inside a produced file's filing transaction, once its material row is in: one statement that
 * records the filing where the producer still holds its work, false when it no longer does.
 */
export type FilingFence = (trx: Db, materialId: number) => Promise<boolean>;

/** SQL of materials, their groups and tags. Every query filters by member_id. */
export class MaterialRepository {
  constructor(private readonly db: Db) {}

  private filtered(memberId: number, filter: MaterialFilter) {
    let query = this.db.selectFrom('material as m').where('m.member_id', '=', memberId);
    if (filter.groupId !== null) {
      query = query.where('m.group_id', '=', filter.groupId);
    }
    if (filter.fileTypes.length > 0) {
      query = query.where('m.file_type', 'in', filter.fileTypes);
    }
    if (filter.sourceType !== null) {
      query = query.where('m.source_type', '=', filter.sourceType);
    }
    if (filter.nameLike) {
      query = query.where(
        containsText(this.db, { column: 'm.file_name', id: 'm.id', ftsTable: 'material_fts' }, filter.nameLike),
      );
    }
    if (filter.tagIds.length > 0) {
      // Any of the chosen tags.
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('material_tag_link as l')
            .select('l.material_id')
            .whereRef('l.material_id', '=', 'm.id')
            .where('l.tag_id', 'in', filter.tagIds),
        ),
      );
    }
    return query;
  }

  async count(memberId: number, filter: MaterialFilter): Promise<number> {
    const row = await this.filtered(memberId, filter)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * One page, newest first. A deferred join: the ids of the page come from the narrowest index alone
   * (skipping `offset` index entries, not rows), then only those rows are read.
   */
  page(memberId: number, filter: MaterialFilter, limit: number, offset: number) {
    const ids = this.filtered(memberId, filter).select('m.id').orderBy('m.id', 'desc').limit(limit).offset(offset);
    return this.db
      .selectFrom('material as m')
      .innerJoin(ids.as('p'), 'p.id', 'm.id')
      .leftJoin('material_group as g', (join) =>
        join.onRef('g.id', '=', 'm.group_id').onRef('g.member_id', '=', 'm.member_id'),
      )
      .selectAll('m')
      .select((eb) => eb.fn.coalesce('g.group_name', sql<string>`''`).as('group_name'))
      .orderBy('m.id', 'desc')
      .execute();
  }

  /** Those of `ids` that are materials of the member. */
  ownIds(memberId: number, ids: readonly number[]): Promise<number[]> {
    return ownedIn(this.db, 'material', memberId, ids);
  }

  byIds(memberId: number, ids: readonly number[]) {
    if (ids.length === 0) {
      return Promise.resolve([]);
    }
    return this.db
      .selectFrom('material as m')
      .leftJoin('material_group as g', (join) =>
        join.onRef('g.id', '=', 'm.group_id').onRef('g.member_id', '=', 'm.member_id'),
      )
      .selectAll('m')
      .select((eb) => eb.fn.coalesce('g.group_name', sql<string>`''`).as('group_name'))
      .where('m.member_id', '=', memberId)
      .where('m.id', 'in', ids)
      .orderBy('m.id', 'desc')
      .execute();
  }

  /** Tags of the given materials. */
  tagsOf(materialIds: readonly number[]) {
    if (materialIds.length === 0) {
      return Promise.resolve([]);
    }
    return this.db
      .selectFrom('material_tag_link as l')
      .innerJoin('material_tag as t', 't.id', 'l.tag_id')
      .select(['l.material_id', 't.id as tag_id', 't.tag_name'])
      .where('l.material_id', 'in', materialIds)
      .orderBy('t.id')
      .execute();
  }

  /**
   * Turns finished uploads into materials all at once: each upload goes finished → registered and its
   * material row (with tags) is inserted in one transaction; null (nothing changed) when any upload
   * was no longer a finished upload of the member.
   */
  async registerUploads(
    memberId: number,
    items: readonly { row: Insertable<MaterialTable>; tagIds: readonly number[] }[],
    now: number,
  ): Promise<number[] | null> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        const ids: number[] = [];
        for (const { row, tagIds } of items) {
          const claimed = await trx
            .updateTable('upload')
            .set({ status: 'registered', finished_at: now })
            .where('object_key', '=', row.object_key)
            .where('member_id', '=', memberId)
            .where('status', '=', 'finished')
            .executeTakeFirst();
          if (Number(claimed.numUpdatedRows) !== 1) {
            throw new UploadGone(); // rolls back the uploads already claimed by this call
          }
          const { id } = await trx.insertInto('material').values(row).returning('id').executeTakeFirstOrThrow();
          if (tagIds.length > 0) {
            await trx
              .insertInto('material_tag_link')
              .values(tagIds.map((tag_id) => ({ material_id: id, tag_id })))
              .execute();
          }
          ids.push(id);
        }
        return ids;
      });
    } catch (error) {
      if (error instanceof UploadGone) {
        return null;
      }
      throw error;
    }
  }

  async insert(row: Insertable<MaterialTable>): Promise<number> {
    const res = await this.db.insertInto('material').values(row).returning('id').executeTakeFirstOrThrow();
    return res.id;
  }

  /**
   * Files a produced file in one transaction: charges its size to the member's space, inserts its
   * material and lets `fence` record the filing. 'full' or 'fenced' leave nothing behind.
   */
  async insertProduced(
    row: Insertable<MaterialTable>,
    size: number,
    now: number,
    fence: FilingFence,
  ): Promise<number | 'full' | 'fenced'> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        if (!(await chargeOn(trx, row.member_id, size, now))) {
          throw new FilingRefused('full');
        }
        const { id } = await trx.insertInto('material').values(row).returning('id').executeTakeFirstOrThrow();
        if (!(await fence(trx, id))) {
          throw new FilingRefused('fenced'); // rolls back the charge and the material
        }
        return id;
      });
    } catch (error) {
      if (error instanceof FilingRefused) {
        return error.outcome;
      }
      throw error;
    }
  }

  async update(
    memberId: number,
    ids: readonly number[],
    values: Partial<Pick<MaterialTable, 'file_name' | 'remark' | 'group_id' | 'updated_at'>>,
  ) {
    if (ids.length === 0) {
      return;
    }
    await this.db
      .updateTable('material')
      .set(values)
      .where('member_id', '=', memberId)
      .where('id', 'in', ids)
      .execute();
  }

  /** Replaces the tags of materials (the caller checked ownership of both). */
  async setTags(materialIds: readonly number[], tagIds: readonly number[]): Promise<void> {
    if (materialIds.length === 0) {
      return;
    }
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('material_tag_link').where('material_id', 'in', materialIds).execute();
      const rows = materialIds.flatMap((material_id) => tagIds.map((tag_id) => ({ material_id, tag_id })));
      if (rows.length > 0) {
        await trx.insertInto('material_tag_link').values(rows).execute();
      }
    });
  }

  /**
   * Deletes a material and, in the same transaction, marks its object 'released' in the upload ledger
   * (a row is written for objects that had none, such as rendered videos), so an object whose release
   * dies with its process is still found and freed (UploadService.cleanup). False when it was gone.
   */
  async remove(memberId: number, row: { id: number; object_key: string; size: number }, now: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const res = await trx
        .deleteFrom('material')
        .where('member_id', '=', memberId)
        .where('id', '=', row.id)
        .executeTakeFirst();
      if (Number(res.numDeletedRows) !== 1) {
        return false;
      }
      await trx
        .insertInto('upload')
        .values({
          object_key: row.object_key,
          member_id: memberId,
          file_name: '',
          size: row.size,
          status: 'released',
          created_at: now,
          finished_at: now,
        })
        .onConflict((oc) =>
          oc.column('object_key').doUpdateSet({ status: 'released', finished_at: now, size: row.size }),
        )
        .execute();
      return true;
    });
  }

  processingRow(id: number) {
    return this.db
      .selectFrom('material')
      .select(['id', 'member_id', 'object_key', 'file_type', 'process_status'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Ids of materials whose media processing has not ended, oldest first. */
  async unprocessedIds(): Promise<number[]> {
    const rows = await this.db
      .selectFrom('material')
      .select('id')
      .where('process_status', '=', 'pending')
      .orderBy('id')
      .execute();
    return rows.map((r) => r.id);
  }

  /** Writes a material's media results; false when the material is gone (deleted meanwhile). */
  async setProcessed(
    id: number,
    values: Partial<Pick<MaterialTable, 'thumb_key' | 'duration_ms' | 'process_status' | 'process_error'>>,
  ): Promise<boolean> {
    const result = await this.db.updateTable('material').set(values).where('id', '=', id).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async incrementUseCount(memberId: number, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) {
      return;
    }
    await this.db
      .updateTable('material')
      .set({ use_count: sql`use_count + 1` })
      .where('member_id', '=', memberId)
      .where('id', 'in', ids)
      .execute();
  }

  /** Materials whose expiration_time passed, oldest first. */
  expired(now: number, limit: number) {
    return this.db
      .selectFrom('material')
      .select(['id', 'member_id', 'object_key', 'size'])
      .where('expiration_time', 'is not', null)
      .where('expiration_time', '<', now)
      .orderBy('expiration_time')
      .limit(limit)
      .execute();
  }

  /** Audio materials of a member (its own background music). */
  audio(memberId: number, keywords: string, limit: number, offset: number) {
    let query = this.db.selectFrom('material').where('member_id', '=', memberId).where('file_type', '=', 'audio');
    if (keywords) {
      query = query.where(
        containsText(this.db, { column: 'material.file_name', id: 'material.id', ftsTable: 'material_fts' }, keywords),
      );
    }
    return Promise.all([
      query
        .select(['id', 'file_name', 'object_key', 'duration_ms'])
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
  }

  /** The member's materials stored under an object key. */
  async idsByObjectKey(memberId: number, key: string): Promise<number[]> {
    const rows = await this.db
      .selectFrom('material')
      .select('id')
      .where('member_id', '=', memberId)
      .where('object_key', '=', key)
      .execute();
    return rows.map((r) => r.id);
  }
}
