import { describe, expect, it } from 'vitest';
import {
  attachmentHeader,
  bufferStream,
  cellText,
  readXlsxRows,
  spreadsheetKind,
  xlsxBuffer,
  XlsxReadError,
} from './xlsx.ts';

async function readAll(buffer: Buffer) {
  const rows = [];
  for await (const row of readXlsxRows(bufferStream(buffer))) {
    rows.push(row);
  }
  return rows;
}

describe('xlsx helpers', () => {
  it('writes a sheet that reads back row by row', async () => {
    const buffer = await xlsxBuffer({
      sheetName: '账号列表',
      columns: [{ header: '昵称' }, { header: '数量', width: 8 }],
      rows: [
        ['甲', 1],
        ['乙', null],
      ],
    });
    expect(spreadsheetKind(buffer)).toBe('zip');
    expect(await readAll(buffer)).toEqual([
      { rowNumber: 1, cells: ['昵称', '数量'] },
      { rowNumber: 2, cells: ['甲', '1'] },
      { rowNumber: 3, cells: ['乙'] },
    ]);
  });

  it('refuses a zip that is not a workbook', async () => {
    const notWorkbook = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64, 7)]);
    await expect(readAll(notWorkbook)).rejects.toBeInstanceOf(XlsxReadError);
  });

  it('knows zip and OLE magic bytes', () => {
    expect(spreadsheetKind(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]))).toBe('ole');
    expect(spreadsheetKind(Buffer.from('nickname,remarks'))).toBeNull();
    expect(spreadsheetKind(Buffer.alloc(0))).toBeNull();
  });

  it('reads rich text, formulas and links as text', () => {
    expect(cellText({ richText: [{ text: 'a' }, { text: 'b ' }] })).toBe('ab');
    expect(cellText({ formula: '1+1', result: 2 })).toBe('2');
    expect(cellText({ text: 'link', hyperlink: 'http://x' })).toBe('link');
    expect(cellText(undefined)).toBe('');
  });

  it('names Chinese downloads safely', () => {
    expect(attachmentHeader('账号.xlsx')).toBe(
      `attachment; filename="__.xlsx"; filename*=UTF-8''%E8%B4%A6%E5%8F%B7.xlsx`,
    );
  });
});
