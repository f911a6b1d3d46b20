import {
  ACCOUNT_EXPORT_NAME,
  ACCOUNT_IMPORT_TEMPLATE_NAME,
  AccountApi,
  type ImportResult,
} from '@vidmatrix/contract/api/enterprise-account';
import { IMPORT_TIMEOUT_MS } from '@vidmatrix/contract/constants';
import { downloadFile } from '../../../lib/download.ts';
import { post } from '../../../lib/request.ts';
import { accountFilterParams, type AccountFilters } from './get-accounts.ts';

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

/** Downloads the member's accounts that match `filters` as a spreadsheet. */
export function exportAccounts(filters: AccountFilters): Promise<void> {
  return downloadFile(AccountApi.export, `${ACCOUNT_EXPORT_NAME}.xlsx`, accountFilterParams(filters));
}
