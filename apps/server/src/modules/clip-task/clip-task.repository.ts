import type { Insertable, Selectable, Updateable } from 'kysely';
import type { ClipOutputTable, ClipTaskTable, ClipTranscriptTable, Db } from '../../db/types.ts';
import type { FilingFence } from '../material/material.repository.ts';

/** One step's media of a clip task (the `clip_media` table). */
export interface ClipMediaRow {
  member_id: number;
  ap_id: number;
  apt_id: number;
  media_url: string;
  clip_model: number;
  updated_at: number;
}

/** `moveOutput` on `db` (the repository's handle, or the material filing's transaction). */
async function moveOutputOn(
  db: Db,
  id: number,
  from: readonly string[],
  values: Updateable<ClipOutputTable>,
  lease?: string,
  idleBefore?: number,
): Promise<boolean> {
  let query = db.updateTable('clip_output').set(values).where('id', '=', id).where('status', 'in', from);
  if (lease !== undefined) {
    query = query.where('lease', '=', lease);
  }
  if (idleBefore !== undefined) {
    // A running video only once its render stopped beating (updated_at is its heartbeat).
    query = query.where((eb) => eb.or([eb('status', '!=', 'running'), eb('updated_at', '<', idleBefore)]));
  }
  const res = await query.executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** SQL of clip tasks, their videos, the combinations made and the media of task steps. */
export class ClipTaskRepository {
  constructor(private readonly db: Db) {}

  /** The media a clip task step has now, if any. */
  async clipMediaUrl(memberId: number, apId: number, aptId: number): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('clip_media')
      .select('media_url')
      .where('member_id', '=', memberId)
      .where('ap_id', '=', apId)
      .where('apt_id', '=', aptId)
      .executeTakeFirst();
    return row?.media_url;
  }

  /** Sets (or replaces) the media of a clip task step. */
  async setClipMedia(row: ClipMediaRow): Promise<void> {
    await this.db
      .insertInto('clip_media')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['member_id', 'ap_id', 'apt_id']).doUpdateSet({
          media_url: row.media_url,
          clip_model: row.clip_model,
          updated_at: row.updated_at,
        }),
      )
      .execute();
  }

  /** Inserts a task with its videos and remembers their combinations, in one transaction. */
  async insertTask(
    task: Insertable<ClipTaskTable>,
    outputs: readonly Omit<Insertable<ClipOutputTable>, 'task_id'>[],
  ): Promise<{ taskId: number; outputIds: number[] }> {
    return this.db.transaction().execute(async (trx) => {
      const { id: taskId } = await trx.insertInto('clip_task').values(task).returning('id').executeTakeFirstOrThrow();
      const outputIds: number[] = [];
      for (const output of outputs) {
        const row = await trx
          .insertInto('clip_output')
          .values({ ...output, task_id: taskId })
          .returning('id')
          .executeTakeFirstOrThrow();
        outputIds.push(row.id);
      }
      if (outputs.length > 0) {
        await trx
          .insertInto('clip_combination')
          .values(
            outputs.map((o) => ({ member_id: task.member_id, combo_key: o.combo_key, created_at: task.created_at })),
          )
          .onConflict((oc) => oc.columns(['member_id', 'combo_key']).doNothing())
          .execute();
      }
      return { taskId, outputIds };
    });
  }

  /** Every combination key the member already made. */
  async combinationKeys(memberId: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('clip_combination')
      .select('combo_key')
      .where('member_id', '=', memberId)
      .execute();
    return rows.map((r) => r.combo_key);
  }

  /** A page of the member's tasks, newest first. */
  page(memberId: number, limit: number, offset: number): Promise<Selectable<ClipTaskTable>[]> {
    return this.db
      .selectFrom('clip_task')
      .selectAll()
      .where('member_id', '=', memberId)
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  async count(memberId: number): Promise<number> {
    const row = await this.db
      .selectFrom('clip_task')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** One task of the member (memberId null: any member's, for the render job). */
  task(memberId: number | null, id: number): Promise<Selectable<ClipTaskTable> | undefined> {
    let query = this.db.selectFrom('clip_task').selectAll().where('id', '=', id);
    if (memberId !== null) {
      query = query.where('member_id', '=', memberId);
    }
    return query.executeTakeFirst();
  }

  async taskStatus(id: number): Promise<string | undefined> {
    const row = await this.db.selectFrom('clip_task').select('status').where('id', '=', id).executeTakeFirst();
    return row?.status;
  }

  updateTask(id: number, values: Updateable<ClipTaskTable>): Promise<unknown> {
    return this.db.updateTable('clip_task').set(values).where('id', '=', id).execute();
  }

  async deleteTask(memberId: number, id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('clip_output').where('task_id', '=', id).where('member_id', '=', memberId).execute();
      await trx.deleteFrom('clip_task').where('id', '=', id).where('member_id', '=', memberId).execute();
    });
  }

  outputs(taskId: number): Promise<Selectable<ClipOutputTable>[]> {
    return this.db.selectFrom('clip_output').selectAll().where('task_id', '=', taskId).orderBy('idx').execute();
  }

  output(id: number): Promise<Selectable<ClipOutputTable> | undefined> {
    return this.db.selectFrom('clip_output').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Moves an output on only from one of `from` (so a canceled or finished one stays put), and with a
   * `lease` only while that render still holds it; true when it moved.
   */
  moveOutput(
    id: number,
    from: readonly string[],
    values: Updateable<ClipOutputTable>,
    lease?: string,
    idleBefore?: number,
  ): Promise<boolean> {
    return moveOutputOn(this.db, id, from, values, lease, idleBefore);
  }

  /** Ids of the videos still to render or rendering, oldest first (a queue that lost its jobs asks). */
  async unfinishedOutputs(): Promise<{ id: number }[]> {
    return this.db
      .selectFrom('clip_output')
      .select('id')
      .where('status', 'in', ['queued', 'running'])
      .orderBy('id')
      .execute();
  }

  /**
   * The fence of a render's filing, run in the material's transaction: one statement marks the output
   * done with its material only while the render's `lease` still holds it, else the filing rolls back.
   */
  filingFence(id: number, lease: string, now: number): FilingFence {
    return (trx, materialId) =>
      moveOutputOn(
        trx,
        id,
        ['running'],
        { status: 'done', progress: 1, material_id: materialId, updated_at: now },
        lease,
      );
  }

  /** Moves every output of a task in one of `from` to `values`; returns the ids moved. */
  async moveOutputs(taskId: number, from: readonly string[], values: Updateable<ClipOutputTable>): Promise<number[]> {
    const rows = await this.db
      .selectFrom('clip_output')
      .select('id')
      .where('task_id', '=', taskId)
      .where('status', 'in', from)
      .execute();
    const ids = rows.map((r) => r.id);
    if (ids.length > 0) {
      await this.db.updateTable('clip_output').set(values).where('id', 'in', ids).execute();
    }
    return ids;
  }

  /** How many outputs of a task are in each status. */
  async statusCounts(taskId: number): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('clip_output')
      .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('task_id', '=', taskId)
      .groupBy('status')
      .execute();
    return new Map(rows.map((r) => [r.status, Number(r.n)]));
  }

  /** The reason the first failed video of a task gave, or undefined when none failed with one. */
  async firstError(taskId: number): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('clip_output')
      .select('error')
      .where('task_id', '=', taskId)
      .where('status', '=', 'failed')
      .where('error', '!=', '')
      .orderBy('idx')
      .limit(1)
      .executeTakeFirst();
    return row?.error;
  }

  /** Which of these ids are system music tracks. */
  async systemMusicIds(ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) {
      return [];
    }
    const rows = await this.db
      .selectFrom('music')
      .select('id')
      .where('id', 'in', [...ids])
      .execute();
    return rows.map((r) => r.id);
  }

  /** A system music track's object key. */
  async systemMusicKey(id: number): Promise<string | undefined> {
    const row = await this.db.selectFrom('music').select('object_key').where('id', '=', id).executeTakeFirst();
    return row?.object_key;
  }

  /** What recognition heard in an object, when it was heard from the same file by the same recogniser. */
  async transcript(objectKey: string, fingerprint: string, transcriber: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('clip_transcript')
      .select('segments')
      .where('object_key', '=', objectKey)
      .where('fingerprint', '=', fingerprint)
      .where('transcriber', '=', transcriber)
      .executeTakeFirst();
    return row?.segments;
  }

  /** Keeps what recognition heard in an object (replacing what an older file or recogniser heard). */
  async saveTranscript(row: Insertable<ClipTranscriptTable>): Promise<void> {
    await this.db
      .insertInto('clip_transcript')
      .values(row)
      .onConflict((oc) =>
        oc.column('object_key').doUpdateSet({
          fingerprint: row.fingerprint,
          transcriber: row.transcriber,
          segments: row.segments,
          created_at: row.created_at,
        }),
      )
      .execute();
  }

  /** Forgets what was heard in an object that was released (deleted, expired). */
  async forgetTranscript(objectKey: string): Promise<void> {
    await this.db.deleteFrom('clip_transcript').where('object_key', '=', objectKey).execute();
  }
}
