import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, loginAs, startTestServer, type TestServer } from '../support/server-harness';
import { f, saveDefinition } from '../support/resources';
import type { ListQuery } from '../../src/contract/resource';
import { loadAccess } from '../../server/auth/access';
import type { ResourceCaller } from '../../server/resources/caller';
import { resourceRegistry } from '../../server/resources/definitions';
import { tableOf } from '../../server/resources/custom-tables';
import { pageQuery } from '../../server/resources/read-records';
import { dynamic, type ResourceStore } from '../../server/resources/store';

/**
 * A first page of a team-scoped resource is read along an index in the list's order, for the
 * administrator (every team: no team condition to lead with) as for a seller of one team: the
 * database stops after the page's rows instead of sorting every row that matches. The plans are
 * the databases' own (SQLite's EXPLAIN QUERY PLAN; PostgreSQL's EXPLAIN with sorting priced out, so
 * a plan sorts only when no index gives the order). Sorting an optional field puts its empty values
 * first ascending and last descending on both databases: PostgreSQL's index says NULLS FIRST.
 */
const NAME = 'admin_plans';
const ROWS = 5000;
const STATUSES = ['paid', 'shipped', 'signed', 'pending', 'refunded'];
const CUSTOMERS = ['华南纸业', '明辉贸易', '星河电子', '百川食品', '远航物流'];

const month: ListQuery['filters'] = [
  { field: 'status', op: 'eq', value: 'paid' },
  { field: 'paid_at', op: 'range', value: [1_000_000, 1_300_000] },
];
/** Pages the bench asks for: a sort alone, a keyword with a sort, a range on the sorted field, a filter with its composite index, the unique field. */
const QUERIES: Array<[string, ListQuery, RegExp]> = [
  ['newest paid first', { sort: [{ field: 'paid_at', order: 'desc' }] }, /_i5t?$/],
  ['a keyword, newest paid first, page 2', { keyword: '明辉', sort: [{ field: 'paid_at', order: 'desc' }], page: 2 }, /_i5t?$/],
  ['an amount range, dearest first', { filters: [{ field: 'amount', op: 'range', value: [20_000, null] }], sort: [{ field: 'amount', order: 'desc' }] }, /_i4t?$/],
  ['a status and a time range, newest first', { filters: month, sort: [{ field: 'paid_at', order: 'desc' }] }, /_c3_5t?$/],
  ['by order number', { sort: [{ field: 'order_no', order: 'asc' }] }, /_[iu]1t?$/],
];

