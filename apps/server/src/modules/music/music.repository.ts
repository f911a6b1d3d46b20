import { likeContains } from '../../db/dialect.ts';
import type { Db } from '../../db/types.ts';

/** SQL of system music and its categories. */
export class MusicRepository {
  constructor(private readonly db: Db) {}

  cates() {
    return this.db.selectFrom('music_cate').select(['id', 'name']).orderBy('sort').orderBy('id').execute();
  }

  async systemPage(keywords: string, cateId: number | null, limit: number, offset: number) {
    let query = this.db.selectFrom('music');
    if (cateId !== null) {
      query = query.where('cate_id', '=', cateId);
    }
    if (keywords) {
      query = query.where(likeContains('name', keywords));
    }
    const [rows, total] = await Promise.all([
      query
        .select(['id', 'cate_id', 'name', 'object_key', 'duration_ms', 'licence'])
        .orderBy('sort')
        .orderBy('id')
        .limit(limit)
        .offset(offset)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, count: Number(total.n) };
  }

  async systemCount(): Promise<number> {
    const row = await this.db
      .selectFrom('music')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The id of a category, created when missing. */
  async ensureCate(name: string, sort: number): Promise<number> {
    await this.db
      .insertInto('music_cate')
      .values({ name, sort })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await this.db.selectFrom('music_cate').select('id').where('name', '=', name).executeTakeFirstOrThrow();
    return row.id;
  }

  /** The licence of each system track by its object key. */
  async licences(): Promise<Map<string, string>> {
    const rows = await this.db.selectFrom('music').select(['object_key', 'licence']).execute();
    return new Map(rows.map((row) => [row.object_key, row.licence]));
  }

  /** Writes a seed track: a new row, or the same key's row made again (its duration and licence). */
  async saveTrack(row: {
    cate_id: number;
    name: string;
    object_key: string;
    duration_ms: number;
    sort: number;
    created_at: number;
    licence: string;
  }): Promise<void> {
    await this.db
      .insertInto('music')
      .values(row)
      .onConflict((oc) => oc.column('object_key').doUpdateSet({ duration_ms: row.duration_ms, licence: row.licence }))
      .execute();
  }
}
