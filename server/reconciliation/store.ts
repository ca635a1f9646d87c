/** Reconciliation's SQL: saving what the files say, reading what matching needs, writing what it found. */
import { CompiledQuery, sql, type Kysely, type Selectable } from 'kysely';
import type { Database, StorePlatform } from '../db/schema';
import { insertTuples } from '../db/batch';
import { isPostgres } from '../db/rowset';
import { rowsAsArrays, type ValuesOf } from '../db/rows-as-arrays';
import { dynamic } from '../resources/store';
import { tableWritten } from '../resources/table-versions';
import { addTrackingNumbers, keepTrackingNumbers, ordersByTrackingNumber, trackingNumbersOf } from './tracking';
import { FILE_KIND_INFO, type ColumnMap, type FileKind } from './file-kinds';
import type { OrderLine, SettlementLine, ShipmentLine } from './lines';
import type { MatchLine, MatchResult, OrderToMatch } from './match';

type Db = Kysely<Database>;

/** Rows per statement, far below PostgreSQL's 65535 bind parameters and SQLite's 32766. */
export const CHUNK = 500;

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Whether writing values would change the row: only then is it written, so importing a file twice writes nothing. */
function differs<Row extends object>(row: Row, values: Partial<Row>): boolean {
  return (Object.keys(values) as Array<keyof Row>).some((key) => row[key] !== values[key]);
}

/** What matching writes of an order into its recon_results row, column by column. */
const RESULT_OF = {
  outcome: (result: MatchResult) => result.outcome,
  expected_fen: (result: MatchResult) => result.expected_fen,
  settled_fen: (result: MatchResult) => result.settled_fen,
  difference_fen: (result: MatchResult) => result.difference_fen,
  fee_fen: (result: MatchResult) => result.fee_fen,
  fee_service_fen: (result: MatchResult) => result.fees.service,
  fee_commission_fen: (result: MatchResult) => result.fees.commission,
  fee_affiliate_fen: (result: MatchResult) => result.fees.affiliate,
  fee_other_fen: (result: MatchResult) => result.fees.other,
};
type ResultColumn = keyof typeof RESULT_OF;
const RESULT_COLUMNS = Object.keys(RESULT_OF) as ResultColumn[];
const RESULT_VALUES = RESULT_COLUMNS.map((column) => RESULT_OF[column]);

/** The column map of a file kind as admins left it; a field they deleted falls back to nothing, not to the default. */
export async function columnMapOf(db: Db, kind: FileKind): Promise<ColumnMap> {
  const rows = await db.selectFrom('recon_column_maps').select(['field', 'aliases']).where('kind', '=', kind).execute();
  if (rows.length === 0) return FILE_KIND_INFO[kind].columns;
  return Object.fromEntries(rows.map((row) => [row.field, row.aliases.split(/\r?\n|[,，]/).map((alias) => alias.trim()).filter(Boolean)]));
}

export interface SaveCounts {
  created: number;
  updated: number;
  unchanged: number;
  /** Order numbers the file names that no order of the team carries (shipments), or that another team owns. */
  unknown: string[];
}

export const emptyCounts = (): SaveCounts => ({ created: 0, updated: 0, unchanged: 0, unknown: [] });

/** An order of a platform file: its sub-order lines summed (the console keeps one row per order). */
export function addSubOrder(order: OrderLine | undefined, line: OrderLine): OrderLine {
  if (!order) return { ...line, express_nos: [...line.express_nos] };
  order.amount_fen += line.amount_fen;
  order.refund_fen += line.refund_fen;
  order.quantity += line.quantity;
  order.express_nos.push(...line.express_nos.filter((no) => !order.express_nos.includes(no)));
  return order;
}

const orderStatus = (line: OrderLine): Database['store_orders']['status'] =>
  line.refund_fen >= line.amount_fen && line.amount_fen > 0 ? 'refunded' : /完成|签收/.test(line.status) ? 'signed' : line.shipped_at !== null ? 'shipped' : 'pending';

type Written = 'store_orders' | 'recon_settlements';

/**
 * What to do with one item of a file given the row it names (if any): the values it writes, or
 * 'unknown' when it names no row it may write.
 */
type Decide<Item, Row> = (item: Item, row: Row | undefined) => { values: Record<string, unknown>; insert?: Record<string, unknown> } | 'unknown';

/**
 * The one write loop of every import: each item against the row it names; a new row is inserted
 * (all in one statement), a known one updated only when the values differ, so the same file twice
 * writes nothing.
 */
