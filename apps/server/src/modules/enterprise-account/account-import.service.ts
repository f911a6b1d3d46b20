import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { accountExportQuery } from '@vidmatrix/contract/api/enterprise-account';
import {
  ACCOUNT_EXPORT_EXTRA_HEADERS,
  ACCOUNT_IMPORT_HEADERS,
  AccountApi,
  IMPORT_FAIL_REASON_HEADER,
  type ImportResult,
} from '@vidmatrix/contract/api/enterprise-account';
import { Job } from '@vidmatrix/contract/jobs';
import { fillMsg, Msg } from '@vidmatrix/contract/messages';
import { accessLabel, cookieAuthLabel } from '@vidmatrix/contract/rules/account-status';
import { canSetProxy } from '@vidmatrix/contract/rules/features';
import { formatServerTime } from '@vidmatrix/contract/rules/time';
import type { z } from 'zod';
import { notFound } from '../../errors.ts';
import {
  bufferStream,
  readXlsxRows,
  spreadsheetKind,
  xlsxStream,
  XlsxReadError,
  type XlsxCell,
} from '../../lib/xlsx.ts';
import { featureFlagsOf, type FeatureFlagStore } from '../member/feature-flags.ts';
import type { PlatformRepository } from '../platform/platform.repository.ts';
import {
  checkImportRow,
  headerMismatchMessage,
  headersMatch,
  importKey,
  platformLookup,
  type ParsedImportRow,
} from './account-import.ts';
import { toFilter } from './account-rows.ts';
import type { Transaction } from '../../repositories.ts';
import type { EnterpriseAccountRepository, ImportAccount } from './enterprise-account.repository.ts';

/** Job that drops old import records (its name in the contract catalogue). */
export const IMPORT_PRUNE_JOB = Job.accountImportPrune;
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

function refused(errorMsg: string): ImportResult {
  return { importStatus: 0, addCount: 0, updateCount: 0, failCount: 0, errorMsg, errorFileURL: '' };
}

type ImportStore = Pick<
  EnterpriseAccountRepository,
  'anyMatching' | 'deleteImportsBefore' | 'findImport' | 'insertImport' | 'iterate'
>;

/** Account import (xlsx upsert within the quota, failed-rows file) and export. */
export class AccountImportService {
  private readonly repo: ImportStore;

  constructor(
    private readonly deps: {
      enterpriseAccountRepository: ImportStore;
      /** Platform names and the member's proxy flag, read from the shared repositories (issue 26). */
      platformRepository: Pick<PlatformRepository, 'list'>;
      memberRepository: FeatureFlagStore;
      now: () => number;
      transaction: Transaction;
    },
  ) {
    this.repo = deps.enterpriseAccountRepository;
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

    const platformOf = platformLookup(await this.deps.platformRepository.list(''));
    const proxyAllowed = canSetProxy(await featureFlagsOf(this.deps.memberRepository, memberId));
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
        if (check.row.ipCode && !proxyAllowed) {
          progress.failed.push([...padCells(cells), Msg.proxyNotAllowed]);
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
    await this.deps.transaction(async ({ enterpriseAccountRepository: repo, accountGroupRepository: groups }) => {
      const limit = await repo.lockAccountLimit(memberId, now);
      let count = await repo.countAccounts(memberId);
      const groupIds = await groups.ensureGroups(
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
}

/** The five import columns of a row, padded so the reason lands in 失败原因. */
function padCells(cells: readonly string[]): string[] {
  return ACCOUNT_IMPORT_HEADERS.map((_, index) => cells[index] ?? '');
}
