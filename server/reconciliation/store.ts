/** Reconciliation's SQL: saving what the files say, reading what matching needs, writing what it found. */
import type { Kysely } from 'kysely';
import type { Database, StorePlatform } from '../db/schema';
import { FILE_KIND_INFO, type ColumnMap, type FileKind } from './file-kinds';
import type { OrderLine, SettlementLine, ShipmentLine } from './lines';
import type { MatchResult, OrderToMatch } from './match';

type Db = Kysely<Database>;

/** Rows per statement, far below PostgreSQL's 65535 bind parameters. */
const CHUNK = 500;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** Whether writing values would change the row: only then is it written, so importing a file twice writes nothing. */
function differs<Row extends object>(row: Row, values: Partial<Row>): boolean {
  return (Object.keys(values) as Array<keyof Row>).some((key) => row[key] !== values[key]);
}

/** What matching found, as the columns of an order. */
export function resultColumns(result: MatchResult) {
  return {
    outcome: result.outcome,
    expected_fen: result.expected_fen,
    settled_fen: result.settled_fen,
    difference_fen: result.difference_fen,
    fee_fen: result.fee_fen,
    fee_service_fen: result.fees.service,
    fee_commission_fen: result.fees.commission,
    fee_affiliate_fen: result.fees.affiliate,
    fee_other_fen: result.fees.other,
  };
}

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

const emptyCounts = (): SaveCounts => ({ created: 0, updated: 0, unchanged: 0, unknown: [] });

/** Sub-order lines summed into their order: the console keeps one row per order. */
function ordersOf(lines: OrderLine[]): OrderLine[] {
  const byOrder = new Map<string, OrderLine>();
  const subOrders = new Set<string>();
  for (const line of lines) {
    const key = `${line.order_no}\u0000${line.sub_order_no}`;
    // A sub-order listed twice in one file is one sub-order.
    if (subOrders.has(key)) continue;
    subOrders.add(key);
    const order = byOrder.get(line.order_no);
    if (!order) {
      byOrder.set(line.order_no, { ...line, express_nos: [...line.express_nos] });
      continue;
    }
    order.amount_fen += line.amount_fen;
    order.refund_fen += line.refund_fen;
    order.quantity += line.quantity;
    order.express_nos.push(...line.express_nos.filter((no) => !order.express_nos.includes(no)));
  }
  return [...byOrder.values()];
}

const orderStatus = (line: OrderLine): Database['store_orders']['status'] =>
  line.refund_fen >= line.amount_fen && line.amount_fen > 0 ? 'refunded' : /完成|签收/.test(line.status) ? 'signed' : line.shipped_at !== null ? 'shipped' : 'pending';

/** Orders of a platform file written: new ones created, known ones updated where the file says something new. */
export async function saveOrders(db: Db, team: number, platform: StorePlatform, shop: string, lines: OrderLine[], now: number): Promise<SaveCounts> {
  const counts = emptyCounts();
  for (const batch of chunks(ordersOf(lines))) {
    const existing = await db
      .selectFrom('store_orders')
      .selectAll()
      .where('platform', '=', platform)
      .where(
        'order_no',
        'in',
        batch.map((order) => order.order_no),
      )
      .execute();
    const known = new Map(existing.map((row) => [row.order_no, row]));
    const fresh = [];
    for (const order of batch) {
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
      const row = known.get(order.order_no);
      if (!row) {
        fresh.push({ ...values, platform, order_no: order.order_no, shop_name: shop, buyer_nick: '-', team_id: team, created_at: now, updated_at: now });
        continue;
      }
      if (row.team_id !== team) {
        counts.unknown.push(order.order_no);
        continue;
      }
      // The seller's own shipment file has the last word on how an order went out.
      if (row.shipment_recorded === 1) {
        Object.assign(values, { express_company: row.express_company, express_no: row.express_no, shipped_at: row.shipped_at });
        if (values.status !== 'refunded') values.status = row.status;
      }
      if (!differs(row, values)) {
        counts.unchanged++;
        continue;
      }
      await db
        .updateTable('store_orders')
        .set({ ...values, updated_at: now, version: row.version + 1 })
        .where('id', '=', row.id)
        .execute();
      counts.updated++;
    }
    if (fresh.length > 0) await db.insertInto('store_orders').values(fresh).execute();
    counts.created += fresh.length;
  }
  return counts;
}

/** Settlement lines written, one per flow number: a newer file updates the flows it shares with an older one. */
export async function saveSettlements(db: Db, team: number, platform: StorePlatform, shop: string, lines: SettlementLine[], now: number): Promise<SaveCounts> {
  const counts = emptyCounts();
  const byFlow = new Map(lines.map((line) => [line.flow_no, line]));
  for (const batch of chunks([...byFlow.values()])) {
    const existing = await db
      .selectFrom('recon_settlements')
      .selectAll()
      .where('team_id', '=', team)
      .where('platform', '=', platform)
      .where(
        'flow_no',
        'in',
        batch.map((line) => line.flow_no),
      )
      .execute();
    const known = new Map(existing.map((row) => [row.flow_no, row]));
    const fresh = [];
    for (const line of batch) {
      const values = {
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
      };
      const row = known.get(line.flow_no);
      if (!row) {
        fresh.push({ ...values, team_id: team, platform, shop_name: shop, flow_no: line.flow_no, created_at: now, updated_at: now });
        continue;
      }
      if (!differs(row, values)) {
        counts.unchanged++;
        continue;
      }
      await db
        .updateTable('recon_settlements')
        .set({ ...values, updated_at: now, version: row.version + 1 })
        .where('id', '=', row.id)
        .execute();
      counts.updated++;
    }
    if (fresh.length > 0) await db.insertInto('recon_settlements').values(fresh).execute();
    counts.created += fresh.length;
  }
  return counts;
}

