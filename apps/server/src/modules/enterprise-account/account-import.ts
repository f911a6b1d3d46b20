import { GROUP_NAME_MAX } from '@vidmatrix/contract/api/common';
import { ACCOUNT_IMPORT_HEADERS, ACCOUNT_TEXT_MAX } from '@vidmatrix/contract/api/enterprise-account';
import { fillMsg, Msg } from '@vidmatrix/contract/messages';

/** A valid row of the account import file. */
export interface ParsedImportRow {
  nickname: string;
  remarks: string;
  platformId: number;
  groupName: string;
  ipCode: string;
}

/** The outcome of checking one row: the parsed values, or why it fails. */
export type RowCheck = { ok: true; row: ParsedImportRow } | { ok: false; reason: string };

/** True when a header row is exactly 昵称, 备注, 平台, 分组, 代理IP (extra empty cells allowed). */
export function headersMatch(cells: readonly string[]): boolean {
  const trimmed = [...cells];
  while (trimmed.length > 0 && trimmed.at(-1) === '') {
    trimmed.pop();
  }
  return trimmed.length === ACCOUNT_IMPORT_HEADERS.length && ACCOUNT_IMPORT_HEADERS.every((h, i) => trimmed[i] === h);
}

/** The header-mismatch message naming the expected headers. */
export function headerMismatchMessage(): string {
  return fillMsg(Msg.importHeaderMismatch, { headers: ACCOUNT_IMPORT_HEADERS.join('、') });
}

/**
 * Platform lookup for the 平台 column: a platform is named by its name (抖音) or its id (1).
 * Built once per import from the platform table.
 */
export function platformLookup(
  platforms: readonly { id: number; name: string }[],
): (cell: string) => number | undefined {
  const byName = new Map<string, number>();
  for (const p of platforms) {
    byName.set(p.name, p.id);
    byName.set(String(p.id), p.id);
  }
  return (cell) => byName.get(cell.trim());
}

/** Checks one data row (cells in header order); never throws. */
export function checkImportRow(cells: readonly string[], platformOf: (cell: string) => number | undefined): RowCheck {
  const [nickname = '', remarks = '', platformCell = '', groupName = '', ipCode = ''] = cells.map((c) => c.trim());
  if (!nickname) {
    return { ok: false, reason: Msg.importRowNicknameRequired };
  }
  const [nicknameHeader, remarksHeader, , groupHeader, ipHeader] = ACCOUNT_IMPORT_HEADERS;
  const tooLong = (
    [
      [nicknameHeader, nickname, ACCOUNT_TEXT_MAX.nickname],
      [remarksHeader, remarks, ACCOUNT_TEXT_MAX.remarks],
      [groupHeader, groupName, GROUP_NAME_MAX],
      [ipHeader, ipCode, ACCOUNT_TEXT_MAX.ipCode],
    ] as const
  ).find(([, value, max]) => value.length > max);
  if (tooLong) {
    return { ok: false, reason: fillMsg(Msg.importRowTooLong, { field: tooLong[0] }) };
  }
  const platformId = platformOf(platformCell);
  if (platformId === undefined) {
    return { ok: false, reason: fillMsg(Msg.importRowPlatformUnknown, { name: platformCell || Msg.emptyCell }) };
  }
  return { ok: true, row: { nickname, remarks, platformId, groupName, ipCode } };
}

/** The key imports upsert by: (platform, nickname). */
export function importKey(platformId: number, nickname: string): string {
  return `${platformId}:${nickname}`;
}
