import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, loginAs, startTestServer, type TestServer } from '../support/server-harness';
import { f, resourceApi, saveDefinition } from '../support/resources';
import type { ListQuery, ResourceRecord } from '../../src/contract/resource';

/** 'YYYY-MM-DD HH:mm:ss' in China time as epoch milliseconds. */
const cst = (text: string) => Date.parse(`${text.replace(' ', 'T')}+08:00`);

interface Probe {
  title: string;
  memo: string | null;
  amount: number | null;
  qty: number;
  score: number;
  active: boolean;
  day: string | null;
  at: number;
  level: 'low' | 'mid' | 'high' | null;
}

const ROWS: Probe[] = [
  { title: '蓝牙耳机 A1', memo: '热卖', amount: 100, qty: 1, score: 1.5, active: true, day: '2026-01-01', at: cst('2026-01-01 08:00:00'), level: 'low' },
  { title: '蓝牙耳机 B2', memo: null, amount: 250, qty: 2, score: 2.25, active: false, day: '2026-01-02', at: cst('2026-01-02 12:00:00'), level: 'mid' },
  { title: '充电宝 abc', memo: 'ABC 大写', amount: 300, qty: 3, score: 3, active: true, day: '2026-01-03', at: cst('2026-01-03 23:59:59'), level: 'high' },
  { title: '充电宝 ABC', memo: '折扣 50%', amount: null, qty: 4, score: 4.75, active: true, day: '2026-01-04', at: cst('2026-01-04 00:00:00'), level: 'mid' },
  { title: '保温杯_1', memo: null, amount: 80, qty: 5, score: 0.5, active: false, day: null, at: cst('2026-01-05 09:30:00'), level: null },
  { title: '保温杯 100%', memo: '百分百', amount: 999, qty: 6, score: 9.99, active: true, day: '2026-01-06', at: cst('2026-01-06 10:00:00'), level: 'low' },
  { title: '枕头', memo: '记忆棉', amount: 250, qty: 7, score: 2.25, active: true, day: '2026-01-07', at: cst('2026-01-07 11:00:00'), level: 'high' },
  { title: '四件套', memo: null, amount: 0, qty: 8, score: -1, active: false, day: '2026-01-08', at: cst('2026-01-08 12:00:00'), level: 'mid' },
  { title: '空气炸锅', memo: '厨房', amount: 500, qty: 9, score: 5, active: true, day: '2026-01-09', at: cst('2026-01-09 13:00:00'), level: null },
  { title: '牙刷', memo: '个护', amount: 120, qty: 10, score: 1.2, active: false, day: '2026-01-10', at: cst('2026-01-10 14:00:00'), level: 'low' },
  { title: '洗面奶', memo: '美妆', amount: 60, qty: 11, score: 6, active: true, day: '2026-01-11', at: cst('2026-01-11 15:00:00'), level: 'high' },
  { title: '坚果', memo: '零食', amount: 130, qty: 12, score: 7, active: true, day: '2026-01-12', at: cst('2026-01-12 16:00:00'), level: 'mid' },
];

