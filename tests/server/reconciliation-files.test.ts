import fs from 'node:fs';
import os from 'node:os';
import { Readable, Writable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { decodeText, formatOf, readRows, streamRows } from '../../server/reconciliation/read-table';
import { findHeader, normalizeHeader } from '../../server/reconciliation/headers';
import { cleanId, fenOf, splitExpress } from '../../server/reconciliation/lines';
import { FILE_KIND_INFO } from '../../server/reconciliation/file-kinds';
import { trackingNumbersOf } from '../../server/reconciliation/tracking';
import { zipWriter } from '../../server/resources/zip-writer';
import { loadExcelJS } from '../../server/resources/excel';
import { gb18030, utf8Bom, xlsxFile } from '../support/reconciliation-files';

async function zipOf(entries: Record<string, string>): Promise<Buffer> {
  const parts: Buffer[] = [];
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      parts.push(chunk);
      done();
    },
  });
  const zip = zipWriter(output);
  for (const [name, text] of Object.entries(entries)) {
    await zip.entry(name);
    await zip.write(text);
  }
  await zip.finish();
  return Buffer.concat(parts);
}

const RELS = '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>';
const WORKBOOK =
  '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>';
const ORDER_CELL = '<row r="1"><c r="A1" t="inlineStr"><is><t>订单号</t></is></c></row>';
const sheetXml = (rows: string) => `<worksheet><sheetData>${rows}</sheetData></worksheet>`;

/** The rows streamRows reads from the bytes, up to `rows` of them. */
async function readAll(bytes: Buffer, rows = Infinity): Promise<string[][]> {
  const read: string[][] = [];
  for await (const row of streamRows(() => Readable.from([bytes]))) if (read.push(row) >= rows) break;
  return read;
}

