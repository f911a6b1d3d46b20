import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type {
  accountAddBody,
  accountEditBody,
  accountExportQuery,
  accountListQuery,
  authCkAllStatusBody,
  authCkStatusBody,
  authLogQuery,
  groupListQuery,
  platformListQuery,
  selectorAccountQuery,
} from '@vidmatrix/contract/api/enterprise-account';
import {
  ACCOUNT_EXPORT_EXTRA_HEADERS,
  ACCOUNT_IMPORT_HEADERS,
  AccountApi,
  IMPORT_FAIL_REASON_HEADER,
  type AccountGroup,
  type AccountList,
  type AuthLogList,
  type EnterpriseAccount,
  type GroupList,
  type ImportResult,
  type PlatformList,
} from '@vidmatrix/contract/api/enterprise-account';
import { fillMsg, Msg } from '@vidmatrix/contract/messages';
import { CookieAuth } from '@vidmatrix/contract/rules/account-selectability';
import { accessLabel, cookieAuthLabel } from '@vidmatrix/contract/rules/account-status';
import { formatServerTime } from '@vidmatrix/contract/rules/time';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/errors.ts';
import { platformAuthType } from '../../db/seed-data.ts';
import type { AppDeps } from '../../deps.ts';
import { badRequest, notFound } from '../../errors.ts';
import {
  bufferStream,
  readXlsxRows,
  spreadsheetKind,
  xlsxStream,
  XlsxReadError,
  type XlsxCell,
} from '../../lib/xlsx.ts';
import {
  checkImportRow,
  headerMismatchMessage,
  headersMatch,
  importKey,
  platformLookup,
  type ParsedImportRow,
} from './account-import.ts';
import {
  EnterpriseAccountRepository,
  type AccountFilter,
  type AccountRow,
  type ImportAccount,
} from './enterprise-account.repository.ts';

/** Job that drops old import records; their failed-rows download goes with them. */
export const IMPORT_PRUNE_JOB = 'account.import.prune';
/** How long the failed rows of an import stay downloadable. */
export const IMPORT_KEEP_MS = 7 * 24 * 60 * 60_000;

/** Rows an import applies per transaction (keeps each lock short and each INSERT under SQLite's parameter cap). */
const IMPORT_BATCH_ROWS = 500;
/** Rows an export reads from the database per query. */
const EXPORT_PAGE_ROWS = 1000;

/** A file the member uploaded for import. */
export interface ImportFile {
  fileName: string;
  data: Buffer;
}

interface PendingRow {
  rowNumber: number;
  cells: string[];
  row: ParsedImportRow;
}

interface ImportProgress {
  addCount: number;
  updateCount: number;
  failed: string[][];
  /** First row number of each (platform, nickname) in the file. */
  seen: Map<string, number>;
}

function toFilter(query: { platform_id: number[]; group_id?: number | undefined; remarks: string }): AccountFilter {
  return { platformIds: query.platform_id, groupId: query.group_id, search: query.remarks };
}

function toAccount(row: AccountRow): EnterpriseAccount {
  return {
    enterprise_account_id: row.id,
    nickname: row.nickname,
    remarks: row.remarks,
    avatar_larger: row.avatar_larger,
    platform_id: row.platform_id,
    platform_name: row.platform_name,
    platform_logo_url: row.platform_logo_url,
    pid: row.pid,
    group_id: row.group_name === null ? 0 : row.group_id,
    group_name: row.group_name ?? '',
    cookie_auth_status: row.cookie_auth_status,
    access_status: row.access_status,
    ip_code: row.ip_code,
    create_time: formatServerTime(row.created_at),
  };
}

function refused(errorMsg: string): ImportResult {
  return { importStatus: 0, addCount: 0, updateCount: 0, failCount: 0, errorMsg, errorFileURL: '' };
}

/** Enterprise accounts, groups, platforms, quota, authorization state, import and export. */
export class EnterpriseAccountService {
  private readonly repo: EnterpriseAccountRepository;

  constructor(private readonly deps: AppDeps) {
    this.repo = new EnterpriseAccountRepository(deps.db);
  }

