import ExcelJS from 'exceljs';

/** The first sheet of an xlsx file as rows of strings (other cell types read as ''). */
export async function readXlsx(data: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as unknown as ArrayBuffer);
  const rows: string[][] = [];
  wb.worksheets[0]?.eachRow((row) => {
    rows.push(
      Array.from((row.values as unknown[]).slice(1), (v) =>
        typeof v === 'string' || typeof v === 'number' ? String(v) : '',
      ),
    );
  });
  return rows;
}