async function writeItems<Item, Row extends { id: number; version: number }>(
  trx: Db,
  table: Written,
  items: Item[],
  rowOf: (item: Item) => Row | undefined,
  decide: Decide<Item, Row>,
  keyOf: (item: Item) => string,
  counts: SaveCounts,
  now: number,
): Promise<void> {
  // New rows as tuples of values under the first one's columns, not an object each: merged per
  // row ({...values, ...insert}), they were most of what an import promoted to V8's old generation
  // (750 MB per 300,000 rows), which only full collections free: the import's RSS growth.
  const fresh: unknown[][] = [];
  let columns: string[] = [];
  for (const item of items) {
    const row = rowOf(item);
    const decision = decide(item, row);
    if (decision === 'unknown') {
      counts.unknown.push(keyOf(item));
      continue;
    }
    if (!row) {
      if (decision.insert) {
        // Every decision's values and insert are object literals of one shape, so the keys of the first say every tuple's order.
        if (fresh.length === 0) columns = [...Object.keys(decision.values), ...Object.keys(decision.insert), 'created_at', 'updated_at'];
        fresh.push([...Object.values(decision.values), ...Object.values(decision.insert), now, now]);
      }
      continue;
    }
    if (!differs(row, decision.values as Partial<Row>)) {
      counts.unchanged++;
      continue;
    }
    await trx
      .updateTable(table as 'store_orders')
      .set({ ...decision.values, updated_at: now, version: row.version + 1 })
      .where('id', '=', row.id)
      .execute();
    counts.updated++;
  }
  await insertTuples(trx, table as 'store_orders', columns as Array<keyof Database['store_orders'] & string>, fresh);
  counts.created += fresh.length;
}

/** A chunk of a platform file's orders (sub-orders already summed) written: new ones created, known ones updated where the file says something new. */
export async function saveOrderChunk(trx: Db, team: number, platform: StorePlatform, shop: string, orders: OrderLine[], now: number, counts: SaveCounts): Promise<void> {
  const numbers = orders.map((order) => order.order_no);
  const known = new Map((await trx.selectFrom('store_orders').selectAll().where('platform', '=', platform).where('order_no', 'in', numbers).execute()).map((row) => [row.order_no, row]));
  await writeItems(
    trx,
    'store_orders',
    orders,
    (order) => known.get(order.order_no),
    (order, row) => {
      const values = {
        goods_name: order.goods_name.slice(0, 200) || '-',
        sku: order.sku.slice(0, 64),
        quantity: Math.max(1, order.quantity),
        amount_fen: order.amount_fen,
        freight_fen: order.freight_fen,
        refund_fen: order.refund_fen,
        status: orderStatus(order),
        express_company: order.express_company.slice(0, 32),
        express_no: order.express_nos.join(',').slice(0, 64) || null,
        paid_at: order.paid_at ?? now,
        promised_ship_at: order.promised_ship_at,
        shipped_at: order.shipped_at,
      };
      if (!row) return { values, insert: { platform, order_no: order.order_no, shop_name: shop, buyer_nick: '-', team_id: team } };
      if (row.team_id !== team) return 'unknown';
      // The seller's own shipment file has the last word on how an order went out.
      if (row.shipment_recorded === 1) {
        Object.assign(values, { express_company: row.express_company, express_no: row.express_no, shipped_at: row.shipped_at });
        if (values.status !== 'refunded') values.status = row.status;
      }
      return { values };
    },
    (order) => order.order_no,
    counts,
    now,
  );
  // The orders' tracking numbers: a new order's written at once, a known one's only where its 快递单号 changed. Read back
  // by the platform's unique index, as `known` was: with the team as well, SQLite took the team's index and read all its orders every chunk.
  const written = await trx.selectFrom('store_orders').select(['id', 'order_no', 'express_no', 'team_id']).where('platform', '=', platform).where('order_no', 'in', numbers).execute();
  const mine = written.filter((row) => row.team_id === team);
  await addTrackingNumbers(
    trx,
    mine.filter((row) => !known.has(row.order_no)),
  );
  await keepTrackingNumbers(
    trx,
    mine.filter((row) => known.has(row.order_no) && known.get(row.order_no)!.express_no !== row.express_no),
  );
}

