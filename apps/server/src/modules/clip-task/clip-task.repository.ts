import type { Db } from '../../db/types.ts';

/** One step's media of a clip task (the `clip_media` table). */
export interface ClipMediaRow {
  member_id: number;
  ap_id: number;
  apt_id: number;
  media_url: string;
  clip_model: number;
  updated_at: number;
}

/** SQL of clip tasks: for now the media each task step produced. */
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
}