describe.each(DIALECTS)('list pages read along an index for every scope on %s', (dialect) => {
  let server: TestServer;
  let store: ResourceStore;
  const callers: Record<string, ResourceCaller> = {};

  async function callerOf(username: string, scope: number | null): Promise<ResourceCaller> {
    const user = await server.database.db.selectFrom('users').select(['id', 'name', 'team_id']).where('username', '=', username).executeTakeFirstOrThrow();
    return {
      userId: user.id,
      userName: user.name,
      username,
      teamId: user.team_id!,
      teamType: 0,
      scope,
      access: await loadAccess(server.database.db, user.id),
      lang: 'zh',
      ip: '127.0.0.1',
    };
  }

  /** The index the page is read along, or null when the database sorts the matching rows itself. */
  async function orderingIndex(caller: ResourceCaller, query: ListQuery): Promise<string | null> {
    const page = query.page ?? 1;
    const compiled = pageQuery(dynamic(server.database.db), store, caller, query, dialect, null, [sql.ref('id').as('id')])
      .limit(20)
      .offset((page - 1) * 20)
      .compile();
    if (dialect === 'sqlite') {
      const { rows } = await server.database.db.executeQuery<{ detail: string }>({ ...compiled, sql: `explain query plan ${compiled.sql}` });
      const steps = rows.map((r) => r.detail).join('\n');
      return steps.includes('USE TEMP B-TREE FOR ORDER BY') ? null : (/USING (?:COVERING )?INDEX (\w+)/.exec(steps)?.[1] ?? null);
    }
    return server.database.db.transaction().execute(async (trx) => {
      // A few hundred rows are cheaper to sort than to walk: price sorts and whole scans out, so
      // the plan shows whether an index can give the order at all.
      await sql`set local enable_sort = off`.execute(trx);
      await sql`set local enable_seqscan = off`.execute(trx);
      const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>({ ...compiled, sql: `explain ${compiled.sql}` });
      const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
      return /\bSort\b/.test(plan) ? null : (/Index (?:Only )?Scan (?:Backward )?using (\w+)/.exec(plan)?.[1] ?? null);
    });
  }

  beforeAll(async () => {
    server = await startTestServer(dialect);
    const { token } = await loginAs(server, 'admin', 'admin123');
    const saved = await saveDefinition(server, token, {
      name: NAME,
      title: { zh: '计划样本', en: 'Plan probe' },
      labelField: 'order_no',
      teamScoped: true,
      version: 1,
      indexes: [['status', 'paid_at']],
      fields: [
        f('order_no', 'string', '订单号', 'Order number', { required: true, unique: true, searchable: true }),
        f('customer', 'string', '客户', 'Customer', { searchable: true }),
        f('status', 'enum', '状态', 'Status', { required: true, indexed: true, options: STATUSES.map((value) => ({ value, label: { zh: value, en: value } })) }),
        f('amount', 'money', '金额', 'Amount', { required: true, indexed: true }),
        // Optional: some orders are not paid yet.
        f('paid_at', 'datetime', '付款时间', 'Paid at', { indexed: true }),
      ],
    });
    expect(saved.body.code, saved.body.msg).toBe(200);
    store = (await resourceRegistry(server.database).get(NAME))!;
    callers.admin = await callerOf('admin', null);
    const seller = await callerOf('seller', null);
    callers.seller = { ...seller, scope: seller.teamId };
    const other = (await server.database.db.selectFrom('users').select('team_id').where('username', '=', 'sunli').executeTakeFirstOrThrow()).team_id!;
    const rows = Array.from({ length: ROWS }, (_, i) => ({
      team_id: i % 3 === 0 ? other : seller.teamId,
      version: 1,
      created_at: 1_000_000 + i,
      updated_at: 1_000_000 + i,
      order_no: `SO${String(i).padStart(6, '0')}`,
      customer: CUSTOMERS[i % CUSTOMERS.length],
      status: STATUSES[(i * 7) % STATUSES.length],
      amount: (i * 7919) % 100_000,
      paid_at: i % 10 === 0 ? null : 1_000_000 + ((i * 104_729) % 500_000),
    }));
    for (let i = 0; i < ROWS; i += 1000) await dynamic(server.database.db).insertInto(tableOf(NAME)).values(rows.slice(i, i + 1000)).execute();
    await sql`analyze ${sql.table(tableOf(NAME))}`.execute(server.database.db);
  });

  afterAll(async () => {
    await server?.close();
  });

  it.each(QUERIES)("the administrator's page (%s) is read along an index without the team", async (_, query, index) => {
    const used = await orderingIndex(callers.admin, query);
    expect(used).toMatch(index);
    expect(used).not.toMatch(/t$/);
  });

  // Mostly the team's index; PostgreSQL, not knowing an order number is unique within the team,
  // reads the seller's rows by order number along the administrator's index (id breaks ties).
  it.each(QUERIES)("a seller's page (%s) is read along an index", async (_, query, index) => {
    expect(await orderingIndex(callers.seller, query)).toMatch(index);
  });

  it('sorts empty payment times first ascending and last descending, as SQLite does', async () => {
    const ids = async (order: 'asc' | 'desc') =>
      (await pageQuery(dynamic(server.database.db), store, callers.admin, { sort: [{ field: 'paid_at', order }] }, dialect, null, [sql.ref('paid_at').as('paid_at')]).limit(ROWS).execute()).map(
        (row) => row.paid_at,
      );
    const ascending = await ids('asc');
    const descending = await ids('desc');
    const empty = ROWS / 10;
    expect(ascending.slice(0, empty).every((v) => v === null)).toBe(true);
    expect(ascending.slice(empty).every((v) => v !== null)).toBe(true);
    expect(descending.slice(-empty).every((v) => v === null)).toBe(true);
    expect(descending).toEqual([...ascending].reverse());
  });
});