  /** Main accounts, one page, with their sub-accounts nested as `children`. */
  async list(memberId: number, query: z.output<typeof accountListQuery>): Promise<AccountList> {
    const { rows, count } = await this.repo.listParents(
      memberId,
      toFilter(query),
      (query.page - 1) * query.limit,
      query.limit,
    );
    const children = await this.repo.children(
      memberId,
      rows.map((row) => row.id),
    );
    const byParent = new Map<number, EnterpriseAccount[]>();
    for (const child of children) {
      byParent.set(child.pid, [...(byParent.get(child.pid) ?? []), toAccount(child)]);
    }
    const list = rows.map((row) => {
      const account = toAccount(row);
      const nested = byParent.get(row.id);
      return nested ? { ...account, children: nested } : account;
    });
    return { list, count };
  }

  /** Every matching account, flat (the selector's list); limit 0 means all. */
  async selectorList(memberId: number, query: z.output<typeof selectorAccountQuery>): Promise<AccountList> {
    const { rows, count } = await this.repo.listFlat(
      memberId,
      toFilter(query),
      (query.page - 1) * query.limit,
      query.limit,
    );
    return { list: rows.map(toAccount), count };
  }

  /** The member's own accounts among `ids`; other members' and missing ones are left out. */
  async findOwned(memberId: number, ids: readonly number[]): Promise<EnterpriseAccount[]> {
    return (await this.repo.accountsByIds(memberId, [...new Set(ids)])).map(toAccount);
  }

  /** Adds an account within the level's quota (checked and counted in one transaction). */
  async add(memberId: number, body: z.output<typeof accountAddBody>): Promise<number> {
    const now = this.deps.now();
    try {
      return await this.repo.transaction(async (repo) => {
        const limit = await repo.lockAccountLimit(memberId, now);
        if ((await repo.countAccounts(memberId)) >= limit) {
          throw badRequest(fillMsg(Msg.accountQuotaExceeded, { limit }));
        }
        await this.requirePlatform(body.platform_id, repo);
        await this.requireGroup(memberId, body.group_id, repo);
        if (body.pid) {
          const [parent] = await repo.ownedAccounts(memberId, [body.pid]);
          if (!parent) {
            throw badRequest(Msg.parentAccountInvalid);
          }
          if (parent.pid !== 0) {
            throw badRequest(Msg.subAccountNested);
          }
        }
        const id = await repo.insertAccount({
          member_id: memberId,
          pid: body.pid,
          platform_id: body.platform_id,
          nickname: body.nickname,
          remarks: body.remarks,
          avatar_larger: body.avatar_larger,
          group_id: body.group_id,
          cookie_auth_status: 0,
          access_status: 0,
          ip_code: body.ip_code,
          created_at: now,
          updated_at: now,
        });
        await repo.syncAccountUsage(memberId);
        return id;
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw badRequest(Msg.accountExists);
      }
      throw error;
    }
  }

  /** Edits remarks, group and proxy of one of the member's accounts. */
  async edit(memberId: number, body: z.output<typeof accountEditBody>): Promise<void> {
    await this.requireAccounts(memberId, [body.enterprise_account_id]);
    if (body.group_id !== undefined) {
      await this.requireGroup(memberId, body.group_id);
    }
    await this.repo.updateAccount(
      memberId,
      body.enterprise_account_id,
      {
        ...(body.remarks === undefined ? {} : { remarks: body.remarks }),
        ...(body.group_id === undefined ? {} : { group_id: body.group_id }),
        ...(body.ip_code === undefined ? {} : { ip_code: body.ip_code }),
      },
      this.deps.now(),
    );
  }

  /** Deletes accounts (and their sub-accounts) and gives the quota back. */
  async remove(memberId: number, ids: number[]): Promise<number> {
    await this.requireAccounts(memberId, ids);
    return this.repo.transaction(async (repo) => {
      await repo.lockAccountLimit(memberId, this.deps.now());
      const removed = await repo.deleteAccounts(memberId, ids);
      await repo.syncAccountUsage(memberId);
      return removed;
    });
  }

  /** Moves accounts into one of the member's groups (0: no group). */
  async move(memberId: number, ids: number[], groupId: number): Promise<void> {
    await this.requireAccounts(memberId, ids);
    await this.requireGroup(memberId, groupId);
    await this.repo.moveAccounts(memberId, ids, groupId, this.deps.now());
  }

  /** The member's groups with their account counts; limit 0 means all. */
  async groups(memberId: number, query: z.output<typeof groupListQuery>): Promise<GroupList> {
    const rows = await this.repo.groups(memberId);
    const all: AccountGroup[] = rows.map((row) => ({
      group_id: row.id,
      group_name: row.name,
      account_count: Number(row.account_count),
    }));
    const list = query.limit > 0 ? all.slice((query.page - 1) * query.limit, query.page * query.limit) : all;
    return { list, count: all.length };
  }

  async addGroup(memberId: number, name: string): Promise<number> {
    try {
      return await this.repo.insertGroup(memberId, name, this.deps.now());
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw badRequest(Msg.groupExists);
      }
      throw error;
    }
  }

