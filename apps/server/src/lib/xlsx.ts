// Streaming xlsx helpers shared by the import and export routes (accounts, materials): ExcelJS's
// streaming reader and writer keep memory flat however many rows a sheet has.
import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

/** Content type of an xlsx file. */
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A cell as the writer takes it. */
export type XlsxCell = string | number | null;

/** One column of a written sheet. */
export interface XlsxColumn {
  header: string;
  /** Width in characters (default 16). */
  width?: number;
}

export interface XlsxWriteOptions {
  sheetName: string;
  columns: readonly XlsxColumn[];
  rows: AsyncIterable<readonly XlsxCell[]> | Iterable<readonly XlsxCell[]>;
}

/** Rows written between turns of the event loop and checks for the consumer's back-pressure. */
const DRAIN_EVERY_ROWS = 200;

/**
 * An xlsx file of one sheet (bold header row, then `rows`) as a readable stream; rows are pulled
 * only as fast as the stream is read, and an error in `rows` destroys the stream.
 */
export function xlsxStream(options: XlsxWriteOptions): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const write = async () => {
    const sheet = workbook.addWorksheet(options.sheetName);
    sheet.columns = options.columns.map((column, index) => ({ key: `c${index}`, width: column.width ?? 16 }));
    const header = sheet.addRow(options.columns.map((column) => column.header));
    header.font = { bold: true };
    header.commit();
    let count = 0;
    for await (const row of options.rows) {
      sheet.addRow([...row]).commit();
      count += 1;
      if (count % DRAIN_EVERY_ROWS === 0) {
        // Rows from a synchronous driver (SQLite) resolve in microtasks only; without a turn of the
        // event loop the zip never deflates and the whole file would pile up before the first byte.
        await nextTurn();
        if (out.writableNeedDrain) {
          await once(out, 'drain');
        }
      }
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}

/** An xlsx file of one sheet in memory (templates and other small files). */
export async function xlsxBuffer(options: XlsxWriteOptions): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of xlsxStream(options)) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** `Content-Disposition` for a download, with the UTF-8 name for Chinese file names (RFC 6266). */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Sends an xlsx stream as a download. */
export function sendXlsx(reply: FastifyReply, fileName: string, stream: Readable): FastifyReply {
  return reply
    .header('content-type', XLSX_MIME)
    .header('content-disposition', attachmentHeader(fileName))
    .header('cache-control', 'no-store')
    .send(stream);
}

/** What the first bytes say a spreadsheet file is: an xlsx zip, a legacy OLE (.xls) file, or neither. */
export function spreadsheetKind(head: Uint8Array): 'zip' | 'ole' | null {
  const starts = (magic: readonly number[]) => magic.every((byte, index) => head[index] === byte);
  if (starts([0x50, 0x4b, 0x03, 0x04])) {
    return 'zip';
  }
  if (starts([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    return 'ole';
  }
  return null;
}

/** The text of a cell value as ExcelJS reads it (rich text, links, formulas, dates), trimmed. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) {
    return '';
  }
  if (typeof value === 'string') {
    return value.trim();
  }
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return String(value);
  }
  if (value instanceof Date) {
    return value.toISOString();
  }
  if (typeof value === 'object') {
    if ('richText' in value && Array.isArray(value.richText)) {
      return (value.richText as { text?: unknown }[])
        .map((part) => (typeof part.text === 'string' ? part.text : ''))
        .join('')
        .trim();
    }
    if ('result' in value) {
      return cellText(value.result);
    }
    if ('text' in value) {
      return cellText(value.text);
    }
    if ('error' in value) {
      return '';
    }
  }
  return '';
}

/** One row of a read sheet: its 1-based number and its cells as text (column A at index 0). */
export interface XlsxRow {
  rowNumber: number;
  cells: string[];
}

/** Thrown when an xlsx file cannot be read (corrupt zip, not a workbook). */
export class XlsxReadError extends Error {
  override readonly name = 'XlsxReadError';
}

/**
 * Reads the first worksheet of an xlsx file row by row (streaming; empty rows are skipped by
 * ExcelJS). Reading stops after the first sheet; a file ExcelJS cannot parse throws XlsxReadError.
 */
export async function* readXlsxRows(input: Readable): AsyncGenerator<XlsxRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  // ExcelJS reads `model.sheets` when a worksheet entry arrives, but sets `model` only once
  // workbook.xml is parsed, which can finish later: the read then fails now and then on a good file.
  // An empty model lets it go on (sheet names are not needed here); workbook.xml replaces it.
  const internals = reader as unknown as { model?: { sheets: unknown[] } };
  internals.model ??= { sheets: [] };
  // A broken zip surfaces as a stream error; without a listener it would crash the process.
  input.on('error', () => undefined);
  try {
    for await (const worksheet of reader) {
      for await (const row of worksheet) {
        const values = Array.isArray(row.values) ? (row.values as unknown[]) : [];
        // ExcelJS row values are 1-based: index 0 is always empty.
        yield { rowNumber: row.number, cells: values.slice(1).map((value) => cellText(value)) };
      }
      return;
    }
  } catch (error) {
    throw error instanceof XlsxReadError ? error : new XlsxReadError('unreadable xlsx', { cause: error });
  } finally {
    input.destroy();
  }
}

/** A readable stream over an in-memory file. */
export function bufferStream(buffer: Buffer): Readable {
  return Readable.from([buffer]);
}
