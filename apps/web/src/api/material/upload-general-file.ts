import { MaterialApi, type UploadedFile } from '@vidmatrix/contract/api/material';
import { post } from '../../lib/request.ts';

/** POST /api/file.File/add, type upl (multipart): one file of the general uploader (SPEC §2.6). */
export function uploadGeneralFile(file: File): Promise<UploadedFile> {
  const form = new FormData();
  form.append('type', 'upl');
  form.append('file_name', file.name);
  form.append('file', file);
  return post<UploadedFile>(MaterialApi.add, form);
}
