/**
 * Reconciliation's speed, three figures:
 * - matching 100,000 orders against 100,000 settlement lines in memory, beside a naive nested-loop
 *   match of the same data (timed on a tenth of the rows, a hundredth of the work, and scaled up);
 * - the same through the real store on SQLite (and PostgreSQL when TEST_DATABASE_URL names one):
 *   100,000 orders, 100,000 settlement lines and 100,000 shipments (a flag the shipment file left on
 *   each order) loaded, matched and saved, first with every order changing, then re-run, beside
 *   reading each order's lines with a query of its own; this process's CPU time is noted, as on a
 *   loaded machine the wall time is mostly waiting for a core;
 * - importing a 1,000,000-row GB18030 order CSV (RECON_BENCH_ROWS to change it) through the
 *   streaming importer into SQLite: rows per second and peak RSS growth, beside reading the same
 *   file with a plain line splitter.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { matchOrders, type OrderToMatch } from '../server/reconciliation/match';
import type { SettlementLine } from '../server/reconciliation/lines';
import { openDatabase, type DatabaseHandle } from '../server/db/open';
import { prepareDatabase } from '../server/db/prepare';
import { importFile } from '../server/reconciliation/import-file';
import { openFile } from '../server/reconciliation/read-table';
import { runMatch } from '../server/reconciliation/run-match';
import { gb18030 } from '../tests/support/reconciliation-files';
import type { BenchRow } from './lib/row';

const N = 100_000;
const NAIVE_N = 10_000;
const IMPORT_ROWS = Number(process.env.RECON_BENCH_ROWS ?? 1_000_000);
const DAY = 86_400_000;
const OPTIONS = { toleranceFen: 1, unsettledDays: 10, now: Date.now() };

function data(n: number): { orders: OrderToMatch[]; lines: SettlementLine[] } {
  const orders: OrderToMatch[] = [];
  const lines: SettlementLine[] = [];
  for (let i = 0; i < n; i++) {
    const order_no = String(6_900_000_000_000_000 + i);
    orders.push({ order_no, amount_fen: 1000 + (i % 5000), refund_fen: 0, paid_at: OPTIONS.now - 30 * DAY, promised_ship_at: null, shipped_at: OPTIONS.now - 20 * DAY, shipment_recorded: i % 50 !== 0 });
    // Every line but one in a hundred belongs to an order; one in a hundred is short by a yuan.
    const target = i % 100 === 0 ? `9${order_no}` : order_no;
    lines.push({ flow_no: `F${i}`, order_no: target, sub_order_no: target, category: 'income', amount_fen: 1000 + (i % 5000) - (i % 100 === 1 ? 100 : 0), fees: { service: 0, commission: 0, affiliate: 0, other: 0 }, scene: '', settled_at: OPTIONS.now });
  }
  return { orders, lines };
}

/** What a first attempt looks like: for every order, scan every line. */
function naiveMatch(orders: OrderToMatch[], lines: SettlementLine[]): number {
  let matched = 0;
  for (const order of orders) {
    let settled = 0;
    for (const line of lines) if (line.order_no === order.order_no) settled += line.amount_fen;
    if (Math.abs(settled - order.amount_fen) <= OPTIONS.toleranceFen) matched++;
  }
  return matched;
}

