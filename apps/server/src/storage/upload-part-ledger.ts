import type { Db } from '../db/types.ts';

/** One uploaded part as S3's ListParts would report it. */
export interface LedgerPart {
  PartNumber: number;
  ETag: string;
  Size: number;
}

/** The parts of unfinished s3 multipart uploads, in the database so every server instance sees them. */
export class UploadPartLedger {
  constructor(private readonly db: Db) {}

  /** Parts of an upload, by part number. */
  async list(objectKey: string): Promise<LedgerPart[]> {
    const rows = await this.db
      .selectFrom('upload_part')
      .select(['part_number', 'etag', 'size'])
      .where('object_key', '=', objectKey)
      .orderBy('part_number')
      .execute();
    return rows.map((r) => ({ PartNumber: r.part_number, ETag: r.etag, Size: Number(r.size) }));
  }

  /** Records a part; a part sent again replaces the earlier one. */
  async put(objectKey: string, part: LedgerPart): Promise<void> {
    const row = { object_key: objectKey, part_number: part.PartNumber, etag: part.ETag, size: part.Size };
    await this.db
      .insertInto('upload_part')
      .values(row)
      .onConflict((oc) => oc.columns(['object_key', 'part_number']).doUpdateSet({ etag: row.etag, size: row.size }))
      .execute();
  }

  async remove(objectKey: string): Promise<void> {
    await this.db.deleteFrom('upload_part').where('object_key', '=', objectKey).execute();
  }
}