describe('reading platform files as they come', () => {
  it('tells UTF-8, UTF-8 with a BOM and GB18030 apart', () => {
    expect(decodeText(utf8Bom('订单号,金额'))).toBe('订单号,金额');
    expect(decodeText(new TextEncoder().encode('订单号,金额'))).toBe('订单号,金额');
    expect(decodeText(gb18030('订单号,金额'))).toBe('订单号,金额');
  });

  it('reads an ".xls" that is an HTML table, and one that is an XLSX', async () => {
    const html = '<html><body><table><tr><th>订单号</th><th>实付款</th></tr><tr><td>2400000000000001</td><td>80.00&nbsp;</td></tr></table></body></html>';
    expect(formatOf(new TextEncoder().encode(html))).toBe('html');
    expect(await readRows(new TextEncoder().encode(html))).toEqual([
      ['订单号', '实付款'],
      ['2400000000000001', '80.00'],
    ]);
    const xlsx = await xlsxFile(['订单号', '实付款'], [{ 订单号: '2400000000000001', 实付款: 80 }]);
    expect(formatOf(xlsx)).toBe('xlsx');
    expect(await readRows(xlsx)).toEqual([
      ['订单号', '实付款'],
      ['2400000000000001', '80'],
    ]);
  });

  it('reads a small XLSX whole every time, though its zip reader reads the last parts ahead, and fails one without its workbook part', async () => {
    // The sheet before the shared strings and the workbook part, as exceljs lays a workbook out; small enough for the zip reader to read all ahead.
    const small = await zipOf({ 'xl/_rels/workbook.xml.rels': RELS, 'xl/worksheets/sheet1.xml': sheetXml(ORDER_CELL), 'xl/sharedStrings.xml': '<sst/>', 'xl/workbook.xml': WORKBOOK });
    const outcomes = new Map<string, number>();
    for (let i = 0; i < 200; i++) {
      const outcome = await readAll(small).then(JSON.stringify, String);
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    }
    expect(Object.fromEntries(outcomes)).toEqual({ '[["订单号"]]': 200 });
    const withoutWorkbook = await zipOf({ 'xl/_rels/workbook.xml.rels': RELS, 'xl/worksheets/sheet1.xml': sheetXml(ORDER_CELL), 'xl/workbook.xml': '' });
    await expect(readAll(withoutWorkbook)).rejects.toThrow();
  });

  it('closes and removes the temp file exceljs parks a sheet in, whether the sheet is read to its end, left after a row or fails', async () => {
    const ExcelJS = await loadExcelJS();
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('订单').addRows([['订单号', '实付款'], ['2400000000000001', 80]]);
    workbook.addWorksheet('说明').addRows([['导出时间'], ['2026-11-28']]);
    // exceljs lays a workbook out with its sheets before the shared strings: its reader parks them in temp files.
    const twoSheets = Buffer.from(await workbook.xlsx.writeBuffer());
    const failsMidSheet = await zipOf({ 'xl/_rels/workbook.xml.rels': RELS, 'xl/worksheets/sheet1.xml': `<worksheet><sheetData>${ORDER_CELL}</wrong>`, 'xl/sharedStrings.xml': '<sst/>', 'xl/workbook.xml': WORKBOOK });
    // Shared strings first: the sheet is read straight from the zip.
    const streamed = await zipOf({ 'xl/_rels/workbook.xml.rels': RELS, 'xl/sharedStrings.xml': '<sst/>', 'xl/workbook.xml': WORKBOOK, 'xl/worksheets/sheet1.xml': sheetXml(ORDER_CELL) });

    const openFiles = () => fs.readdirSync('/proc/self/fd').length;
    const parkedFiles = () => fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith(`tmp-${process.pid}-`)).length;
    const before = openFiles();
    const parkedBefore = parkedFiles();
    for (let i = 0; i < 20; i++) {
      expect(await readAll(twoSheets)).toEqual([
        ['订单号', '实付款'],
        ['2400000000000001', '80'],
      ]);
      expect(await readAll(twoSheets, 1)).toEqual([['订单号', '实付款']]);
      await expect(readAll(failsMidSheet)).rejects.toThrow();
      expect(await readAll(streamed)).toEqual([['订单号']]);
    }
    // exceljs removes a temp file without waiting for it.
    await vi.waitFor(() => {
      expect(parkedFiles()).toBe(parkedBefore);
      expect(openFiles()).toBeLessThanOrEqual(before);
    });
  });

  it('finds the header under title rows, folding 帐/账 and full-width brackets, ignoring extra and reordered columns', () => {
    expect(normalizeHeader('实际结算金额（元）')).toBe('实际结算金额(元)');
    expect(normalizeHeader('动帐流水号')).toBe('动账流水号');
    const rows = [['快手小店货款账单'], ['2026-11'], ['备注', '实际结算金额（元）', '订单号', '新列'], ['x', '72.00', '2400000000000001', 'y']];
    const header = findHeader(rows, FILE_KIND_INFO.kuaishou_bills.columns, FILE_KIND_INFO.kuaishou_bills.required);
    expect(header).toEqual({ row: 2, columns: { order_no: [2], amount: [1] } });
  });

  it("cleans ids and amounts, and splits Douyin's 快递信息 into carrier and tracking numbers", () => {
    expect(cleanId('\t6900000000000001')).toBe('6900000000000001');
    expect(cleanId("'6900000000000001")).toBe('6900000000000001');
    expect(cleanId('="6900000000000001"')).toBe('6900000000000001');
    expect([fenOf('¥1,234.50'), fenOf('-3.2'), fenOf('12元'), fenOf(''), fenOf('abc')]).toEqual([123_450, -320, 1200, 0, null]);
    expect(splitExpress('中通快递 7530001；7530002，中通快递:7530003')).toEqual({ company: '中通快递', numbers: ['7530001', '7530002', '7530003'] });
    expect(splitExpress('圆通速递,YT0000000002')).toEqual({ company: '圆通速递', numbers: ['YT0000000002'] });
  });

  it('splits 快递信息 on import and a stored 快递单号 on the same separators (the stored one on blanks too)', () => {
    // Letters stand for tracking numbers: splitExpress takes only number-like parts as numbers.
    const text = 'A;B,C，D；E'.replace(/[A-E]/g, (letter) => `YT000000${letter}`);
    const numbers = ['A', 'B', 'C', 'D', 'E'].map((letter) => `YT000000${letter}`);
    expect(splitExpress(text).numbers).toEqual(numbers);
    expect(trackingNumbersOf(text)).toEqual(numbers);
    expect(trackingNumbersOf('A;B,C，D；E')).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(trackingNumbersOf(' A  B\tC ')).toEqual(['A', 'B', 'C']);
  });
});
