import {
  ACCOUNT_IMPORT_TEMPLATE_NAME,
  AccountApi,
  type ImportResult,
} from '@vidmatrix/contract/api/enterprise-account';
import { IMPORT_TIMEOUT_MS } from '@vidmatrix/contract/constants';
import { downloadFile } from '../../../lib/download.ts';
import { post } from '../../../lib/request.ts';

/** POST the account import (multipart, field `file`), SPEC §5.3. */
export function importAccounts(file: File): Promise<ImportResult> {
  const body = new FormData();
  body.append('file', file);
  return post<ImportResult>(AccountApi.import, body, { timeout: IMPORT_TIMEOUT_MS });
}

/** Downloads the account import template. */
export function downloadAccountImportTemplate(): Promise<void> {
  return downloadFile(AccountApi.importTemplate, ACCOUNT_IMPORT_TEMPLATE_NAME);
}