/** A chunk of settlement lines written, one per flow number: a newer file updates the flows it shares with an older one. */
export async function saveSettlementChunk(trx: Db, team: number, platform: StorePlatform, shop: string, lines: SettlementLine[], now: number, counts: SaveCounts): Promise<void> {
  const flows = lines.map((line) => line.flow_no);
  const existing = await trx.selectFrom('recon_settlements').selectAll().where('team_id', '=', team).where('platform', '=', platform).where('flow_no', 'in', flows).execute();
  const known = new Map(existing.map((row) => [row.flow_no, row]));
  await writeItems(
    trx,
    'recon_settlements',
    lines,
    (line) => known.get(line.flow_no),
    (line) => ({
      values: {
        order_no: line.order_no,
        sub_order_no: line.sub_order_no,
        category: line.category,
        scene: line.scene.slice(0, 64),
        amount_fen: line.amount_fen,
        fee_service_fen: line.fees.service,
        fee_commission_fen: line.fees.commission,
        fee_affiliate_fen: line.fees.affiliate,
        fee_other_fen: line.fees.other,
        settled_at: line.settled_at,
      },
      insert: { team_id: team, platform, shop_name: shop, flow_no: line.flow_no },
    }),
    (line) => line.flow_no,
    counts,
    now,
  );
}

const SHIPMENT_READS = ['id', 'order_no', 'express_no', 'express_company', 'shipped_at', 'status', 'shipment_recorded', 'version'] as const;

/** The team's orders a shipment chunk names by order number, through the team's index on it (0013). */
export const shipmentOrdersBy = (db: Db, team: number, numbers: string[]) => db.selectFrom('store_orders').select(SHIPMENT_READS).where('team_id', '=', team).where('order_no', 'in', numbers);

/**
 * A chunk of a shipment file updates the team's orders it names (by order number, else by any one
 * of the tracking numbers an order holds) and reports the rest. Each key is its own index-served
 * query: written as one `order_no in (…) or express_no in (…)`, neither database used an index.
 */
export async function applyShipmentChunk(trx: Db, team: number, lines: ShipmentLine[], now: number, counts: SaveCounts): Promise<void> {
  const rows = await shipmentOrdersBy(trx, team, [...new Set(lines.map((line) => line.order_no))]).execute();
  const named = new Set(rows.map((row) => row.order_no));
  // Only the lines whose order number no order carries are looked for by tracking number: usually none.
  const strays = [...new Set(lines.filter((line) => !named.has(line.order_no)).map((line) => line.express_no))];
  const tracked = strays.length > 0 ? await ordersByTrackingNumber(trx, team, strays, SHIPMENT_READS).execute() : [];
  const byOrder = new Map(rows.map((row) => [row.order_no, row]));
  const byTracking = new Map(tracked.map((row) => [row.tracking, row]));
  // What each order's 快递单号 says once the chunk is written, for its tracking numbers.
  const expressNos = new Map<number, string | null>();
  await writeItems(
    trx,
    'store_orders',
    lines,
    (line) => byOrder.get(line.order_no) ?? byTracking.get(line.express_no),
    (line, row) => {
      if (!row) return 'unknown';
      const express_no = trackingNumbersOf(row.express_no).includes(line.express_no) ? row.express_no : line.express_no;
      expressNos.set(row.id, express_no);
      return {
        values: {
          express_company: (line.express_company || row.express_company).slice(0, 32),
          express_no,
          shipped_at: row.shipped_at ?? line.shipped_at ?? now,
          status: row.status === 'pending' ? ('shipped' as const) : row.status,
          shipment_recorded: 1,
        },
      };
    },
    (line) => line.order_no,
    counts,
    now,
  );
  await keepTrackingNumbers(
    trx,
    [...expressNos].map(([id, express_no]) => ({ id, express_no })),
  );
}

/** Which orders a match covers: a platform, a shop, a month of payment (China time); each left out means all. */
export interface MatchScope {
  platform?: StorePlatform;
  shop?: string;
  period?: string;
}

const CHINA_OFFSET = 8 * 3600_000;

/** The month YYYY-MM as [start, end) epoch milliseconds, China time. */
export function monthRange(period: string): [number, number] {
  const [year, month] = period.split('-').map(Number);
  return [Date.UTC(year, month - 1, 1) - CHINA_OFFSET, Date.UTC(year, month, 1) - CHINA_OFFSET];
}

/** A settlement line as matching reads it, with what saving needs to mark it as having an order or not. */
export type StoredLine = MatchLine & { id: number; has_order: number };

/** An order as matching reads it, with its row's id for saving. */
export type StoredOrder = OrderToMatch & { id: number };

