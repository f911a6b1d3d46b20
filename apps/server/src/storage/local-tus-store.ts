import fs from 'node:fs';
import type http from 'node:http';
import type stream from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStore, type FileConfigstore } from '@tus/file-store';
import { ERRORS } from '@tus/server';

/**
 * Bytes the file writer takes in before it pushes back on the request. The default (16 KiB) is
 * less than one socket read, so every 64 KiB chunk waited for its own write; with room for a few
 * MiB, chunks queued during a write go out together as one writev (bench/upload.bench.mjs).
 */
const WRITE_HIGH_WATER_MARK = 4 * 1024 * 1024;

/** The tus file store, writing a PATCH body straight into the object's file in larger batches. */
export class LocalTusStore extends FileStore {
  constructor(
    options: { directory: string; configstore: FileConfigstore },
    /** The file of an upload id (the driver's checked key → path). */
    private readonly pathOf: (id: string) => string,
  ) {
    super(options);
  }

  override async write(readable: http.IncomingMessage | stream.Readable, id: string, offset: number): Promise<number> {
    const file = fs.createWriteStream(this.pathOf(id), {
      flags: 'r+',
      start: offset,
      highWaterMark: WRITE_HIGH_WATER_MARK,
    });
    try {
      await pipeline(readable, file);
    } catch {
      // tus answers any thrown error by its status_code and body.
      throw Object.assign(new Error(ERRORS.FILE_WRITE_ERROR.body), ERRORS.FILE_WRITE_ERROR);
    }
    return offset + file.bytesWritten;
  }
}