/** A migrated, empty database with one team: SQLite in a temporary folder, or a PostgreSQL schema of its own. */
async function freshDatabase(dialect: 'sqlite' | 'postgres'): Promise<{ database: DatabaseHandle; team: number; drop: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'recon-bench-'));
  let url: string | null = null;
  let dropSchema = async () => {};
  if (dialect === 'postgres') {
    const schema = `b_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    const parsed = new URL(process.env.TEST_DATABASE_URL!);
    parsed.searchParams.set('options', `-c search_path=${schema}`);
    url = parsed.toString();
    dropSchema = async () => {
      const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.end();
    };
  }
  const database = openDatabase({ databaseUrl: url, dataDir });
  // As the server prepares it: every resource table's write counter and its triggers included.
  await prepareDatabase(database, { demoSeed: false });
  const now = Date.now();
  const team = await database.db.insertInto('teams').values({ name: '基准团队', type: 1, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
  return {
    database,
    team: team.id,
    drop: async () => {
      await database.close();
      await dropSchema();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const NAIVE_STORE_ORDERS = 1000;

/** What a first attempt at store level looks like: each order's settlement lines read by a query of their own (through the index), timed on a sample and scaled to every order. */
async function oneQueryPerOrder(database: DatabaseHandle, team: number): Promise<number> {
  const started = performance.now();
  const orders = await database.db.selectFrom('store_orders').select(['order_no', 'amount_fen']).where('team_id', '=', team).orderBy('id').limit(NAIVE_STORE_ORDERS).execute();
  let matched = 0;
  for (const order of orders) {
    const lines = await database.db.selectFrom('recon_settlements').select('amount_fen').where('team_id', '=', team).where('order_no', '=', order.order_no).execute();
    if (Math.abs(lines.reduce((sum, line) => sum + line.amount_fen, 0) - order.amount_fen) <= OPTIONS.toleranceFen) matched++;
  }
  if (matched === 0) throw new Error('the naive match matched nothing');
  return (performance.now() - started) * (N / NAIVE_STORE_ORDERS);
}

/** Load + match + save through the real store, twice: the first run changes every order, the re-run nothing. */
async function storeMatch(dialect: 'sqlite' | 'postgres'): Promise<BenchRow[]> {
  const { database, team, drop } = await freshDatabase(dialect);
  try {
    const { orders, lines } = data(N);
    const now = Date.now();
    for (let i = 0; i < N; i += 1000) {
      await database.db
        .insertInto('store_orders')
        .values(
          orders.slice(i, i + 1000).map((order) => ({
            ...order,
            shipment_recorded: order.shipment_recorded ? 1 : 0,
            paid_at: order.paid_at!,
            platform: 'douyin' as const,
            shop_name: '基准店',
            buyer_nick: '-',
            goods_name: '商品',
            sku: '',
            quantity: 1,
            freight_fen: 0,
            status: 'shipped' as const,
            express_company: '中通快递',
            express_no: `ZT${order.order_no}`,
            explained: 0,
            team_id: team,
            created_by: null,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
      await database.db
        .insertInto('recon_settlements')
        .values(
          lines.slice(i, i + 1000).map((line) => ({
            team_id: team,
            platform: 'douyin' as const,
            shop_name: '基准店',
            flow_no: line.flow_no,
            order_no: line.order_no,
            sub_order_no: line.sub_order_no,
            category: line.category,
            scene: '',
            amount_fen: line.amount_fen,
            fee_service_fen: 0,
            fee_commission_fen: 0,
            fee_affiliate_fen: 0,
            fee_other_fen: 0,
            settled_at: line.settled_at,
            created_by: null,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
    }
    if (dialect === 'postgres') await sql`analyze`.execute(database.db);
    const run = async () => {
      const started = performance.now();
      const cpu = process.cpuUsage();
      const { changed } = await runMatch(database.db, team, {}, OPTIONS);
      const used = process.cpuUsage(cpu);
      return { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000, changed };
    };
    const first = await run();
    const again = await run();
    if (first.changed !== N || again.changed !== 0) throw new Error(`expected ${N} then 0 changes, got ${first.changed} then ${again.changed}`);
    const naiveMs = await oneQueryPerOrder(database, team);
    const name = `${N.toLocaleString('en')} orders × lines × shipments through the store on ${dialect}: load + match + save`;
    // On a loaded machine the wall time is mostly waiting for a core: this process's CPU time says what the work costs (PostgreSQL's own work not counted).
    const cpuNote = (cpuMs: number) => `this process's CPU ${Math.round(cpuMs)} ms`;
    const baseline = { baseline: Math.round(naiveMs), baselineName: `one query per order (timed on ${NAIVE_STORE_ORDERS.toLocaleString('en')} orders, scaled)` };
    return [
      { name: `${name}, every order changing`, value: Math.round(first.ms), unit: 'ms', budget: 2000, ...baseline, note: cpuNote(first.cpuMs) },
      { name: `${name}, re-run (nothing changes)`, value: Math.round(again.ms), unit: 'ms', budget: 2000, ...baseline, note: cpuNote(again.cpuMs) },
    ];
  } finally {
    await drop();
  }
}

