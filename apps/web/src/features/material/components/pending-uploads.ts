import { TOKEN_HEADER } from '@vidmatrix/contract/constants';

// Chosen files of the material form kept in this browser (IndexedDB) until their upload finishes,
// so an upload interrupted by a reload continues without choosing the file again.

/** A kept file and the tus upload it belongs to. */
export interface PendingUpload {
  /** The Uppy file id; it starts with the member's uploader id, so it is unique per member. */
  id: string;
  /** The account of the member who chose the file. */
  member: string;
  file: File;
  /** The tus upload URL once the server has made one. */
  uploadUrl: string | null;
  savedAt: number;
}

/** A stored file without its upload URL (the URL lives apart: rewriting it must not copy the blob). */
type FileRecord = Omit<PendingUpload, 'uploadUrl'>;
interface UrlRecord {
  id: string;
  uploadUrl: string;
}

const DB_NAME = 'vidmatrix-uploads';
const FILES = 'files';
const URLS = 'urls';
const BY_MEMBER = 'member';
// Older kept files are dropped: the server has most likely expired their unfinished uploads.
const KEEP_MS = 7 * 24 * 60 * 60 * 1000;
// tus-js-client keeps `tus::<fingerprint>::<n>` in localStorage; Uppy's fingerprint is `tus-<file id>-<endpoint>`.
const FINGERPRINT_PREFIX = 'tus::tus-';

/** Query key of a member's kept uploads (read from this browser, not the server). */
export const pendingUploadsKey = (member: string) => ['pending-uploads', member] as const;

/** The Uppy id of a member's uploader: file ids and tus fingerprints start with it. */
export function uploaderIdOf(member: string): string {
  // encodeURIComponent escapes the brackets, so one member's id is never the prefix of another's.
  return `vm-upload[${encodeURIComponent(member)}]`;
}

/** True when `size` more bytes fit the origin's quota; an unknown estimate lets the write try. */
export function fitsQuota(estimate: StorageEstimate | undefined, size: number): boolean {
  if (!estimate?.quota) {
    return true;
  }
  return (estimate.usage ?? 0) + size <= estimate.quota;
}

/** The localStorage keys of tus fingerprints whose file id starts with `idPrefix`. */
export function fingerprintKeys(keys: Iterable<string>, idPrefix: string): string[] {
  return [...keys].filter((key) => key.startsWith(`${FINGERPRINT_PREFIX}${idPrefix}`));
}

function storedFingerprints(idPrefix: string): string[] {
  try {
    const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i) ?? '');
    return fingerprintKeys(keys, idPrefix);
  } catch {
    return []; // no storage (private mode): nothing was kept either
  }
}

function removeFingerprints(idPrefix: string): void {
  storedFingerprints(idPrefix).forEach((key) => localStorage.removeItem(key));
}

/** The upload URL tus stored for a file right after creating its upload (before any progress). */
function fingerprintUrl(id: string): string | null {
  for (const key of storedFingerprints(`${id}-`)) {
    try {
      const { uploadUrl } = JSON.parse(localStorage.getItem(key) ?? '{}') as { uploadUrl?: unknown };
      if (typeof uploadUrl === 'string' && uploadUrl) {
        return uploadUrl;
      }
    } catch {
      // Not tus's JSON: skip it.
    }
  }
  return null;
}

let connection: Promise<IDBDatabase> | null = null;

function openDb(): Promise<IDBDatabase> {
  connection ??= new Promise<IDBDatabase>((resolve, reject) => {
    if (typeof indexedDB === 'undefined') {
      reject(new Error('IndexedDB is not available'));
      return;
    }
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore(FILES, { keyPath: 'id' }).createIndex(BY_MEMBER, 'member');
      request.result.createObjectStore(URLS, { keyPath: 'id' });
    };
    request.onsuccess = () => {
      const db = request.result;
      db.onversionchange = () => {
        db.close();
        connection = null;
      };
      resolve(db);
    };
    request.onerror = () => reject(request.error ?? new Error('IndexedDB open failed'));
  }).catch((error: unknown) => {
    connection = null;
    throw error;
  });
  return connection;
}

