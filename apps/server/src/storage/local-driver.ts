import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { FileConfigstore } from '@tus/file-store';
import { UPLOAD_PREFIX } from '@vidmatrix/contract/constants';
import { LocalTusStore } from './local-tus-store.ts';
import { FINGERPRINT_END_BYTES, isSafeKey, type LocalStorageDirs, type StorageDriver } from './storage.ts';

/** Public base of locally stored objects (served by the storage route). */
export const LOCAL_PUBLIC_BASE = '/storage/';

/** Objects on local disk under DATA_DIR/storage. */
export class LocalStorageDriver implements StorageDriver {
  readonly kind = 'local' as const;
  readonly publicBaseUrl = LOCAL_PUBLIC_BASE;

  constructor(private readonly config: LocalStorageDirs) {
    fs.mkdirSync(path.join(config.localRoot, UPLOAD_PREFIX), { recursive: true });
    fs.mkdirSync(path.join(config.uploadMetaDir, UPLOAD_PREFIX), { recursive: true });
  }

  /** The directory objects live in. */
  get root(): string {
    return this.config.localRoot;
  }

  /** Absolute path of a key; throws on keys that would leave the root. */
  pathOf(key: string): string {
    if (!isSafeKey(key)) {
      throw new Error(`Unsafe object key: ${key}`);
    }
    return path.join(this.config.localRoot, key);
  }

  async put(key: string, body: Buffer | Readable): Promise<void> {
    const file = this.pathOf(key);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    if (Buffer.isBuffer(body)) {
      await fsp.writeFile(file, body);
    } else {
      await pipeline(body, fs.createWriteStream(file));
    }
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
  }

  async size(key: string): Promise<number | null> {
    try {
      return (await fsp.stat(this.pathOf(key))).size;
    } catch {
      return null;
    }
  }

  async fingerprint(key: string): Promise<string | null> {
    let handle: fsp.FileHandle;
    try {
      handle = await fsp.open(this.pathOf(key), 'r');
    } catch {
      return null;
    }
    try {
      // Nanosecond mtime: any write moves it; the ends' hash also catches a copy that kept the old mtime.
      const stat = await handle.stat({ bigint: true });
      const size = Number(stat.size);
      const bytes = Math.min(size, FINGERPRINT_END_BYTES);
      const head = Buffer.alloc(bytes);
      const tail = Buffer.alloc(bytes);
      await handle.read(head, 0, bytes, 0);
      await handle.read(tail, 0, bytes, size - bytes);
      const ends = createHash('sha256').update(head).update(tail).digest('hex').slice(0, 32);
      return `${size}:${stat.mtimeNs}:${ends}`;
    } finally {
      await handle.close();
    }
  }

  async readHead(key: string, bytes: number): Promise<Buffer> {
    const handle = await fsp.open(this.pathOf(key), 'r');
    try {
      const buffer = Buffer.alloc(bytes);
      const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  read(key: string): Promise<Readable> {
    return Promise.resolve(fs.createReadStream(this.pathOf(key)));
  }

  mediaSource(key: string): Promise<string> {
    return Promise.resolve(this.pathOf(key));
  }

  publicUrl(key: string): string {
    return `${this.publicBaseUrl}${key}`;
  }

  async forgetUpload(key: string): Promise<void> {
    if (!isSafeKey(key)) {
      throw new Error(`Unsafe object key: ${key}`);
    }
    await fsp.rm(path.join(this.config.uploadMetaDir, `${key}.json`), { force: true });
  }

  tusDataStore() {
    // Metadata goes beside, not inside, the served root: it names the member and the original file.
    return new LocalTusStore(
      { directory: this.config.localRoot, configstore: new FileConfigstore(this.config.uploadMetaDir) },
      (id) => this.pathOf(id),
    );
  }
}