describe.each(DIALECTS)('resource list queries on %s', (dialect) => {
  let server: TestServer;
  let seller: string;
  let ids: number[];
  const probe = () => resourceApi(server, 'probe');

  beforeAll(async () => {
    server = await startTestServer(dialect);
    const admin = (await loginAs(server, 'admin', 'admin123')).token;
    seller = (await loginAs(server, 'seller', 'seller123')).token;
    const saved = await saveDefinition(server, admin, {
      name: 'probe',
      title: { zh: '筛选样本', en: 'Probe' },
      labelField: 'title',
      teamScoped: true,
      version: 1,
      indexes: [['level', 'amount']],
      fields: [
        f('title', 'string', '标题', 'Title', { required: true, searchable: true }),
        f('memo', 'text', '备注', 'Memo', { searchable: true }),
        f('amount', 'money', '金额', 'Amount', { indexed: true }),
        f('qty', 'integer', '数量', 'Quantity'),
        f('score', 'number', '评分', 'Score'),
        f('active', 'boolean', '启用', 'Active'),
        f('day', 'date', '日期', 'Day'),
        f('at', 'datetime', '时间', 'Time', { indexed: true }),
        f('level', 'enum', '级别', 'Level', {
          options: ['low', 'mid', 'high'].map((value) => ({ value, label: { zh: value, en: value } })),
        }),
        f('parts', 'rows', '配件', 'Parts', { columns: [f('sku', 'string', '编码', 'SKU')] }),
      ],
    });
    expect(saved.body.code).toBe(200);
    ids = [];
    for (const row of ROWS) {
      const created = await probe().create(seller, { ...row });
      expect(created.body.code, created.body.msg).toBe(200);
      ids.push(created.body.data.id);
    }
    // Another team's rows never show up in the seller's answers.
    const sunli = (await loginAs(server, 'sunli', 'demo123456')).token;
    await probe().create(sunli, { title: '蓝牙耳机 其他团队', qty: 1, score: 1, active: true, at: cst('2026-01-01 08:00:00'), level: 'low' });
  });
  afterAll(() => server.close());

  /** The titles a query answers, and the titles the rows matching `keep` would give in id order. */
  async function titles(query: ListQuery): Promise<string[]> {
    const answer = await probe().list(seller, { pageSize: 100, sort: [{ field: 'id', order: 'asc' }], ...query });
    expect(answer.body.code, answer.body.msg).toBe(200);
    return answer.body.data.rows.map((r) => String(r.title));
  }
  const where = (keep: (row: Probe) => boolean) => ROWS.filter(keep).map((r) => r.title);

  it('filters by equality and inequality, empty values included where they belong', async () => {
    expect(await titles({ filters: [{ field: 'level', op: 'eq', value: 'mid' }] })).toEqual(where((r) => r.level === 'mid'));
    expect(await titles({ filters: [{ field: 'level', op: 'ne', value: 'mid' }] })).toEqual(where((r) => r.level !== 'mid'));
    expect(await titles({ filters: [{ field: 'level', op: 'eq', value: null }] })).toEqual(where((r) => r.level === null));
    expect(await titles({ filters: [{ field: 'active', op: 'eq', value: false }] })).toEqual(where((r) => !r.active));
    expect(await titles({ filters: [{ field: 'day', op: 'eq', value: '2026-01-03' }] })).toEqual(['充电宝 abc']);
    expect(await titles({ filters: [{ field: 'score', op: 'eq', value: 2.25 }] })).toEqual(where((r) => r.score === 2.25));
    expect(await titles({ filters: [{ field: 'id', op: 'eq', value: ids[4] }] })).toEqual([ROWS[4].title]);
  });

  it('filters by a list of values, with or without the empty one', async () => {
    expect(await titles({ filters: [{ field: 'level', op: 'in', value: ['low', 'high'] }] })).toEqual(where((r) => r.level === 'low' || r.level === 'high'));
    expect(await titles({ filters: [{ field: 'level', op: 'in', value: ['high', null] }] })).toEqual(where((r) => r.level === 'high' || r.level === null));
    expect(await titles({ filters: [{ field: 'qty', op: 'in', value: [] }] })).toEqual([]);
  });

  it('filters by inclusive ranges, either end open', async () => {
    expect(await titles({ filters: [{ field: 'amount', op: 'range', value: [100, 300] }] })).toEqual(
      where((r) => r.amount !== null && r.amount >= 100 && r.amount <= 300),
    );
    expect(await titles({ filters: [{ field: 'amount', op: 'range', value: [null, 100] }] })).toEqual(where((r) => r.amount !== null && r.amount <= 100));
    expect(await titles({ filters: [{ field: 'score', op: 'range', value: [2.25, null] }] })).toEqual(where((r) => r.score >= 2.25));
    expect(await titles({ filters: [{ field: 'day', op: 'range', value: ['2026-01-02', '2026-01-04'] }] })).toEqual(
      where((r) => r.day !== null && r.day >= '2026-01-02' && r.day <= '2026-01-04'),
    );
  });

  it('filters by whole days in China time', async () => {
    expect(await titles({ filters: [{ field: 'at', op: 'dateRange', value: ['2026-01-03', '2026-01-03'] }] })).toEqual(['充电宝 abc']);
    expect(await titles({ filters: [{ field: 'at', op: 'dateRange', value: ['2026-01-04', '2026-01-05'] }] })).toEqual(['充电宝 ABC', '保温杯_1']);
    expect(await titles({ filters: [{ field: 'day', op: 'dateRange', value: [null, '2026-01-02'] }] })).toEqual(['蓝牙耳机 A1', '蓝牙耳机 B2']);
    expect(await titles({ filters: [{ field: 'at', op: 'dateRange', value: [cst('2026-01-11 15:00:00'), null] }] })).toEqual(['洗面奶', '坚果']);
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    expect((await titles({ filters: [{ field: 'created_at', op: 'dateRange', value: [today, today] }] })).length).toBe(ROWS.length);
  });

  it('finds text containing a value, ignoring case and taking % and _ literally', async () => {
    expect(await titles({ filters: [{ field: 'title', op: 'contains', value: 'abc' }] })).toEqual(['充电宝 abc', '充电宝 ABC']);
    expect(await titles({ filters: [{ field: 'title', op: 'contains', value: '100%' }] })).toEqual(['保温杯 100%']);
    expect(await titles({ filters: [{ field: 'title', op: 'contains', value: '_' }] })).toEqual(['保温杯_1']);
    expect(await titles({ filters: [{ field: 'memo', op: 'contains', value: '%' }] })).toEqual(['充电宝 ABC']);
  });

  it('filters empty and non-empty values', async () => {
    expect(await titles({ filters: [{ field: 'memo', op: 'isNull', value: true }] })).toEqual(where((r) => r.memo === null));
    expect(await titles({ filters: [{ field: 'amount', op: 'isNull', value: false }] })).toEqual(where((r) => r.amount !== null));
  });

  it('combines filters and searches the searchable fields by keyword', async () => {
    expect(await titles({ keyword: '蓝牙' })).toEqual(['蓝牙耳机 A1', '蓝牙耳机 B2']);
    expect(await titles({ keyword: 'abc' })).toEqual(['充电宝 abc', '充电宝 ABC']);
    expect(await titles({ keyword: '零食' })).toEqual(['坚果']);
    expect(
      await titles({
        keyword: '充电宝',
        filters: [
          { field: 'active', op: 'eq', value: true },
          { field: 'level', op: 'eq', value: 'high' },
        ],
      }),
    ).toEqual(['充电宝 abc']);
  });

  it('sorts by several fields, empty values first ascending and last descending, ties in id order', async () => {
    const indexed = ROWS.map((r, i) => ({ ...r, i }));
    type Row = (typeof indexed)[number];
    const amount = (r: Row) => r.amount ?? Number.NEGATIVE_INFINITY;
    const level = (a: Row, b: Row) => (a.level === b.level ? 0 : a.level === null ? -1 : b.level === null ? 1 : a.level < b.level ? -1 : 1);
    const sorted = (compare: (a: Row, b: Row) => number) => [...indexed].sort(compare).map((r) => r.title);
    expect(await titles({ sort: [{ field: 'amount', order: 'desc' }] })).toEqual(sorted((a, b) => amount(b) - amount(a) || b.i - a.i));
    expect(await titles({ sort: [{ field: 'amount', order: 'asc' }] })).toEqual(sorted((a, b) => amount(a) - amount(b) || a.i - b.i));
    expect(await titles({ sort: [{ field: 'level', order: 'asc' }, { field: 'amount', order: 'desc' }] })).toEqual(
      sorted((a, b) => level(a, b) || amount(b) - amount(a) || a.i - b.i),
    );
    expect(await titles({ sort: [{ field: 'active', order: 'desc' }, { field: 'score', order: 'asc' }] })).toEqual(
      sorted((a, b) => Number(b.active) - Number(a.active) || a.score - b.score || b.i - a.i),
    );
  });

  it('pages on the server with the total of every matching row', async () => {
    const seen: ResourceRecord[] = [];
    for (const page of [1, 2, 3]) {
      const { data } = (await probe().list(seller, { page, pageSize: 5, sort: [{ field: 'qty', order: 'asc' }] })).body;
      expect(data).toMatchObject({ total: ROWS.length, page, pageSize: 5 });
      expect(data.rows).toHaveLength(page < 3 ? 5 : 2);
      seen.push(...data.rows);
    }
    expect(seen.map((r) => r.qty)).toEqual(ROWS.map((r) => r.qty));
    const beyond = (await probe().list(seller, { page: 9, pageSize: 5 })).body.data;
    expect(beyond).toMatchObject({ rows: [], total: ROWS.length });
    const filtered = (await probe().list(seller, { page: 2, pageSize: 2, filters: [{ field: 'level', op: 'eq', value: 'mid' }] })).body.data;
    expect(filtered.total).toBe(ROWS.filter((r) => r.level === 'mid').length);
    expect(filtered.rows).toHaveLength(2);
  });

  it('keeps a total only until the next write', async () => {
    const query: ListQuery = { page: 2, pageSize: 5, filters: [{ field: 'level', op: 'eq', value: 'high' }] };
    const before = (await probe().list(seller, query)).body.data.total;
    const added = (await probe().create(seller, { title: '新增高级', qty: 1, score: 1, active: true, at: cst('2026-01-13 08:00:00'), level: 'high' })).body.data;
    expect((await probe().list(seller, query)).body.data.total).toBe(before + 1);
    await probe().update(seller, added.id, added.version, { level: 'low' });
    expect((await probe().list(seller, query)).body.data.total).toBe(before);
    await probe().remove(seller, added.id);
  });

  it('counts again after a write made past this server (another process, a module writing the table itself)', async () => {
    const query: ListQuery = { page: 2, pageSize: 5, filters: [{ field: 'level', op: 'eq', value: 'low' }] };
    const before = (await probe().list(seller, query)).body.data.total;
    // Counted now, kept from here on: the same question again is answered from what was kept.
    expect((await probe().list(seller, query)).body.data.total).toBe(before);
    const table = sql.table('res_probe');
    const { rows } = await sql<{ team_id: number }>`select team_id from ${table} where id = ${ids[0]}`.execute(server.database.db);
    const team = rows[0].team_id;
    const now = Date.now();
    await sql`insert into ${table} (version, team_id, created_by, created_at, updated_at, title, qty, score, active, at, level)
      values (1, ${team}, null, ${now}, ${now}, '直接写入', 1, 1, 1, ${now}, 'low')`.execute(server.database.db);
    expect((await probe().list(seller, query)).body.data.total).toBe(before + 1);
    await sql`update ${table} set level = 'high' where title = '直接写入'`.execute(server.database.db);
    expect((await probe().list(seller, query)).body.data.total).toBe(before);
    await sql`delete from ${table} where title = '直接写入'`.execute(server.database.db);
  });

  it('refuses filters a field’s type cannot take', async () => {
    const refused = await probe().list(seller, { filters: [{ field: 'parts', op: 'eq', value: 'x' }] });
    expect(refused.body).toEqual({ code: 400, msg: '字段「配件」不支持 eq 筛选', data: null });
    expect((await probe().list(seller, { filters: [{ field: 'qty', op: 'range', value: [1.5, null] }] })).body.msg).toBe('字段「数量」的筛选值无效');
    expect((await probe().list(seller, { filters: [{ field: 'day', op: 'eq', value: '2026-02-30' }] })).body.msg).toBe('字段「日期」的筛选值无效');
    expect((await probe().list(seller, { filters: [{ field: 'active', op: 'eq', value: 'yes' }] })).body.msg).toBe('字段「启用」的筛选值无效');
  });
});
