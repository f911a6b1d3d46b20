import fs from 'node:fs';
import { S3Store, type Options } from '@tus/s3-store';
import type { Readable } from 'node:stream';
import type { LedgerPart, UploadPartLedger } from './upload-part-ledger.ts';

/**
 * The tus S3 store keeping its own ledger of uploaded parts instead of asking S3 (ListParts):
 * some S3-compatible services (and s3rver in tests) do not implement ListParts, and the ledger
 * spares a request per chunk. The ledger is a database table, so server instances stay stateless.
 */
export class LedgerS3Store extends S3Store {
  constructor(
    options: Options,
    private readonly ledger: UploadPartLedger,
  ) {
    super(options);
  }

  protected override async uploadPart(
    metadata: Parameters<S3Store['uploadPart']>[0],
    readStream: Readable | Buffer,
    partNumber: number,
  ): Promise<string> {
    const size = Buffer.isBuffer(readStream) ? readStream.length : await sizeOfStream(readStream);
    const etag = await super.uploadPart(metadata, readStream, partNumber);
    await this.ledger.put(metadata.file.id, { PartNumber: partNumber, ETag: etag, Size: size });
    return etag;
  }

  protected override async retrieveParts(id: string): Promise<LedgerPart[]> {
    return this.ledger.list(id);
  }

  override async remove(id: string): Promise<void> {
    await this.ledger.remove(id);
    await super.remove(id);
  }
}

/** Bytes of a part the store streams from its temporary chunk file. */
async function sizeOfStream(stream: Readable): Promise<number> {
  const file = (stream as Partial<fs.ReadStream>).path;
  if (typeof file !== 'string') {
    throw new Error('Unknown part size');
  }
  return (await fs.promises.stat(file)).size;
}
