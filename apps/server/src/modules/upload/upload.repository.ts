import { sql } from 'kysely';
import type { Db } from '../../db/types.ts';

/** Rolls back finishAndCharge's transaction when the member's space cannot take the upload. */
class SpaceFull extends Error {}

/** SQL of uploads and of the member's used space (level_user.space_storage). */
export class UploadRepository {
  constructor(private readonly db: Db) {}

  insert(row: { object_key: string; member_id: number; file_name: string; size: number; created_at: number }) {
    return this.db
      .insertInto('upload')
      .values({ ...row, status: 'uploading', finished_at: null })
      .execute();
  }

  find(objectKey: string) {
    return this.db.selectFrom('upload').selectAll().where('object_key', '=', objectKey).executeTakeFirst();
  }

  setStatus(objectKey: string, from: string, to: string, now: number): Promise<boolean> {
    return setStatusOn(this.db, objectKey, from, to, now);
  }

  async setSize(objectKey: string, size: number): Promise<void> {
    await this.db.updateTable('upload').set({ size }).where('object_key', '=', objectKey).execute();
  }

  async remove(objectKey: string): Promise<void> {
    await this.db.deleteFrom('upload').where('object_key', '=', objectKey).execute();
  }

  /** Uploads never registered as a material, created before `cutoff`, oldest first. */
  stale(cutoff: number, limit: number) {
    return this.db
      .selectFrom('upload')
      .select(['object_key', 'member_id', 'size', 'status'])
      .where('status', 'in', ['uploading', 'finished'])
      .where('created_at', '<', cutoff)
      .orderBy('created_at')
      .limit(limit)
      .execute();
  }

  /**
   * Registered uploads that no material can own: files of other extensions the old type=upl path
   * stored and charged without a material (issue 13.4). Oldest first.
   */
  registeredOtherThan(extensions: readonly string[], limit: number) {
    let query = this.db
      .selectFrom('upload')
      .select(['object_key', 'member_id', 'size', 'status'])
      .where('status', '=', 'registered');
    for (const ext of extensions) {
      query = query.where('object_key', 'not like', `%.${ext}`);
    }
    return query.orderBy('created_at').limit(limit).execute();
  }

  /** Deletes the upload row only while it still has `status`; true when this call deleted it. */
  async removeIf(objectKey: string, status: string): Promise<boolean> {
    const res = await this.db
      .deleteFrom('upload')
      .where('object_key', '=', objectKey)
      .where('status', '=', status)
      .executeTakeFirst();
    return Number(res.numDeletedRows) === 1;
  }

  /** Objects whose material was removed but whose release did not finish, marked before `cutoff`. */
  releasedBefore(cutoff: number, limit: number) {
    return this.db
      .selectFrom('upload')
      .select(['object_key', 'member_id', 'size', 'status'])
      .where('status', '=', 'released')
      .where('finished_at', '<', cutoff)
      .orderBy('finished_at')
      .limit(limit)
      .execute();
  }

  /**
   * Ends a release: deletes the 'released' row and refunds its size in one transaction, so a process
   * dying between the two neither refunds twice nor not at all. False when another release ended it.
   */
  settleRelease(objectKey: string, memberId: number, size: number, now: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const res = await trx
        .deleteFrom('upload')
        .where('object_key', '=', objectKey)
        .where('status', '=', 'released')
        .executeTakeFirst();
      if (Number(res.numDeletedRows) !== 1) {
        return false;
      }
      await trx
        .updateTable('level_user')
        .set({
          space_storage: sql`case when space_storage > ${size} then space_storage - ${size} else 0 end`,
          updated_at: now,
        })
        .where('member_id', '=', memberId)
        .execute();
      return true;
    });
  }

  /** Space the level grants, what is used, and the level's material retention, in one row. */
  space(memberId: number) {
    return this.db
      .selectFrom('level_user')
      .innerJoin('level', 'level.id', 'level_user.level_id')
      .select([
        'level.space_storage as total',
        'level_user.space_storage as used',
        'level.material_retention_days as retention_days',
      ])
      .where('level_user.member_id', '=', memberId)
      .executeTakeFirst();
  }

  /** Adds `size` to the used space only if it still fits the level (one atomic update). */
  /**
   * Marks an upload finished and charges its size in one transaction, so a crash between the two can
   * neither charge space for an upload still "uploading" (which clean-up would never refund) nor
   * finish one uncharged. 'already': it was finished before (a repeated finish charges nothing).
   */
  finishAndCharge(
    objectKey: string,
    memberId: number,
    size: number,
    now: number,
  ): Promise<'charged' | 'full' | 'already'> {
    return this.db
      .transaction()
      .execute(async (trx) => {
        if (!(await setStatusOn(trx, objectKey, 'uploading', 'finished', now))) {
          return 'already';
        }
        if (!(await chargeOn(trx, memberId, size, now))) {
          throw new SpaceFull();
        }
        return 'charged';
      })
      .catch((error: unknown) => {
        if (error instanceof SpaceFull) {
          return 'full' as const;
        }
        throw error;
      });
  }

  /** Gives `size` back, never below zero. */
  async refund(memberId: number, size: number, now: number): Promise<void> {
    await this.db
      .updateTable('level_user')
      .set({
        space_storage: sql`case when space_storage > ${size} then space_storage - ${size} else 0 end`,
        updated_at: now,
      })
      .where('member_id', '=', memberId)
      .execute();
  }
}

/** Moves an upload from one status to another; false when it was not in `from` (on `db` or a transaction). */
async function setStatusOn(db: Db, objectKey: string, from: string, to: string, now: number): Promise<boolean> {
  const res = await db
    .updateTable('upload')
    .set({ status: to, finished_at: now })
    .where('object_key', '=', objectKey)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Adds `size` to the member's used space when it fits the level's; false otherwise (on `db` or a transaction). */
export async function chargeOn(db: Db, memberId: number, size: number, now: number): Promise<boolean> {
  const res = await db
    .updateTable('level_user')
    .set({ space_storage: sql`space_storage + ${size}`, updated_at: now })
    .where('member_id', '=', memberId)
    .where(
      sql<boolean>`space_storage + ${size} <= (select l.space_storage from level l where l.id = level_user.level_id)`,
    )
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