/** Runs `work` in one transaction over both stores; resolves once it is committed. */
async function transact<T>(
  mode: IDBTransactionMode,
  work: (files: IDBObjectStore, urls: IDBObjectStore) => () => T,
): Promise<T> {
  const db = await openDb();
  return new Promise<T>((resolve, reject) => {
    const tx = db.transaction([FILES, URLS], mode);
    const result = work(tx.objectStore(FILES), tx.objectStore(URLS));
    tx.oncomplete = () => resolve(result());
    // A full quota aborts the transaction with QuotaExceededError.
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

/** The member's kept uploads, oldest first; expired ones are dropped on the way. */
export async function listPendingUploads(member: string): Promise<PendingUpload[]> {
  const [files, urls] = await transact('readonly', (files, urls) => {
    const fileRequest = files.index(BY_MEMBER).getAll(IDBKeyRange.only(member)) as IDBRequest<FileRecord[]>;
    const urlRequest = urls.getAll() as IDBRequest<UrlRecord[]>;
    return () => [fileRequest.result, urlRequest.result] as const;
  });
  const urlOf = new Map(urls.map((u) => [u.id, u.uploadUrl]));
  const now = Date.now();
  const expired = files.filter((f) => now - f.savedAt > KEEP_MS);
  await Promise.all(expired.map((f) => dropPendingUpload(f.id)));
  return files
    .filter((f) => !expired.includes(f))
    .sort((a, b) => a.savedAt - b.savedAt)
    .map((f) => ({ ...f, uploadUrl: urlOf.get(f.id) ?? fingerprintUrl(f.id) }));
}

/**
 * Keeps a chosen file so its upload can continue after a reload. False when it cannot be kept (no
 * IndexedDB, or the origin's quota is too small): the user must then choose the file again.
 */
export async function keepPendingUpload(upload: { id: string; member: string; file: File }): Promise<boolean> {
  try {
    if (!fitsQuota(await navigator.storage?.estimate?.(), upload.file.size)) {
      return false;
    }
    const record: FileRecord = { ...upload, savedAt: Date.now() };
    await transact('readwrite', (files) => {
      files.put(record);
      return () => undefined;
    });
    return true;
  } catch {
    return false;
  }
}

/** Records the tus upload URL of a kept file. */
export async function setPendingUploadUrl(id: string, uploadUrl: string): Promise<void> {
  const record: UrlRecord = { id, uploadUrl };
  await transact('readwrite', (_files, urls) => {
    urls.put(record);
    return () => undefined;
  });
}

/** Forgets a kept file (its upload finished or was cancelled), and tus's fingerprint of it. */
export async function dropPendingUpload(id: string): Promise<void> {
  removeFingerprints(`${id}-`);
  await transact('readwrite', (files, urls) => {
    files.delete(id);
    urls.delete(id);
    return () => undefined;
  });
}

/** Gives up kept uploads: the server's unfinished uploads are terminated (tus DELETE), then forgotten. */
export async function discardPendingUploads(uploads: readonly PendingUpload[], token: string | null): Promise<void> {
  await Promise.all(
    uploads.map(async (upload) => {
      if (upload.uploadUrl) {
        await fetch(upload.uploadUrl, {
          method: 'DELETE',
          headers: { 'Tus-Resumable': '1.0.0', ...(token ? { [TOKEN_HEADER]: token } : {}) },
        }).catch(() => undefined); // already gone, or offline: the server expires it
      }
      await dropPendingUpload(upload.id);
    }),
  );
}

/** Forgets every kept upload and tus fingerprint of a member (on sign-out). */
export async function forgetMemberUploads(member: string): Promise<void> {
  if (!member) {
    return;
  }
  removeFingerprints(uploaderIdOf(member));
  await transact('readwrite', (files, urls) => {
    const request = files.index(BY_MEMBER).openKeyCursor(IDBKeyRange.only(member));
    request.onsuccess = () => {
      const cursor = request.result;
      if (cursor) {
        files.delete(cursor.primaryKey);
        urls.delete(cursor.primaryKey);
        cursor.continue();
      }
    };
    return () => undefined;
  });
}
