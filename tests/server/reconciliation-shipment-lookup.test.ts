/**
 * A shipment file finds the team's orders through the index on (team_id, order_no), and by any one
 * of the tracking numbers an order holds through recon_tracking_numbers' index on the number:
 * every lookup the shipment step runs is planned as an index search, not a read of every order of
 * the team. Plans are read from the statements as they were run (a plugin records them), so the
 * test follows the code's real shape.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CompiledQuery, sql, type KyselyPlugin, type RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/open';
import { migrateToLatest } from '../../server/db/migrate';
import { applyShipmentChunk, emptyCounts } from '../../server/reconciliation/store';
import { keepTrackingNumbers } from '../../server/reconciliation/tracking';
import { DIALECTS, postgresSchema } from '../support/server-harness';

/** Enough orders per team that looking 42 of them up beats reading the team's (PostgreSQL plans by cost). */
const ORDERS = 5000;

describe.each(DIALECTS)('shipment import looking orders up on %s', (dialect) => {
  let database: DatabaseHandle;
  let team: number;
  const cleanup: Array<() => Promise<void> | void> = [];
  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'recon-shipments-'));
    cleanup.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const schema = dialect === 'postgres' ? await postgresSchema() : null;
    if (schema) cleanup.push(schema.drop);
    database = openDatabase({ databaseUrl: schema?.url ?? null, dataDir });
    cleanup.push(() => database.close());
    await migrateToLatest(database);
    const now = Date.now();
    const db = database.db;
    team = (await db.insertInto('teams').values({ name: '发货团队', type: 1, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
    const other = (await db.insertInto('teams').values({ name: '别的团队', type: 1, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
    const order = (i: number, owner: number) => ({
      platform: 'douyin' as const,
      order_no: `${owner}-${6_900_000_000 + i}`,
      shop_name: '抖音店',
      buyer_nick: '-',
      goods_name: '商品',
      sku: '',
      quantity: 1,
      amount_fen: 1000,
      freight_fen: 0,
      status: 'pending' as const,
      express_company: '',
      // One order in three already carries two tracking numbers, as a Douyin export writes them.
      express_no: i % 3 === 0 ? `YT${owner}${i},YT${owner}${i}B` : `YT${owner}${i}`,
      paid_at: now,
      explained: 0,
      team_id: owner,
      created_by: null,
      created_at: now,
      updated_at: now,
    });
    for (const owner of [team, other]) {
      for (let at = 0; at < ORDERS; at += 1000) {
        // As every writer of 快递单号 does, the orders' tracking numbers are kept beside them.
        const inserted = await db.insertInto('store_orders').values(Array.from({ length: 1000 }, (_, i) => order(at + i, owner))).returning(['id', 'express_no']).execute();
        await keepTrackingNumbers(db, inserted);
      }
    }
    if (dialect === 'postgres') await sql`analyze store_orders, recon_tracking_numbers`.execute(db);
  });
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  /** The lookups of orders by a number the file gives that work ran, as the database received them. */
  async function statementsOf(work: (db: DatabaseHandle['db']) => Promise<void>): Promise<CompiledQuery[]> {
    const seen: CompiledQuery[] = [];
    const recorder: KyselyPlugin = {
      transformQuery: ({ node, queryId }) => {
        seen.push(database.db.getExecutor().compileQuery(node as RootOperationNode, queryId));
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    await database.db.transaction().execute((trx) => work(trx.withPlugin(recorder)));
    return seen.filter((query) => /^select .* from "(store_orders|recon_tracking_numbers)".*"(order_no|express_no)" in \(/.test(query.sql));
  }

  /** How the database would run a statement, as one text. */
  async function planOf(query: CompiledQuery): Promise<string> {
    if (dialect === 'sqlite') {
      const { rows } = await database.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]));
      return rows.map((row) => row.detail).join('\n');
    }
    const { rows } = await database.db.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]));
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  }

  const byOrderNumber =
    dialect === 'sqlite' ? /SEARCH store_orders USING INDEX store_orders_team_id_order_no \(team_id=\? AND order_no=\?\)/ : /Index Cond: \(\(team_id = [^)]+\) AND \(\(order_no\)::text = ANY/;
  const byTrackingNumber = dialect === 'sqlite' ? /SEARCH t USING (?:COVERING )?INDEX recon_tracking_numbers_express_no \(express_no=\?\)/ : /Index Cond: \(\(express_no\)::text = ANY/;

  it('searches the order-number index, and the tracking-number index for numbers no order carries', async () => {
    const counts = emptyCounts();
    const lines = [
      ...Array.from({ length: 40 }, (_, i) => ({ order_no: `${team}-${6_900_000_000 + i}`, express_company: '圆通速递', express_no: `YT${team}${i}`, shipped_at: null })),
      // The ERP's own order number, the platform's tracking number.
      { order_no: 'ERP-0001', express_company: '圆通速递', express_no: `YT${team}100`, shipped_at: null },
      { order_no: 'ERP-0002', express_company: '圆通速递', express_no: 'NOBODY', shipped_at: null },
    ];
    const statements = await statementsOf((db) => applyShipmentChunk(db, team, lines, Date.now(), counts));
    expect(counts).toMatchObject({ updated: 41, unknown: ['ERP-0002'] });
    expect(statements).toHaveLength(2);
    expect(await planOf(statements[0])).toMatch(byOrderNumber);
    expect(await planOf(statements[1])).toMatch(byTrackingNumber);
  });

  it('finds an order holding several tracking numbers by any one of them, within the team only', async () => {
    const counts = emptyCounts();
    // Orders 300 and 303 hold "A,B"; the other team's order 306 does too, and is not this team's to find.
    const lines = [300, 303].map((i) => ({ order_no: `ERP-${i}`, express_company: '圆通速递', express_no: `YT${team}${i}B`, shipped_at: null }));
    const foreign = (await database.db.selectFrom('teams').select('id').where('id', '<>', team).executeTakeFirstOrThrow()).id;
    lines.push({ order_no: 'ERP-306', express_company: '圆通速递', express_no: `YT${foreign}306B`, shipped_at: null });
    await database.db.transaction().execute((trx) => applyShipmentChunk(trx, team, lines, Date.now(), counts));
    expect(counts).toMatchObject({ updated: 2, unknown: ['ERP-306'] });
    const found = await database.db.selectFrom('store_orders').select(['order_no', 'express_no', 'shipment_recorded']).where('order_no', 'in', [300, 303].map((i) => `${team}-${6_900_000_000 + i}`)).orderBy('order_no').execute();
    expect(found).toEqual([300, 303].map((i) => ({ order_no: `${team}-${6_900_000_000 + i}`, express_no: `YT${team}${i},YT${team}${i}B`, shipment_recorded: 1 })));
  });

  it('does not look tracking numbers up when every order number is known', async () => {
    const lines = Array.from({ length: 10 }, (_, i) => ({ order_no: `${team}-${6_900_000_100 + i}`, express_company: '圆通速递', express_no: `YT${team}${100 + i}`, shipped_at: null }));
    const statements = await statementsOf((db) => applyShipmentChunk(db, team, lines, Date.now(), emptyCounts()));
    expect(statements).toHaveLength(1);
    expect(await planOf(statements[0])).toMatch(byOrderNumber);
  });
});
