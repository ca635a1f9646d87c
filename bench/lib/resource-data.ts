/**
 * Data of the resource benchmarks: an admin-defined "orders" resource as a seller would define it,
 * and a fast seeder that writes its rows straight into its table with multi-row INSERTs in one
 * transaction (going through the API would time the API, not the list).
 */
import SQLite from 'better-sqlite3';
import type { ResourceDefinition, ResourceField } from '../../src/contract/resource';

/** The baseline route of the list benchmark (bench/fixtures/resource-server.ts). */
export const MEMORY_PAGE_ROUTE = '/api/bench/memory-page';

export const STATUSES: ReadonlyArray<readonly [value: string, zh: string, weight: number]> = [
  ['paid', '已付款', 40],
  ['shipped', '已发货', 25],
  ['signed', '已签收', 20],
  ['pending', '待付款', 10],
  ['refunded', '已退款', 5],
];
const CATEGORIES = 100;
const CUSTOMERS = ['华南纸业', '明辉贸易', '星河电子', '百川食品', '远航物流', '青禾农业', '金鼎五金', '云端科技', '海风服饰', '长青家居'];
export const DAY = 24 * 3600_000;
/** Orders spread over the year before the seed. */
const SPAN = 365 * DAY;

const field = (name: string, type: ResourceField['type'], zh: string, en: string, extra: Partial<ResourceField> = {}): ResourceField => ({
  name,
  title: { zh, en },
  type,
  ...extra,
});

/**
 * The orders resource. Without indexes it is seeded fast; the indexed version (what a designer
 * saves: single fields plus status with the payment time, the list's usual filter and sort) then
 * builds them in one pass per index.
 */
export function ordersDefinition(name: string, indexed: boolean, version = 1): ResourceDefinition {
  return {
    name,
    title: { zh: '订单台账', en: 'Order ledger' },
    kind: 'custom',
    labelField: 'order_no',
    teamScoped: true,
    version,
    ...(indexed ? { indexes: [['status', 'paid_at']] } : {}),
    fields: [
      field('order_no', 'string', '订单号', 'Order number', { required: true, searchable: true, indexed }),
      field('customer', 'string', '客户', 'Customer', { searchable: true }),
      field('status', 'enum', '状态', 'Status', {
        required: true,
        indexed,
        options: STATUSES.map(([value, zh]) => ({ value, label: { zh, en: value } })),
      }),
      field('category', 'string', '类目', 'Category', { indexed }),
      field('amount', 'money', '金额', 'Amount', { required: true, indexed }),
      field('quantity', 'integer', '数量', 'Quantity'),
      field('paid_at', 'datetime', '付款时间', 'Paid at', { indexed }),
      field('remark', 'text', '备注', 'Remark'),
    ],
  };
}

/** A small deterministic generator, so every run seeds the same rows. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)) };
}

const ROWS_PER_INSERT = 100;
const COLUMNS = ['team_id', 'version', 'created_by', 'created_at', 'updated_at', 'order_no', 'customer', 'status', 'category', 'amount', 'quantity', 'paid_at', 'remark'];

/**
 * Writes `count` orders into the resource's table of the SQLite file, most of them in the first
 * team; answers the milliseconds it took.
 */
export function seedOrders(file: string, table: string, count: number, teams: { main: number; other: number }, createdBy: number, now: number): number {
  const started = performance.now();
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = OFF');
  const placeholders = `(${COLUMNS.map(() => '?').join(', ')})`;
  const insert = (rows: number) =>
    sqlite.prepare(`insert into "${table}" (${COLUMNS.map((c) => `"${c}"`).join(', ')}) values ${Array.from({ length: rows }, () => placeholders).join(', ')}`);
  const full = insert(ROWS_PER_INSERT);
  const totalWeight = STATUSES.reduce((sum, [, , w]) => sum + w, 0);
  const rng = generator(20261122);
  const row = (i: number): unknown[] => {
    let pick = rng.next() * totalWeight;
    const status = STATUSES.find(([, , w]) => (pick -= w) < 0)?.[0] ?? 'paid';
    const paid = now - Math.floor(rng.next() * SPAN);
    return [
      rng.next() < 0.8 ? teams.main : teams.other,
      1,
      createdBy,
      paid,
      paid,
      `SO${String(i + 1).padStart(9, '0')}`,
      CUSTOMERS[rng.int(0, CUSTOMERS.length - 1)],
      status,
      `C${String(rng.int(1, CATEGORIES)).padStart(3, '0')}`,
      rng.int(100, 100_000),
      rng.int(1, 20),
      paid,
      rng.next() < 0.2 ? '加急，请优先发货' : null,
    ];
  };
  sqlite.transaction(() => {
    for (let i = 0; i < count; i += ROWS_PER_INSERT) {
      const n = Math.min(ROWS_PER_INSERT, count - i);
      const values = Array.from({ length: n }, (_, k) => row(i + k)).flat();
      (n === ROWS_PER_INSERT ? full : insert(n)).run(values);
    }
  })();
  sqlite.close();
  return performance.now() - started;
}