  async renameGroup(memberId: number, groupId: number, name: string): Promise<void> {
    await this.requireGroup(memberId, groupId);
    try {
      await this.repo.renameGroup(memberId, groupId, name, this.deps.now());
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw badRequest(Msg.groupExists);
      }
      throw error;
    }
  }

  /** Deletes a group; its accounts fall back to no group. */
  async deleteGroup(memberId: number, groupId: number): Promise<void> {
    await this.requireGroup(memberId, groupId);
    await this.repo.transaction((repo) => repo.deleteGroup(memberId, groupId, this.deps.now()));
  }

  /** Platforms filtered by name (`remarks`); limit 0 means all. */
  async platforms(query: z.output<typeof platformListQuery>): Promise<PlatformList> {
    const rows = await this.repo.platforms(query.remarks);
    const all = rows.map((row) => ({ platform_id: row.id, platform_name: row.name, platform_logo_url: row.logo_url }));
    const list = query.limit > 0 ? all.slice((query.page - 1) * query.limit, query.page * query.limit) : all;
    return { list, count: all.length };
  }

  /** The desktop re-authorized (or failed to) one account: the change is always logged. */
  async authCkStatus(memberId: number, body: z.output<typeof authCkStatusBody>): Promise<number> {
    return this.setAuthStatus(
      memberId,
      [body.enterprise_account_id],
      body.cookie_auth_status,
      body.reason || Msg.authReasonClient,
      true,
    );
  }

  /** The desktop's start-up check of many accounts: only real changes are logged. */
  async authCkAllStatus(memberId: number, body: z.output<typeof authCkAllStatusBody>): Promise<number> {
    if (body.enterprise_account_id.length === 0) {
      return 0;
    }
    const reason =
      body.reason ||
      (body.cookie_auth_status === CookieAuth.authorized
        ? Msg.authReasonCheckValid
        : body.cookie_auth_status === CookieAuth.expired
          ? Msg.authReasonCheckExpired
          : Msg.authReasonManual);
    return this.setAuthStatus(memberId, body.enterprise_account_id, body.cookie_auth_status, reason, false);
  }

  private async setAuthStatus(
    memberId: number,
    ids: number[],
    status: number,
    reason: string,
    logUnchanged: boolean,
  ): Promise<number> {
    const accounts = await this.requireAccounts(memberId, ids);
    const now = this.deps.now();
    return this.repo.transaction(async (repo) => {
      const logs = [];
      for (const account of accounts) {
        // Access-authorized platforms (2, 6) keep their state in access_status (SPEC §5.4).
        const access =
          platformAuthType(account.platform_id) === 'access' ? (status === CookieAuth.authorized ? 1 : 0) : undefined;
        await repo.setAuthStatus(account.id, status, access, now);
        if (logUnchanged || account.cookie_auth_status !== status) {
          logs.push({
            member_id: memberId,
            enterprise_account_id: account.id,
            from_status: account.cookie_auth_status,
            to_status: status,
            reason,
            created_at: now,
          });
        }
      }
      await repo.insertAuthLogs(logs);
      return logs.length;
    });
  }

  /** Authorization changes of one account, newest first. */
  async authLog(memberId: number, query: z.output<typeof authLogQuery>): Promise<AuthLogList> {
    await this.requireAccounts(memberId, [query.enterprise_account_id]);
    const { rows, count } = await this.repo.authLogs(
      memberId,
      query.enterprise_account_id,
      (query.page - 1) * query.limit,
      query.limit,
    );
    return {
      list: rows.map((row) => ({
        log_id: row.id,
        enterprise_account_id: row.enterprise_account_id,
        from_status: row.from_status,
        to_status: row.to_status,
        reason: row.reason,
        create_time: formatServerTime(row.created_at),
      })),
      count,
    };
  }

  /**
   * Imports accounts from an xlsx file: rows are upserted by (platform, nickname); a bad row never
   * stops the others and goes to the failed-rows file; a file that cannot be read is refused whole.
   */
  async importFile(memberId: number, file: ImportFile): Promise<ImportResult> {
    if (!/\.xlsx?$/i.test(file.fileName)) {
      return refused(Msg.importNotSpreadsheet);
    }
    if (file.data.length === 0) {
      return refused(Msg.importEmpty);
    }
    const kind = spreadsheetKind(file.data);
    if (kind === null) {
      return refused(Msg.importNotSpreadsheet);
    }
    if (kind === 'ole') {
      return refused(Msg.importLegacyXls);
    }

    const platformOf = platformLookup(await this.repo.platforms(''));
    const progress: ImportProgress = { addCount: 0, updateCount: 0, failed: [], seen: new Map() };
    let header: string[] | undefined;
    let dataRows = 0;
    let batch: PendingRow[] = [];
    try {
      for await (const { rowNumber, cells } of readXlsxRows(bufferStream(file.data))) {
        if (cells.every((cell) => cell === '')) {
          continue;
        }
        if (!header) {
          if (!headersMatch(cells)) {
            return refused(headerMismatchMessage());
          }
          header = cells;
          continue;
        }
        dataRows += 1;
        const check = checkImportRow(cells, platformOf);
        if (!check.ok) {
          progress.failed.push([...padCells(cells), check.reason]);
          continue;
        }
        batch.push({ rowNumber, cells, row: check.row });
        if (batch.length >= IMPORT_BATCH_ROWS) {
          await this.applyImportBatch(memberId, batch, progress);
          batch = [];
        }
      }
      await this.applyImportBatch(memberId, batch, progress);
    } catch (error) {
      if (error instanceof XlsxReadError) {
        return refused(Msg.importNotSpreadsheet);
      }
      throw error;
    }
    if (!header || dataRows === 0) {
      return refused(Msg.importEmpty);
    }

    let errorFileURL = '';
    if (progress.failed.length > 0) {
      const id = randomBytes(16).toString('base64url');
      await this.repo.insertImport({
        id,
        member_id: memberId,
        add_count: progress.addCount,
        update_count: progress.updateCount,
        fail_count: progress.failed.length,
        failed_rows: JSON.stringify(progress.failed),
        created_at: this.deps.now(),
      });
      errorFileURL = `${AccountApi.importErrorFile}?import_id=${id}`;
    }
    return {
      importStatus: 1,
      addCount: progress.addCount,
      updateCount: progress.updateCount,
      failCount: progress.failed.length,
      errorMsg: '',
      errorFileURL,
    };
  }

  /** Applies one batch of valid rows in a transaction: updates, then adds within the quota. */
  private async applyImportBatch(memberId: number, batch: PendingRow[], progress: ImportProgress): Promise<void> {
    if (batch.length === 0) {
      return;
    }
    const now = this.deps.now();
    await this.repo.transaction(async (repo) => {
      const limit = await repo.lockAccountLimit(memberId, now);
      let count = await repo.countAccounts(memberId);
      const groupIds = await repo.ensureGroups(
        memberId,
        batch.map((item) => item.row.groupName),
        now,
      );
      const existing = await repo.accountsByNickname(
        memberId,
        batch.map((item) => item.row.nickname),
      );
      const inserts = [];
      for (const { rowNumber, cells, row } of batch) {
        const key = importKey(row.platformId, row.nickname);
        const firstRow = progress.seen.get(key);
        if (firstRow !== undefined) {
          progress.failed.push([...padCells(cells), fillMsg(Msg.importRowDuplicate, { row: firstRow })]);
          continue;
        }
        progress.seen.set(key, rowNumber);
        const account: ImportAccount = {
          nickname: row.nickname,
          remarks: row.remarks,
          platformId: row.platformId,
          groupId: row.groupName ? (groupIds.get(row.groupName) ?? 0) : 0,
          ipCode: row.ipCode,
        };
        const id = existing.get(key);
        if (id !== undefined) {
          await repo.updateImported(memberId, id, account, now);
          progress.updateCount += 1;
        } else if (count >= limit) {
          progress.failed.push([...padCells(cells), Msg.importRowQuota]);
        } else {
          inserts.push({
            member_id: memberId,
            pid: 0,
            platform_id: account.platformId,
            nickname: account.nickname,
            remarks: account.remarks,
            avatar_larger: '',
            group_id: account.groupId,
            cookie_auth_status: 0,
            access_status: 0,
            ip_code: account.ipCode,
            created_at: now,
            updated_at: now,
          });
          count += 1;
          progress.addCount += 1;
        }
      }
      await repo.insertAccounts(inserts);
      await repo.syncAccountUsage(memberId);
    });
  }

  /** The import template: the header row only. */
  importTemplate(): Readable {
    return xlsxStream({
      sheetName: Msg.accountSheetName,
      columns: ACCOUNT_IMPORT_HEADERS.map((header) => ({ header })),
      rows: [],
    });
  }

  /** The prune job: drops import records older than IMPORT_KEEP_MS. */
  pruneImports(): Promise<number> {
    return this.repo.deleteImportsBefore(this.deps.now() - IMPORT_KEEP_MS);
  }

  /** The failed rows of one of the member's imports, with the reason per row. */
  async importErrorFile(memberId: number, importId: string): Promise<Readable> {
    const record = await this.repo.findImport(memberId, importId);
    // Expired records count as gone even before the prune job has run.
    if (!record || record.created_at < this.deps.now() - IMPORT_KEEP_MS) {
      throw notFound();
    }
    const rows = JSON.parse(record.failed_rows) as XlsxCell[][];
    return xlsxStream({
      sheetName: Msg.accountSheetName,
      columns: [...ACCOUNT_IMPORT_HEADERS, IMPORT_FAIL_REASON_HEADER].map((header) => ({ header, width: 20 })),
      rows,
    });
  }

  /** Every matching account as a streamed xlsx; null when nothing matches (the route answers 暂无数据). */
  async exportAccounts(memberId: number, query: z.output<typeof accountExportQuery>): Promise<Readable | null> {
    const filter = toFilter(query);
    if (!(await this.repo.anyMatching(memberId, filter))) {
      return null;
    }
    const repo = this.repo;
    async function* rows(): AsyncGenerator<XlsxCell[]> {
      for await (const row of repo.iterate(memberId, filter, EXPORT_PAGE_ROWS)) {
        yield [
          row.nickname,
          row.remarks,
          row.platform_name,
          row.group_name ?? '',
          row.ip_code,
          cookieAuthLabel(row.cookie_auth_status).label,
          accessLabel(row.access_status).label,
          row.parent_nickname ?? '',
          formatServerTime(row.created_at),
        ];
      }
    }
    return xlsxStream({
      sheetName: Msg.accountSheetName,
      columns: [...ACCOUNT_IMPORT_HEADERS, ...ACCOUNT_EXPORT_EXTRA_HEADERS].map((header) => ({ header, width: 18 })),
      rows: rows(),
    });
  }

  /** The member's accounts among `ids`; refuses when any is missing or another member's. */
  private async requireAccounts(memberId: number, ids: number[]) {
    const unique = [...new Set(ids)];
    const owned = await this.repo.ownedAccounts(memberId, unique);
    if (owned.length !== unique.length) {
      throw badRequest(Msg.accountNotOwned);
    }
    return owned;
  }

  /** Refuses a group id (other than 0) that is not the member's. */
  private async requireGroup(memberId: number, groupId: number, repo = this.repo): Promise<void> {
    if (groupId !== 0 && !(await repo.findGroup(memberId, groupId))) {
      throw badRequest(Msg.groupNotOwned);
    }
  }

  private async requirePlatform(platformId: number, repo = this.repo): Promise<void> {
    const platforms = await repo.platforms('');
    if (!platforms.some((p) => p.id === platformId)) {
      throw badRequest(Msg.platformUnknown);
    }
  }
}

/** The five import columns of a row, padded so the reason lands in 失败原因. */
function padCells(cells: readonly string[]): string[] {
  return ACCOUNT_IMPORT_HEADERS.map((_, index) => cells[index] ?? '');
}
