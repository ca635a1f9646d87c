import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { writeXlsx, type SheetCell } from '../../server/resources/xlsx-writer';

async function written(sheetName: string, rows: SheetCell[][]): Promise<ExcelJS.Worksheet> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  async function* batches() {
    yield rows;
  }
  await writeXlsx(output, sheetName, [{ header: '名称', width: 12, money: false }, { header: '金额', width: 10, money: true }], batches());
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(new Uint8Array(Buffer.concat(chunks)).buffer);
  return workbook.worksheets[0];
}

describe('the streamed XLSX writer', () => {
  it('writes values Excel reads back as they were: markup characters, emoji, empty cells, money with two decimals', async () => {
    const sheet = await written('订单', [
      ['<b>"A&B"</b> 😀', 12.5],
      [null, 0],
      ['换行\n与\t制表', null],
    ]);
    expect(sheet.name).toBe('订单');
    expect(sheet.getRow(1).values).toEqual([undefined, '名称', '金额']);
    expect(sheet.getCell('A2').value).toBe('<b>"A&B"</b> 😀');
    expect(sheet.getCell('B2').value).toBe(12.5);
    expect(sheet.getCell('B2').numFmt).toBe('0.00');
    expect(sheet.getCell('A3').value).toBeNull();
    expect(sheet.getCell('B3').value).toBe(0);
    expect(sheet.getCell('A4').value).toBe('换行\n与\t制表');
    expect(sheet.rowCount).toBe(4);
  });

  it('drops characters XML cannot hold and names the sheet as Excel allows', async () => {
    const sheet = await written('账单/2026:第[一]季度*汇总?以及一个超过三十一个字符的很长很长的名字', [['a\u0000b\u001fc', 1]]);
    expect(sheet.getCell('A2').value).toBe('abc');
    expect(sheet.name).toBe('账单 2026 第 一 季度 汇总 以及一个超过三十一个字符的');
  });

  it('keeps every row of a sheet larger than its pieces, in order', async () => {
    const rows = Array.from({ length: 5000 }, (_, i): SheetCell[] => [`第${i}行`, i / 100]);
    const sheet = await written('多行', rows);
    expect(sheet.rowCount).toBe(5001);
    expect(sheet.getCell('A5001').value).toBe('第4999行');
    expect(sheet.getCell('B5001').value).toBe(49.99);
  });
});
