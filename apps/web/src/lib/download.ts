import { EXPORT_TIMEOUT_MS } from '@vidmatrix/contract/constants';
import { request, type Params } from './request.ts';

/** Saves a blob under a file name through a temporary object URL. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * GETs a file as a blob (with the member token, EXPORT_TIMEOUT_MS) and saves it. Errors are left
 * to the caller (the request layer shows nothing: `disableMessage`).
 */
export async function downloadFile(path: string, fileName: string, params?: Params): Promise<void> {
  const blob = await request<Blob>(path, {
    params,
    responseType: 'blob',
    timeout: EXPORT_TIMEOUT_MS,
    disableMessage: true,
  });
  saveBlob(blob, fileName);
}