/** A Kuaishou order export of n rows in GB18030 written to disk as it is made: the Chinese parts encoded once, the rest ASCII. */
async function writeOrderFile(file: string, n: number) {
  const gb = (text: string) => Buffer.from(gb18030(text));
  const ascii = (text: string) => Buffer.from(text, 'latin1');
  const out = fs.createWriteStream(file);
  const header = '订单号,订单创建时间,订单支付时间,订单状态,实付款,快递费,店铺优惠,平台补贴,成交数量,商品名称,商品ID,商品规格,SKU编码,商品单价,售后状态,发货时间,快递公司,快递单号,物流信息\r\n';
  const write = (chunk: Buffer) => (out.write(chunk) ? Promise.resolve() : new Promise<void>((resolve) => out.once('drain', () => resolve())));
  await write(gb(`快手小店订单导出\r\n${header}`));
  const [status, goods, carrier] = [gb('已发货'), gb('快手基准商品'), gb('申通快递')];
  for (let i = 0; i < n; i += 1000) {
    const parts: Buffer[] = [];
    for (let j = i; j < Math.min(n, i + 1000); j++) {
      const no = String(2_700_000_000_000_000 + j);
      parts.push(ascii(`${no},,2026-11-01 10:00:00,`), status, ascii(`,${(10 + (j % 90)).toFixed(2)},,,,1,`), goods, ascii(',,,,,,2026-11-02 09:00:00,'), carrier, ascii(`,ST${no},\r\n`));
    }
    await write(Buffer.concat(parts));
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
}

/** Runs work while sampling RSS every 50 ms: its time, this process's CPU time, and how far RSS rose above where it started. */
async function measured<T>(work: () => Promise<T>): Promise<{ ms: number; cpuMs: number; rssGrowthMb: number; value: T }> {
  global.gc?.();
  const base = process.memoryUsage.rss();
  let peak = base;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 50);
  const started = performance.now();
  const cpu = process.cpuUsage();
  try {
    const value = await work();
    peak = Math.max(peak, process.memoryUsage.rss());
    const used = process.cpuUsage(cpu);
    return { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000, rssGrowthMb: (peak - base) / 1024 / 1024, value };
  } finally {
    clearInterval(sampler);
  }
}

async function streamingImport(): Promise<BenchRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'recon-import-bench-'));
  const file = path.join(dir, 'orders.csv');
  const { database, team, drop } = await freshDatabase('sqlite');
  try {
    await writeOrderFile(file, IMPORT_ROWS);
    const lines = await measured(async () => {
      let count = 0;
      for await (const line of readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity })) if (line) count++;
      return count;
    });
    const imported = await measured(() =>
      importFile({ db: database.db, writes: database.writes }, { team, kind: 'kuaishou_orders', shop: '基准店', write: true, open: openFile(file) }),
    );
    if (imported.value.rows !== IMPORT_ROWS || imported.value.created !== IMPORT_ROWS) throw new Error(`imported ${imported.value.rows} rows, created ${imported.value.created}`);
    const rows = IMPORT_ROWS.toLocaleString('en');
    const size = `${(fs.statSync(file).size / 1024 / 1024).toFixed(0)} MB`;
    return [
      {
        name: `import ${rows}-row GB18030 order CSV (${size}) into SQLite: read, check, write`,
        value: Math.round(IMPORT_ROWS / (imported.ms / 1000)),
        unit: 'rows/s',
        baseline: Math.round(lines.value / (lines.ms / 1000)),
        baselineName: 'plain line splitter (readline), counting lines only',
        note: `${Math.round(imported.ms / 1000)} s, this process's CPU ${Math.round(imported.cpuMs / 1000)} s`,
      },
      {
        name: `import ${rows}-row order CSV: peak RSS growth`,
        value: Math.round(imported.rssGrowthMb),
        unit: 'MB',
        baseline: Math.round(lines.rssGrowthMb),
        baselineName: 'plain line splitter',
        budget: 200,
      },
    ];
  } finally {
    await drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export default async function reconciliationBench(): Promise<BenchRow[]> {
  const full = data(N);
  const started = performance.now();
  const results = matchOrders(full.orders, full.lines, OPTIONS);
  const hashMs = performance.now() - started;
  if (results.length !== N + N / 100) throw new Error(`expected ${N + N / 100} results, got ${results.length}`);

  const small = data(NAIVE_N);
  const naiveStarted = performance.now();
  naiveMatch(small.orders, small.lines);
  const naiveMs = (performance.now() - naiveStarted) * (N / NAIVE_N) ** 2;
  const rows: BenchRow[] = [
    {
      name: `match ${N.toLocaleString('en')} orders × ${N.toLocaleString('en')} settlement lines (hash join)`,
      value: Math.round(hashMs),
      unit: 'ms',
      baseline: Math.round(naiveMs),
      baselineName: `nested loop (timed on ${NAIVE_N.toLocaleString('en')}², scaled)`,
      budget: 2000,
    },
  ];
  rows.push(...(await storeMatch('sqlite')));
  if (process.env.TEST_DATABASE_URL) rows.push(...(await storeMatch('postgres')));
  rows.push(...(await streamingImport()));
  return rows;
}
