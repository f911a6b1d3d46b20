// Loaded on demand (dynamic import) so Uppy never weighs on the console's first pages.
import Uppy from '@uppy/core';
import Tus from '@uppy/tus';
import { TOKEN_HEADER, UPLOAD_PREFIX } from '@vidmatrix/contract/constants';
import { Msg } from '@vidmatrix/contract/messages';

/** One file as the material form shows it (SPEC §3 uploaded file item). */
export interface UploadItem {
  uid: string;
  name: string;
  size: number;
  /** 0–100; 100 means complete (SPEC §4). */
  progress: number;
  /** The object key once the upload finished (`media/<26 chars>.<ext>`). */
  url: string;
}

export interface TusUploaderOptions {
  endpoint: string;
  chunkSize: number;
  token: string | null;
  onChange: (items: UploadItem[]) => void;
  /** A refused or broken upload: the item is removed and the message shown (SPEC §4). */
  onError: (message: string) => void;
}

/** The server's text of a refused tus request (the catalogue message), else 上传失败. */
export function uploadErrorMessage(error: unknown): string {
  const body = (error as { originalResponse?: { getBody?: () => string } } | null)?.originalResponse?.getBody?.();
  return body && /[\u4e00-\u9fff]/.test(body) ? body : Msg.uploadFailed;
}

/** Headless Uppy with tus: resumable (fingerprints in localStorage), antd draws the UI. */
export function createTusUploader(options: TusUploaderOptions) {
  const uppy = new Uppy({ autoProceed: true, allowMultipleUploadBatches: true });
  uppy.use(Tus, {
    endpoint: options.endpoint,
    chunkSize: options.chunkSize,
    headers: options.token ? { [TOKEN_HEADER]: options.token } : {},
    retryDelays: [0, 1000, 3000, 5000],
    // An interrupted upload of the same file continues after a reload from the server's offset.
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    // Refusals (4xx) are final: retrying would only repeat the message.
    onShouldRetry: (err, _retryAttempt, _opts, next) => {
      const status = err.originalResponse?.getStatus() ?? 0;
      return status >= 400 && status < 500 ? false : next(err);
    },
  });
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
        };
      }),
    );
  };
  uppy.on('upload-progress', emit);
  uppy.on('upload-success', emit);
  uppy.on('file-added', emit);
  uppy.on('file-removed', emit);
  uppy.on('upload-error', (file, error) => {
    options.onError(uploadErrorMessage(error));
    if (file) {
      uppy.removeFile(file.id);
    }
    emit();
  });
  return {
    add(file: File) {
      uppy.addFile({ name: file.name, type: file.type, data: file, source: 'local' });
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