const LINE_COLUMNS = ['id', 'order_no', 'sub_order_no', 'category', 'amount_fen', 'fee_service_fen', 'fee_commission_fen', 'fee_affiliate_fen', 'fee_other_fen', 'has_order'] as const;

export const ORDER_COLUMNS = ['id', 'order_no', 'amount_fen', 'refund_fen', 'paid_at', 'promised_ship_at', 'shipped_at', 'shipment_recorded'] as const;

/** The team's orders a match covers: the shop and month of payment. */
export function ordersInScope(db: Db, team: number, scope: MatchScope) {
  const range = scope.period ? monthRange(scope.period) : null;
  return db
    .selectFrom('store_orders')
    .where('team_id', '=', team)
    .$if(scope.platform !== undefined, (q) => q.where('platform', '=', scope.platform!))
    .$if(scope.shop !== undefined, (q) => q.where('shop_name', '=', scope.shop!))
    .$if(range !== null, (q) => q.where('paid_at', '>=', range![0]).where('paid_at', '<', range![1]));
}

/** An order's row as matching reads it: its values in the order of ORDER_COLUMNS. */
export type OrderRow = ValuesOf<Selectable<Database['store_orders']>, typeof ORDER_COLUMNS>;

/** The orders' rows as matching takes them. */
export const storedOrders = (rows: readonly OrderRow[]): StoredOrder[] =>
  rows.map(([id, order_no, amount_fen, refund_fen, paid_at, promised_ship_at, shipped_at, shipment_recorded]) => ({
    id,
    order_no,
    amount_fen,
    refund_fen,
    paid_at,
    promised_ship_at,
    shipped_at,
    shipment_recorded: shipment_recorded === 1,
  }));

/** The orders a match reads, as ORDER_COLUMNS' values: one array a row, not an object (at 100,000 orders the objects were most of the read). */
export const orderRowsInScope = (db: Db, team: number, scope: MatchScope): Promise<OrderRow[]> =>
  rowsAsArrays(db, ORDER_COLUMNS, (columns) => ordersInScope(db, team, scope).select(columns));

/**
 * The settlement lines a match reads: every line naming an order in scope (whenever it was
 * settled), and the lines of the shop settled in the month that name no order of their platform.
 */
export async function linesInScope(db: Db, team: number, scope: MatchScope): Promise<StoredLine[]> {
  const range = scope.period ? monthRange(scope.period) : null;
  const scoped = scope.platform !== undefined || scope.shop !== undefined || range !== null;
  const rows = scoped
    ? (
        await Promise.all([
          rowsAsArrays(db, LINE_COLUMNS, (columns) =>
            db.selectFrom('recon_settlements').select(columns).where('team_id', '=', team).where('order_no', 'in', ordersInScope(db, team, scope).select('order_no')),
          ),
          rowsAsArrays(db, LINE_COLUMNS, (columns) =>
            db
              .selectFrom('recon_settlements as l')
              .select(columns.map((column) => `l.${column}` as const))
              .where('l.team_id', '=', team)
              .$if(scope.platform !== undefined, (q) => q.where('l.platform', '=', scope.platform!))
              .$if(scope.shop !== undefined, (q) => q.where('l.shop_name', '=', scope.shop!))
              .$if(range !== null, (q) => q.where('l.settled_at', '>=', range![0]).where('l.settled_at', '<', range![1]))
              // By platform and number: the orders' unique index answers it, one look-up a line.
              .where(({ not, exists, selectFrom }) =>
                not(exists(selectFrom('store_orders as o').select('o.id').whereRef('o.platform', '=', 'l.platform').whereRef('o.order_no', '=', 'l.order_no').where('o.team_id', '=', team))),
              ),
          ),
        ])
      ).flat()
    : await rowsAsArrays(db, LINE_COLUMNS, (columns) => db.selectFrom('recon_settlements').select(columns).where('team_id', '=', team));
  return rows.map(([id, order_no, sub_order_no, category, amount_fen, service, commission, affiliate, other, has_order]) => ({
    id,
    order_no,
    sub_order_no,
    category,
    amount_fen,
    has_order,
    fees: { service, commission, affiliate, other },
  }));
}

/**
 * What matching needs of a team's orders and settlement lines in scope, all at once. One read of
 * each table, of the columns matching uses only, each on a connection of its own and sent together
 * (PostgreSQL scans one while this process decodes the other; SQLite's one connection takes them in
 * turn): at 100,000 rows each, building the rows is most of the time, so they come as arrays (what
 * the last match wrote is not read: saving lets the database compare).
 */
