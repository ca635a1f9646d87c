import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { call, DIALECTS, loginAs, startTestServer, type TestServer } from '../support/server-harness';
import { f, resourceApi, saveDefinition, upload } from '../support/resources';
import type { ImportReport, ListQuery, ResourceRecord } from '../../src/contract/resource';

const CSV = 'text/csv';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const HEADER = '名称,金额,数量,收支,已付,日期,时间,负责人,分组';

describe.each(DIALECTS)('resource export and import on %s', (dialect) => {
  let server: TestServer;
  let seller: string;
  let sellerName: string;
  const ledger = () => resourceApi(server, 'ledger');

  beforeAll(async () => {
    server = await startTestServer(dialect);
    const admin = (await loginAs(server, 'admin', 'admin123')).token;
    seller = (await loginAs(server, 'seller', 'seller123')).token;
    sellerName = '王小美';
    const saved = await saveDefinition(server, admin, {
      name: 'ledger',
      title: { zh: '台账', en: 'Ledger' },
      labelField: 'title',
      teamScoped: true,
      version: 1,
      fields: [
        f('title', 'string', '名称', 'Title', { required: true, unique: true }),
        f('amount', 'money', '金额', 'Amount'),
        f('qty', 'integer', '数量', 'Quantity', { minimum: 0 }),
        f('kind', 'enum', '收支', 'Direction', {
          options: [
            { value: 'in', label: { zh: '收入', en: 'Income' } },
            { value: 'out', label: { zh: '支出', en: 'Expense' } },
          ],
        }),
        f('paid', 'boolean', '已付', 'Paid'),
        f('day', 'date', '日期', 'Day'),
        f('at', 'datetime', '时间', 'Time'),
        f('owner', 'lookup', '负责人', 'Owner', { lookup: { resource: 'users', label: 'name' } }),
        f('grp', 'string', '分组', 'Group', { indexed: true }),
      ],
    });
    expect(saved.body.code).toBe(200);
  });
  afterAll(() => server.close());

  const importFile = (route: 'import/preview' | 'import' | 'import?mode=valid', body: string | Uint8Array<ArrayBuffer>, name = 'rows.csv', type = CSV) =>
    upload(server, `/api/resources/ledger/${route}`, seller, { name, type, bytes: body }) as Promise<{ status: number; body: { code: number; msg: string; data: ImportReport } }>;

  async function exported(resource: string, format: 'csv' | 'xlsx', query: ListQuery = {}, lang = 'zh') {
    const response = await fetch(`${server.url}/api/resources/${resource}/export?format=${format}&query=${encodeURIComponent(JSON.stringify(query))}`, {
      headers: { authorization: `Bearer ${seller}`, 'accept-language': lang },
    });
    return response;
  }

  async function allRows(resource: string, query: ListQuery = {}): Promise<ResourceRecord[]> {
    const rows: ResourceRecord[] = [];
    for (let page = 1; ; page++) {
      const { data } = (await resourceApi(server, resource).list(seller, { ...query, page, pageSize: 1000 })).body;
      rows.push(...data.rows);
      if (rows.length >= data.total) return rows;
    }
  }

  it('previews an import: headers matched, values converted, every refused cell named by row, column and reason, nothing written', async () => {
    const file = [
      `${HEADER},颜色`,
      `办公用品,12.5,3,支出,是,2026-01-05,2026-01-05 09:30,${sellerName},A,红`,
      '快递费,abc,1,支出,否,2026-01-06,,,A,蓝',
      ',8,2,收入,否,,,,B,绿',
      '退款,1.234,-1,紫色,也许,2026-02-30,明天,不存在的人,B,',
    ].join('\n');
    const { body } = await importFile('import/preview', file);
    expect(body.code).toBe(200);
    const report = body.data;
    expect(report).toMatchObject({ total: 4, written: 0, ignored: ['颜色'] });
    expect(report.columns).toEqual({ 名称: 'title', 金额: 'amount', 数量: 'qty', 收支: 'kind', 已付: 'paid', 日期: 'day', 时间: 'at', 负责人: 'owner', 分组: 'grp' });
    const me = await server.database.db.selectFrom('users').select('id').where('username', '=', 'seller').executeTakeFirstOrThrow();
    expect(report.preview[0]).toEqual({
      title: '办公用品',
      amount: 1250,
      qty: 3,
      kind: 'out',
      paid: true,
      day: '2026-01-05',
      at: Date.parse('2026-01-05T09:30:00+08:00'),
      owner: me.id,
      grp: 'A',
    });
    expect(report.errors).toEqual([
      { row: 2, column: '金额', message: '不是有效的金额（最多两位小数）' },
      { row: 3, column: '名称', message: '名称 为必填项' },
      { row: 4, column: '金额', message: '不是有效的金额（最多两位小数）' },
      { row: 4, column: '收支', message: '“紫色”不是可选值' },
      { row: 4, column: '已付', message: '应为“是”或“否”' },
      { row: 4, column: '日期', message: '不是有效的日期（YYYY-MM-DD）' },
      { row: 4, column: '时间', message: '不是有效的时间（YYYY-MM-DD HH:mm:ss）' },
      { row: 4, column: '负责人', message: '找不到“不存在的人”' },
      { row: 4, column: '数量', message: '应当为 >= 0' },
    ]);
    expect((await ledger().list(seller)).body.data.total).toBe(0);
  });

  it('imports all rows or none by default, and only the valid ones when asked', async () => {
    const file = [HEADER, '房租,5000,1,支出,是,2026-01-01,,,A', '货款,8000.5,2,收入,否,2026-01-02,,,B', '房租,1,1,支出,是,,,,C', '坏行,x,1,支出,是,,,,C'].join('\n');
    const refused = (await importFile('import', file)).body.data;
    expect(refused).toMatchObject({ total: 4, written: 0 });
    expect(refused.errors).toEqual([
      { row: 3, column: '名称', message: '与第 1 行重复' },
      { row: 4, column: '金额', message: '不是有效的金额（最多两位小数）' },
    ]);
    expect((await ledger().list(seller)).body.data.total).toBe(0);

    const partial = (await importFile('import?mode=valid', file)).body.data;
    expect(partial).toMatchObject({ total: 4, written: 2 });
    const rows = (await ledger().list(seller, { sort: [{ field: 'id', order: 'asc' }] })).body.data.rows;
    expect(rows.map((r) => [r.title, r.amount, r.kind])).toEqual([
      ['房租', 500000, 'out'],
      ['货款', 800050, 'in'],
    ]);
    const history = (await ledger().history(seller, rows[0].id)).body.data.rows;
    expect(history.map((h) => [h.action, h.user_name])).toEqual([['import', sellerName]]);

    // Rows already stored count as duplicates too, row by row, in one transaction.
    const again = (await importFile('import', [HEADER, '房租,1,1,支出,是,,,,A', '水电,300,1,支出,否,,,,A'].join('\n'))).body.data;
    expect(again).toMatchObject({ written: 0, errors: [{ row: 1, column: '名称', message: '名称「房租」已存在' }] });
    expect((await ledger().list(seller)).body.data.total).toBe(2);
  });

  it('imports an XLSX file, with Excel dates and numbers', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('台账');
    sheet.addRow(['Title', 'Amount', 'Direction', 'Day', 'Time', 'Paid']);
    sheet.addRow(['Excel 行', 99.9, 'Income', new Date(Date.UTC(2026, 2, 8)), new Date(Date.UTC(2026, 2, 8, 14, 5, 0)), true]);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const report = (await importFile('import', bytes, 'rows.xlsx', XLSX)).body.data;
    expect(report).toMatchObject({ total: 1, written: 1, errors: [] });
    const row = (await ledger().list(seller, { filters: [{ field: 'title', op: 'eq', value: 'Excel 行' }] })).body.data.rows[0];
    expect(row).toMatchObject({ amount: 9990, kind: 'in', day: '2026-03-08', at: Date.parse('2026-03-08T14:05:00+08:00'), paid: true });
  });

  it('reads a CSV that Excel saved in GBK (GB18030) as well as one in UTF-8', async () => {
    // '名称,金额,收支' / 'GBK 导出,12.5,收入' as a Chinese Windows Excel writes it.
    const gbk = Uint8Array.from(Buffer.from('c3fbb3c62cbdf0b6ee2ccad5d6a70d0a47424b20b5bcb3f62c31322e352ccad5c8eb0d0a', 'hex'));
    expect((await importFile('import', gbk)).body.data).toMatchObject({ total: 1, written: 1, errors: [] });
    const row = (await ledger().list(seller, { filters: [{ field: 'title', op: 'eq', value: 'GBK 导出' }] })).body.data.rows[0];
    expect(row).toMatchObject({ amount: 1250, kind: 'in' });
  });

  it('refuses a file that is neither CSV nor XLSX, or none at all', async () => {
    expect((await importFile('import', 'GIF89a', 'x.gif', 'image/gif')).body).toEqual({ code: 400, msg: '只能导入 CSV 或 XLSX 文件', data: null });
    const none = await call(server, '/api/resources/ledger/import', { token: seller, body: {} });
    expect(none.body).toEqual({ code: 400, msg: '请选择要导入的 CSV 或 Excel 文件', data: null });
    const staff = (await loginAs(server, 'staff', 'staff123')).token;
    expect((await upload(server, '/api/resources/goods/import', staff, { name: 'a.csv', type: CSV, bytes: 'x' })).status).toBe(403);
  });

  it('exports CSV with titled columns, yuan, labels and China time, row for row as the list', async () => {
    const query: ListQuery = { filters: [{ field: 'status', op: 'eq', value: 'on_sale' }], sort: [{ field: 'price_fen', order: 'desc' }] };
    const response = await exported('goods', 'csv', query);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="goods\.csv"; filename\*=UTF-8''%E5%95%86%E5%93%81-\d{8}-\d{6}\.csv$/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    // The byte-order mark that makes Excel read UTF-8.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    const [header, ...lines] = parse(text, { bom: true }) as string[][];
    expect(header).toEqual(['商品编码', '商品名称', '类目', '品牌', '规格', '单位', '售价', '成本价', '库存', '状态', '商品图片', '备注']);
    const rows = await allRows('goods', query);
    expect(lines).toHaveLength(rows.length);
    expect(lines.map((l) => l[0])).toEqual(rows.map((r) => r.sku));
    expect(lines[0][6]).toBe((Number(rows[0].price_fen) / 100).toFixed(2));
    expect(new Set(lines.map((l) => l[9]))).toEqual(new Set(['在售']));

    const english = parse(await (await exported('goods', 'csv', query, 'en')).text(), { bom: true }) as string[][];
    expect(english[0].slice(0, 2)).toEqual(['SKU', 'Name']);
    expect(english[1][9]).toBe('On sale');
  });

  it('exports XLSX that Excel reads back: numbers as numbers, money as yuan', async () => {
    const response = await exported('store_orders', 'xlsx', { filters: [{ field: 'platform', op: 'eq', value: 'douyin' }] });
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0];
    expect(sheet.name).toBe('店铺订单');
    const rows = await allRows('store_orders', { filters: [{ field: 'platform', op: 'eq', value: 'douyin' }] });
    expect(sheet.rowCount).toBe(rows.length + 1);
    expect(sheet.getRow(1).getCell(1).value).toBe('平台');
    const first = sheet.getRow(2);
    expect(first.getCell(1).value).toBe('抖音');
    expect(first.getCell(2).value).toBe(rows[0].order_no);
    expect(first.getCell(8).value).toBe(Number(rows[0].amount_fen) / 100);
    expect(first.getCell(8).numFmt).toBe('0.00');
    expect(first.getCell(13).value).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(['是', '否']).toContain(first.getCell(15).value);
  });

  it('exports thousands of rows in keyset batches, in the list’s order, and imports its own export back', async () => {
    const lines = [HEADER];
    for (let i = 0; i < 2500; i++) lines.push(`批量${String(i).padStart(4, '0')},${i % 7}.5,${i},${i % 2 ? '收入' : '支出'},否,,,,${i % 5 === 0 ? '' : `G${i % 3}`}`);
    const imported = (await importFile('import', lines.join('\n'))).body;
    expect(imported.data, imported.msg).toMatchObject({ written: 2500, errors: [] });

    const query: ListQuery = { sort: [{ field: 'grp', order: 'asc' }, { field: 'amount', order: 'desc' }], keyword: '批量' };
    const rows = await allRows('ledger', query);
    expect(rows).toHaveLength(2500);
    const csv = parse(await (await exported('ledger', 'csv', query)).text(), { bom: true }) as string[][];
    expect(csv.slice(1).map((l) => l[0])).toEqual(rows.map((r) => r.title));

    const xlsx = new ExcelJS.Workbook();
    await xlsx.xlsx.load(await (await exported('ledger', 'xlsx', query)).arrayBuffer());
    expect(xlsx.worksheets[0].rowCount).toBe(2501);

    // The export is an import file: read back, every value converts to what is stored.
    const preview = (await importFile('import/preview', await (await exported('ledger', 'csv', { sort: [{ field: 'id', order: 'asc' }] })).text())).body.data;
    const stored = await allRows('ledger', { sort: [{ field: 'id', order: 'asc' }] });
    expect(preview.total).toBe(stored.length);
    expect(preview.ignored).toEqual([]);
    expect(preview.preview).toEqual(stored.slice(0, 20).map((r) => Object.fromEntries(['title', 'amount', 'qty', 'kind', 'paid', 'day', 'at', 'owner', 'grp'].map((k) => [k, r[k]]))));
    expect(preview.errors.every((e) => e.column === '名称' && e.message.endsWith('已存在'))).toBe(true);
  });

  it('refuses a bad export query before sending any file', async () => {
    const unknown = await exported('ledger', 'csv', { filters: [{ field: 'nope', op: 'eq', value: 1 }] });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ code: 400, msg: '字段 nope 不存在', data: null });
    const broken = await fetch(`${server.url}/api/resources/ledger/export?format=csv&query=%7Bnot-json`, { headers: { authorization: `Bearer ${seller}` } });
    expect(await broken.json()).toEqual({ code: 400, msg: '导出条件不是合法的 JSON', data: null });
    const shape = await fetch(`${server.url}/api/resources/ledger/export?format=csv&query=${encodeURIComponent('{"pageSize":-1}')}`, { headers: { authorization: `Bearer ${seller}` } });
    expect(shape.status).toBe(400);
    expect(((await shape.json()) as { msg: string }).msg).toContain('query.pageSize');
    expect((await fetch(`${server.url}/api/resources/ledger/export?format=pdf`, { headers: { authorization: `Bearer ${seller}` } })).status).toBe(400);
    const staff = (await loginAs(server, 'staff', 'staff123')).token;
    expect((await fetch(`${server.url}/api/resources/goods/export?format=csv`, { headers: { authorization: `Bearer ${staff}` } })).status).toBe(403);
  });
});
