// Loaded on demand (dynamic import) so Uppy never weighs on the console's first pages.
import Uppy from '@uppy/core';
import Tus from '@uppy/tus';
import { TOKEN_HEADER, UPLOAD_PREFIX } from '@vidmatrix/contract/constants';
import { Msg } from '@vidmatrix/contract/messages';
import {
  dropPendingUpload,
  keepPendingUpload,
  setPendingUploadUrl,
  uploaderIdOf,
  type PendingUpload,
} from './pending-uploads.ts';

/** One file as the material form shows it (SPEC §3 uploaded file item). */
export interface UploadItem {
  uid: string;
  name: string;
  size: number;
  /** 0–100; 100 means complete (SPEC §4). */
  progress: number;
  /** The object key once the upload finished (`media/<26 chars>.<ext>`). */
  url: string;
  /** The file could not be kept in this browser: after a reload it must be chosen again to continue. */
  unkept: boolean;
}

export interface TusUploaderOptions {
  endpoint: string;
  chunkSize: number;
  token: string | null;
  /** The signed-in member's account: keys the tus fingerprints and the kept files. */
  member: string;
  /** Keep chosen files in this browser until they are uploaded, to continue after a reload. */
  keep: boolean;
  onChange: (items: UploadItem[]) => void;
  /** A refused or broken upload: the item is removed and the message shown (SPEC §4). */
  onError: (message: string) => void;
}

/** The server's text of a refused tus request (the catalogue message), else 上传失败. */
export function uploadErrorMessage(error: unknown): string {
  const body = (error as { originalResponse?: { getBody?: () => string } } | null)?.originalResponse?.getBody?.();
  return body && /[\u4e00-\u9fff]/.test(body) ? body : Msg.uploadFailed;
}

/** True for a refusal by the server (4xx): final, unlike a lost connection. */
function isRefusal(error: unknown): boolean {
  const status = (error as { originalResponse?: { getStatus?: () => number } } | null)?.originalResponse?.getStatus?.();
  return status !== undefined && status >= 400 && status < 500;
}

/**
 * Headless Uppy with tus, antd draws the UI. Resumable: tus fingerprints in localStorage, and with
 * `keep` each chosen file and its upload URL in IndexedDB until the upload finishes or is cancelled.
 */
export function createTusUploader(options: TusUploaderOptions) {
  const uppy = new Uppy({ id: uploaderIdOf(options.member), autoProceed: true, allowMultipleUploadBatches: true });
  uppy.use(Tus, {
    endpoint: options.endpoint,
    chunkSize: options.chunkSize,
    headers: options.token ? { [TOKEN_HEADER]: options.token } : {},
    retryDelays: [0, 1000, 3000, 5000],
    // An interrupted upload of the same file continues after a reload from the server's offset.
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    // Refusals (4xx) are final: retrying would only repeat the message.
    onShouldRetry: (err, _retryAttempt, _opts, next) => (isRefusal(err) ? false : next(err)),
  });
  /** Files IndexedDB could not keep. */
  const unkept = new Set<string>();
  /** Files added from the store: already kept. */
  const restored = new Set<string>();
  /** Files whose record outlives their removal (a lost connection: offered again later). */
  const keepOnRemove = new Set<string>();
  const urls = new Map<string, string>();
  // Store writes run one after another, so a file's drop never overtakes its (slow, large) keep.
  let writes: Promise<void> = Promise.resolve();
  const later = (write: () => Promise<unknown>) => {
    writes = writes.then(write).then(
      () => undefined,
      () => undefined, // best effort: a lost write only means choosing the file again
    );
  };
  const emit = () => {
    options.onChange(
      uppy.getFiles().map((file) => {
        const uploadUrl = file.tus?.uploadUrl ?? file.response?.uploadURL ?? '';
        const complete = Boolean(file.progress.uploadComplete);
        return {
          uid: file.id,
          name: file.name ?? '',
          size: file.size ?? 0,
          progress: complete ? 100 : Math.min(99, Math.floor(file.progress.percentage ?? 0)),
          url: complete && uploadUrl ? `${UPLOAD_PREFIX}${uploadUrl.split('/').pop() ?? ''}` : '',
          unkept: unkept.has(file.id),
        };
      }),
    );
  };
  uppy.on('upload-progress', (file) => {
    const uploadUrl = file?.tus?.uploadUrl;
    if (options.keep && file && uploadUrl && urls.get(file.id) !== uploadUrl) {
      urls.set(file.id, uploadUrl);
      const id = file.id;
      // After the file's keep (writes are serial): a file IndexedDB could not keep needs no URL there.
      later(async () => (unkept.has(id) ? undefined : setPendingUploadUrl(id, uploadUrl)));
    }
    emit();
  });
  uppy.on('upload-success', (file) => {
    if (options.keep && file) {
      later(() => dropPendingUpload(file.id));
    }
    emit();
  });
  uppy.on('file-added', (file) => {
    const data = file.data;
    if (options.keep && !restored.has(file.id) && data instanceof File) {
      later(async () => {
        const current = uppy.getState().files[file.id];
        if (!current || current.progress.uploadComplete) {
          return; // gone or done before its turn came
        }
        if (!(await keepPendingUpload({ id: file.id, member: options.member, file: data }))) {
          unkept.add(file.id);
          emit();
        }
      });
    }
    emit();
  });
  uppy.on('file-removed', (file) => {
    unkept.delete(file.id);
    restored.delete(file.id);
    urls.delete(file.id);
    if (options.keep && !keepOnRemove.delete(file.id)) {
      later(() => dropPendingUpload(file.id));
    }
    emit();
  });
  uppy.on('upload-error', (file, error) => {
    options.onError(uploadErrorMessage(error));
    if (file) {
      if (!isRefusal(error)) {
        keepOnRemove.add(file.id);
      }
      uppy.removeFile(file.id);
    }
    emit();
  });
  return {
    /** Uploads a chosen file, or continues a kept one (`from`) at its tus upload URL. */
    add(file: File, from?: PendingUpload) {
      if (from) {
        restored.add(from.id);
      }
      const id = uppy.addFile({ name: file.name, type: file.type, data: file, source: 'local' });
      if (from?.uploadUrl) {
        urls.set(id, from.uploadUrl);
        // Before autoProceed starts it: tus then asks the server for the offset instead of creating an upload.
        uppy.setFileState(id, { tus: { ...uppy.getFile(id).tus, uploadUrl: from.uploadUrl } });
      }
    },
    /** Resolves once every store write queued so far has run. */
    settled(): Promise<void> {
      return writes;
    },
    remove(uid: string) {
      uppy.removeFile(uid);
    },
    reset() {
      uppy.cancelAll();
    },
    destroy() {
      uppy.destroy();
    },
  };
}

export type TusUploader = ReturnType<typeof createTusUploader>;
