import type { Readable } from 'node:stream';
import type { DataStore } from '@tus/utils';

/** Directories of the local driver, derived from DATA_DIR. */
export interface LocalStorageDirs {
  /** Objects live here (DATA_DIR/storage). */
  localRoot: string;
  /** Where tus keeps upload metadata (never served: it names the member and the original file). */
  uploadMetaDir: string;
}

/** Which storage backs objects: local disk (default) or any S3-compatible bucket. */
export type StorageDriverKind = 'local' | 's3';

/** Storage configuration from the environment (STORAGE_DRIVER, S3_*). */
export interface StorageConfig {
  driver: StorageDriverKind;
  s3: {
    endpoint: string | undefined;
    region: string;
    bucket: string;
    accessKeyId: string;
    secretAccessKey: string;
    /** Base URL objects are read from (bucket domain or CDN), ending with '/'. */
    publicUrl: string;
  };
}

/** Bytes at each end of a local object hashed into its fingerprint (a header or an index rewritten in place). */
export const FINGERPRINT_END_BYTES = 64 * 1024;

/**
 * Object storage behind one interface. Keys are relative (`media/<26 chars>.mp4`); only drivers
 * touch disks or buckets.
 */
export interface StorageDriver {
  readonly kind: StorageDriverKind;
  /** Base URL under which objects are read (`/storage/` locally). */
  readonly publicBaseUrl: string;
  /** Writes an object. */
  put(key: string, body: Buffer | Readable, contentType: string): Promise<void>;
  /** Deletes an object; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Size in bytes, or null when the object does not exist. */
  size(key: string): Promise<number | null>;
  /**
   * What changes whenever the object is written again, in place or anew (null when it does not exist):
   * local, its size, modification time and a hash of its first and last FINGERPRINT_END_BYTES; S3, its
   * size and ETag (the store's own content hash). Cheap at any size: the object is not read through.
   */
  fingerprint(key: string): Promise<string | null>;
  /** The first `bytes` bytes (for magic-byte sniffing). */
  readHead(key: string, bytes: number): Promise<Buffer>;
  /** The whole object as a stream. */
  read(key: string): Promise<Readable>;
  /** A path or URL ffmpeg/ffprobe can read directly (seeking without downloading it all). */
  mediaSource(key: string): Promise<string>;
  /** The public URL of an object. */
  publicUrl(key: string): string;
  /** Drops what the tus store keeps about an upload beside its object (metadata file, part ledger). */
  forgetUpload(key: string): Promise<void>;
  /** The tus data store writing into this storage. */
  tusDataStore(): DataStore;
}

/** The origin the browser reads objects from when it is not the server's own (s3: its public URL's). */
export function foreignStorageOrigin(config: StorageConfig): string | undefined {
  if (config.driver !== 's3') {
    return undefined;
  }
  try {
    return new URL(config.s3.publicUrl).origin;
  } catch {
    // A path such as `/bucket/` is served through this server's own origin.
    return undefined;
  }
}

/** A safe relative object key: no absolute paths, no `..`, no backslashes or NUL. */
export function isSafeKey(key: string): boolean {
  return (
    key.length > 0 &&
    key.length <= 512 &&
    !key.startsWith('/') &&
    !/[\\\0]/.test(key) &&
    key.split('/').every((part) => part !== '' && part !== '.' && part !== '..')
  );
}

/** The object key behind a URL or key the client sent (strips the public base URL); null if foreign. */
export function keyFromUrl(value: string, publicBaseUrl: string): string | null {
  let key = value.trim();
  if (key.startsWith(publicBaseUrl)) {
    key = key.slice(publicBaseUrl.length);
  } else if (/^https?:\/\//i.test(key)) {
    try {
      const url = new URL(key);
      const base = new URL(publicBaseUrl, url.origin);
      if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname)) {
        return null;
      }
      key = decodeURIComponent(url.pathname.slice(base.pathname.length));
    } catch {
      return null;
    }
  }
  key = key.replace(/^\/+/, '');
  return isSafeKey(key) ? key : null;
}

/** Keys under this prefix are never served by /storage: they are read only through member-checked routes. */
export const PRIVATE_STORAGE_PREFIX = 'private/';
