import { Readable, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { decodeText, formatOf, readRows, streamRows } from '../../server/reconciliation/read-table';
import { findHeader, normalizeHeader } from '../../server/reconciliation/headers';
import { cleanId, fenOf, splitExpress } from '../../server/reconciliation/lines';
import { FILE_KIND_INFO } from '../../server/reconciliation/file-kinds';
import { trackingNumbersOf } from '../../server/reconciliation/tracking';
import { zipWriter } from '../../server/resources/zip-writer';
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

  it('reads an XLSX again from its start when the sheet reader fails before its first row, and fails a file that fails twice', async () => {
    const good = Buffer.from(await xlsxFile(['订单号', '实付款'], [{ 订单号: '2400000000000001', 实付款: 80 }]));
    // What exceljs's reader meets when it reaches the sheet without the workbook part taken in.
    const broken = await zipOf({
      'xl/_rels/workbook.xml.rels': '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>',
      'xl/workbook.xml': '',
      'xl/worksheets/sheet1.xml': '<worksheet><sheetData/></worksheet>',
    });
    // The first open is the format's sniff; the sheet reader is given the rest in turn.
    const rows = async (...files: Buffer[]) => {
      const queue = [good, ...files];
      const read: string[][] = [];
      for await (const row of streamRows(() => Readable.from([queue.shift()!]))) read.push(row);
      return read;
    };
    expect(await rows(broken, good)).toEqual([
      ['订单号', '实付款'],
      ['2400000000000001', '80'],
    ]);
    await expect(rows(broken, broken)).rejects.toThrow();
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