/** A shipment file updates the team's orders it names (by order number, else by tracking number) and reports the rest. */
export async function applyShipments(db: Db, team: number, lines: ShipmentLine[], now: number): Promise<SaveCounts> {
  const counts = emptyCounts();
  for (const batch of chunks(lines)) {
    const rows = await db
      .selectFrom('store_orders')
      .select(['id', 'order_no', 'express_no', 'express_company', 'shipped_at', 'status', 'shipment_recorded', 'version'])
      .where('team_id', '=', team)
      .where((eb) =>
        eb.or([
          eb(
            'order_no',
            'in',
            batch.map((line) => line.order_no),
          ),
          eb(
            'express_no',
            'in',
            batch.map((line) => line.express_no),
          ),
        ]),
      )
      .execute();
    const byOrder = new Map(rows.map((row) => [row.order_no, row]));
    const byTracking = new Map(rows.flatMap((row) => (row.express_no ?? '').split(',').map((no) => [no, row] as const)));
    for (const line of batch) {
      const row = byOrder.get(line.order_no) ?? byTracking.get(line.express_no);
      if (!row) {
        counts.unknown.push(line.order_no);
        continue;
      }
      const values = {
        express_company: (line.express_company || row.express_company).slice(0, 32),
        express_no: (row.express_no ?? '').split(',').includes(line.express_no) ? row.express_no : line.express_no,
        shipped_at: row.shipped_at ?? line.shipped_at ?? now,
        status: row.status === 'pending' ? ('shipped' as const) : row.status,
        shipment_recorded: 1,
      };
      if (!differs(row, values)) {
        counts.unchanged++;
        continue;
      }
      await db
        .updateTable('store_orders')
        .set({ ...values, updated_at: now, version: row.version + 1 })
        .where('id', '=', row.id)
        .execute();
      counts.updated++;
    }
  }
  return counts;
}

/** What matching needs of a team's orders and settlement lines. */
export async function matchInput(db: Db, team: number): Promise<{ orders: OrderToMatch[]; lines: SettlementLine[] }> {
  const orders = await db
    .selectFrom('store_orders')
    .select(['order_no', 'amount_fen', 'refund_fen', 'paid_at', 'promised_ship_at', 'shipped_at', 'shipment_recorded'])
    .where('team_id', '=', team)
    .execute();
  const lines = await db.selectFrom('recon_settlements').selectAll().where('team_id', '=', team).execute();
  return {
    orders: orders.map((order) => ({ ...order, shipment_recorded: order.shipment_recorded === 1 })),
    lines: lines.map((line) => ({
      ...line,
      fees: { service: line.fee_service_fen, commission: line.fee_commission_fen, affiliate: line.fee_affiliate_fen, other: line.fee_other_fen },
    })),
  };
}

/** What matching found written onto the orders (leaving a person's note alone) and the settlement lines; only rows that change are touched. */
export async function saveResults(db: Db, team: number, results: MatchResult[], now: number): Promise<number> {
  const current = await db
    .selectFrom('store_orders')
    .select(['id', 'order_no', 'outcome', 'expected_fen', 'settled_fen', 'difference_fen', 'fee_fen', 'fee_service_fen', 'fee_commission_fen', 'fee_affiliate_fen', 'fee_other_fen'])
    .where('team_id', '=', team)
    .execute();
  const byOrder = new Map(current.map((row) => [row.order_no, row]));
  let changed = 0;
  await db.transaction().execute(async (trx) => {
    for (const result of results) {
      const row = byOrder.get(result.order_no);
      if (!row) continue;
      const values = resultColumns(result);
      if (!differs(row, values)) continue;
      changed++;
      await trx
        .updateTable('store_orders')
        .set({ ...values, reconciled: result.outcome === 'matched' || result.outcome === 'refunded' ? 1 : 0, updated_at: now })
        .where('id', '=', row.id)
        .execute();
    }
    const orphans = results.filter((result) => !result.has_order).map((result) => result.order_no);
    await trx.updateTable('recon_settlements').set({ has_order: 1 }).where('team_id', '=', team).where('has_order', '=', 0).execute();
    for (const batch of chunks(orphans)) {
      await trx.updateTable('recon_settlements').set({ has_order: 0 }).where('team_id', '=', team).where('order_no', 'in', batch).execute();
    }
  });
  return changed;
}

/** The team's orders with what matching found, for the summary and the export. */
export async function matchedOrders(db: Db, team: number) {
  return db
    .selectFrom('store_orders')
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
    .execute();
}

/** Settlement lines that name no order, for the summary and the export. */
export async function orphanLines(db: Db, team: number) {
  return db
    .selectFrom('recon_settlements')
    .select(['platform', 'shop_name', 'order_no', 'flow_no', 'amount_fen', 'settled_at', 'fee_service_fen', 'fee_commission_fen', 'fee_affiliate_fen', 'fee_other_fen'])
    .where('team_id', '=', team)
    .where('has_order', '=', 0)
    .execute();
}