export async function matchInput(db: Db, team: number, scope: MatchScope = {}): Promise<{ orders: StoredOrder[]; lines: StoredLine[] }> {
  const [orders, lines] = await Promise.all([orderRowsInScope(db, team, scope), linesInScope(db, team, scope)]);
  return { orders: storedOrders(orders), lines };
}

/** Orders per statement: SQLite binds ten parameters each (within its 32,766); PostgreSQL ten arrays. */
const RESULT_CHUNK = { sqlite: 2000, postgres: 100_000 };
const WRITTEN = ['order_id', ...RESULT_COLUMNS] as const;
const SET_WRITTEN = RESULT_COLUMNS.map((column) => `${column} = v.${column}`).join(', ');
/** Only an order whose result differs is written (and counted): the database compares, so matching need not read what it wrote last. */
const DIFFERS = `(${RESULT_COLUMNS.map((column) => `recon_results.${column}`).join(', ')}) <> (${RESULT_COLUMNS.map((column) => `v.${column}`).join(', ')})`;
const typeOf = (column: (typeof WRITTEN)[number]) => (column === 'outcome' ? 'varchar(16)' : 'bigint');


/**
 * The results of orders [start, end) written onto their recon_results rows in one statement
 * joined on the order id, the text made here rather than by the query builder (at 100,000 orders
 * its 1.1 million parameter nodes were most of the save), the parameters taken straight from the
 * results, no row object between. SQLite: a VALUES list, whose text is the same for every full
 * chunk, so it is prepared once. PostgreSQL: one array per column, unnested, so a statement of
 * 20,000 orders is one join, not one per thousand orders. Answers how many orders changed.
 */
async function writeChunk(trx: Db, postgres: boolean, ids: number[], results: MatchResult[], start: number, end: number): Promise<number> {
  if (postgres) {
    const columns: unknown[][] = WRITTEN.map(() => []);
    for (let i = start; i < end; i++) {
      columns[0].push(ids[i]);
      for (let k = 0; k < RESULT_VALUES.length; k++) columns[k + 1].push(RESULT_VALUES[k](results[i]));
    }
    // unnest in the select list, not in FROM: there it is a function scan that first copies every
    // row into a tuplestore (spilled to a temporary file past work_mem); here the rows stream into
    // the join. PostgreSQL still sizes each unnest by its array, so the join stays a hash join.
    const columnsOf = WRITTEN.map((column, at) => `unnest($${at + 1}::${typeOf(column)}[]) as ${column}`).join(', ');
    // The ids' range as well: a chunk of a pipelined match (run-match.ts, ids ascending) then reads
    // its part of recon_results by the key, not the whole table once a chunk.
    let [low, high] = [ids[start], ids[start]];
    for (let i = start; i < end; i++) [low, high] = [Math.min(low, ids[i]), Math.max(high, ids[i])];
    const span = `recon_results.order_id between ${low} and ${high}`;
    const text = `update recon_results set ${SET_WRITTEN} from (select ${columnsOf}) as v where recon_results.order_id = v.order_id and ${span} and ${DIFFERS}`;
    // Each array as its literal, written here: integers and outcome names need no quoting, and pg's
    // own array writer, escaping element by element, cost ~400 ms of this process per 100,000 orders.
    const literals = columns.map((values) => `{${values.join(',')}}`);
    return Number((await trx.executeQuery(CompiledQuery.raw(text, literals))).numAffectedRows ?? 0);
  }
  const parameters: unknown[] = [];
  for (let i = start; i < end; i++) {
    parameters.push(ids[i]);
    for (const value of RESULT_VALUES) parameters.push(value(results[i]));
  }
  const values = Array.from({ length: end - start }, () => `(${WRITTEN.map(() => '?').join(',')})`).join(',');
  const text = `with v(${WRITTEN.join(', ')}) as (values ${values}) update recon_results set ${SET_WRITTEN} from v where recon_results.order_id = v.order_id and ${DIFFERS}`;
  return Number((await trx.executeQuery(CompiledQuery.raw(text, parameters))).numAffectedRows ?? 0);
}

/**
 * What matching found of the orders `ids` (results[i] is ids[i]'s) written into their
 * recon_results rows, many per statement, only the rows that change. Answers how many did; the
 * caller moves store_orders' write counter when any did.
 */
