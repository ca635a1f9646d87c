/**
 * A shipment file finds the team's orders through the indexes on (team_id, order_no) and
 * (team_id, express_no): every statement the shipment step runs against store_orders is planned as
 * an index search on one of them, not a read of every order of the team. Plans are read from the
 * statements as they were run (a plugin records them), so the test follows the code's real shape.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CompiledQuery, sql, type KyselyPlugin, type RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/open';
import { migrateToLatest } from '../../server/db/migrate';
import { applyShipmentChunk, emptyCounts } from '../../server/reconciliation/store';
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
      for (let at = 0; at < ORDERS; at += 1000) await db.insertInto('store_orders').values(Array.from({ length: 1000 }, (_, i) => order(at + i, owner))).execute();
    }
    if (dialect === 'postgres') await sql`analyze store_orders`.execute(db);
  });
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  /** The statements on store_orders that work ran, as the database received them. */
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
    return seen.filter((query) => /^select .* from "store_orders"/.test(query.sql));
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

  const usesIndexOn = (column: 'order_no' | 'express_no') =>
    dialect === 'sqlite' ? new RegExp(`SEARCH store_orders USING INDEX store_orders_team_id_${column} \\(team_id=\\? AND ${column}=\\?\\)`) : new RegExp(`Index Cond: \\(\\(team_id = [^)]+\\) AND \\(\\(${column}\\)::text = ANY`);

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
    expect(await planOf(statements[0])).toMatch(usesIndexOn('order_no'));
    expect(await planOf(statements[1])).toMatch(usesIndexOn('express_no'));
  });

  it('does not look tracking numbers up when every order number is known', async () => {
    const lines = Array.from({ length: 10 }, (_, i) => ({ order_no: `${team}-${6_900_000_100 + i}`, express_company: '圆通速递', express_no: `YT${team}${100 + i}`, shipped_at: null }));
    const statements = await statementsOf((db) => applyShipmentChunk(db, team, lines, Date.now(), emptyCounts()));
    expect(statements).toHaveLength(1);
    expect(await planOf(statements[0])).toMatch(usesIndexOn('order_no'));
  });
});