export async function writeOrderResults(trx: Db, ids: number[], results: MatchResult[]): Promise<number> {
  const postgres = isPostgres(trx);
  const size = RESULT_CHUNK[postgres ? 'postgres' : 'sqlite'];
  let changed = 0;
  for (let start = 0; start < ids.length; start += size) changed += await writeChunk(trx, postgres, ids, results, start, Math.min(ids.length, start + size));
  return changed;
}

/** For this transaction only, PostgreSQL may hash 100,000 results rows in memory (64 MB, not the default 4) instead of in batches written to temporary files. */
export const roomToJoin = async (trx: Db) => {
  if (isPostgres(trx)) await sql`set local work_mem = '64MB'`.execute(trx);
};

/**
 * The settlement lines whose has_order the match turns over, then its write counter moved if any
 * order's result changed. `orphans` are the order numbers matching found no order for.
 */
export async function finishMatch(trx: Db, lines: StoredLine[], orphans: ReadonlySet<string>, changed: number): Promise<void> {
  if (changed > 0) await tableWritten(dynamic(trx), 'store_orders');
  for (const hasOrder of [0, 1]) {
    const ids = lines.filter((line) => (orphans.has(line.order_no) ? 0 : 1) === hasOrder && line.has_order !== hasOrder).map((line) => line.id);
    for (const batch of chunks(ids, RESULT_CHUNK.sqlite)) await trx.updateTable('recon_settlements').set({ has_order: hasOrder }).where('id', 'in', batch).execute();
  }
}

/**
 * What matching found saved for the orders it read (a person's note on an order is left alone) and
 * their settlement lines (whether an order carries them): only rows that change are written, so a
 * match that changes nothing writes nothing, and moves no write counter (lists kept under them stay
 * good). The orders' own rows are never written: their results live in recon_results, read through
 * store_orders_view, so when any changed store_orders' counter is moved here. `results` are
 * matchOrders' for `input`: the orders' results first, in their order.
 */
export async function saveResults(db: Db, input: { orders: StoredOrder[]; lines: StoredLine[] }, results: MatchResult[]): Promise<number> {
  const { orders } = input;
  for (let i = 0; i < orders.length; i++) if (results[i].order_no !== orders[i].order_no) throw new Error(`saveResults: result ${i} is not order ${orders[i].order_no}'s`);
  return db.transaction().execute(async (trx) => {
    await roomToJoin(trx);
    const changed = await writeOrderResults(
      trx,
      orders.map((order) => order.id),
      results,
    );
    await finishMatch(trx, input.lines, new Set(results.slice(orders.length).map((result) => result.order_no)), changed);
    return changed;
  });
}

/** The team's orders in scope (month of payment) with what matching found, for the summary and the export. */
export async function matchedOrders(db: Db, team: number, scope: MatchScope = {}) {
  const range = scope.period ? monthRange(scope.period) : null;
  return db
    .selectFrom('store_orders_view')
    .select([
      'id',
      'platform',
      'shop_name',
      'order_no',
      'paid_at',
      'amount_fen',
      'refund_fen',
      'outcome',
      'expected_fen',
      'settled_fen',
      'difference_fen',
      'fee_service_fen',
      'fee_commission_fen',
      'fee_affiliate_fen',
      'fee_other_fen',
      'fee_fen',
      'explained',
      'explain_note',
    ])
    .where('team_id', '=', team)
    .$if(scope.platform !== undefined, (q) => q.where('platform', '=', scope.platform!))
    .$if(scope.shop !== undefined, (q) => q.where('shop_name', '=', scope.shop!))
    .$if(range !== null, (q) => q.where('paid_at', '>=', range![0]).where('paid_at', '<', range![1]))
    .execute();
}

/** Settlement lines in scope (month of settlement) that name no order, for the summary and the export. */
export async function orphanLines(db: Db, team: number, scope: MatchScope = {}) {
  const range = scope.period ? monthRange(scope.period) : null;
  return db
    .selectFrom('recon_settlements')
    .select(['platform', 'shop_name', 'order_no', 'flow_no', 'amount_fen', 'settled_at', 'fee_service_fen', 'fee_commission_fen', 'fee_affiliate_fen', 'fee_other_fen'])
    .where('team_id', '=', team)
    .where('has_order', '=', 0)
    .$if(scope.platform !== undefined, (q) => q.where('platform', '=', scope.platform!))
    .$if(scope.shop !== undefined, (q) => q.where('shop_name', '=', scope.shop!))
    .$if(range !== null, (q) => q.where('settled_at', '>=', range![0]).where('settled_at', '<', range![1]))
    .execute();
}
