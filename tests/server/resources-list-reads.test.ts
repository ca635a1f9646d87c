import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, demoTokens, startTestServer, type TestServer } from '../support/server-harness';
import { f, resourceApi, saveDefinition } from '../support/resources';
import type { ListQuery } from '../../src/contract/resource';
import { dynamic } from '../../server/resources/store';
import { tableOf } from '../../server/resources/custom-tables';

/**
 * Lists of orders as sellers of two teams and the administrator read them, keyword, filter and
 * sort together: read on the read pool, totals counted through the keyword index, a page's rows
 * kept until the table is written. Every answer is checked against the rows themselves.
 */
const CUSTOMERS = ['华南纸业', '星河电子', '明辉贸易', '星河', '远航物流'];
const PER_TEAM = 240;
const NAME = 'reads_probe';

interface Order {
  id: number;
  team_id: number;
  order_no: string;
  customer: string;
  amount: number;
}

describe.each(DIALECTS)('list reads under keywords, filters and sorts on %s', (dialect) => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  const teams: Record<string, number> = {};
  const api = () => resourceApi(server, NAME);

  async function orders(): Promise<Order[]> {
    const rows = await dynamic(server.database.db).selectFrom(tableOf(NAME)).select(['id', 'team_id', 'order_no', 'customer', 'amount']).execute();
    return rows.map((r) => ({ id: Number(r.id), team_id: Number(r.team_id), order_no: String(r.order_no), customer: String(r.customer), amount: Number(r.amount) }));
  }

  /** What the list should answer: the caller's team (every team for the administrator), the keyword in either field, amount desc then id desc. */
  async function expected(user: string, keyword: string, minAmount: number, pageSize: number): Promise<{ ids: number[]; total: number }> {
    const matching = (await orders())
      .filter((o) => user === 'admin' || o.team_id === teams[user])
      .filter((o) => o.order_no.includes(keyword) || o.customer.includes(keyword))
      .filter((o) => o.amount >= minAmount)
      .sort((a, b) => b.amount - a.amount || b.id - a.id);
    return { ids: matching.slice(0, pageSize).map((o) => o.id), total: matching.length };
  }

  async function listed(user: string, keyword: string, minAmount: number, pageSize = 10) {
    const query: ListQuery = { keyword, filters: [{ field: 'amount', op: 'range', value: [minAmount, null] }], sort: [{ field: 'amount', order: 'desc' }], pageSize };
    const answer = (await api().list(tokens[user], query)).body;
    expect(answer.code, answer.msg).toBe(200);
    return { ids: answer.data.rows.map((r) => Number(r.id)), total: answer.data.total, teams: new Set(answer.data.rows.map((r) => Number(r.team_id))) };
  }

  beforeAll(async () => {
    server = await startTestServer(dialect);
    Object.assign(tokens, await demoTokens(server, ['admin', 'seller', 'sunli']));
    const saved = await saveDefinition(server, tokens.admin, {
      name: NAME,
      title: { zh: '订单读取样本', en: 'Order read probe' },
      labelField: 'order_no',
      teamScoped: true,
      version: 1,
      fields: [
        f('order_no', 'string', '订单号', 'Order number', { required: true, searchable: true, indexed: true }),
        f('customer', 'string', '客户', 'Customer', { searchable: true }),
        f('amount', 'money', '金额', 'Amount', { required: true, indexed: true }),
      ],
    });
    expect(saved.body.code, saved.body.msg).toBe(200);
    const db = server.database.db;
    for (const user of ['seller', 'sunli']) {
      teams[user] = (await db.selectFrom('users').select('team_id').where('username', '=', user).executeTakeFirstOrThrow()).team_id!;
    }
    const now = Date.now();
    // Both teams hold the same order numbers and customers: only the team tells their rows apart.
    const rows = ['seller', 'sunli'].flatMap((user, t) =>
      Array.from({ length: PER_TEAM }, (_, i) => ({
        team_id: teams[user],
        version: 1,
        created_by: null,
        created_at: now,
        updated_at: now,
        order_no: `SO${String(100_000 + i * 7).padStart(9, '0')}`,
        customer: CUSTOMERS[(i + t) % CUSTOMERS.length],
        amount: ((i * 37) % 101) * 100 + t,
      })),
    );
    await dynamic(db).insertInto(tableOf(NAME)).values(rows).execute();
  });
  afterAll(() => server.close());

  it('finds a fragment in the middle of an order number and Chinese names of two and four characters, in the caller’s team only', async () => {
    for (const user of ['seller', 'sunli', 'admin']) {
      for (const keyword of ['0012', '011', '星河', '华南纸业', '电子', '不存在']) {
        for (const minAmount of [0, 5000]) {
          const want = await expected(user, keyword, minAmount, 10);
          // Asked twice: the second answer comes from the kept ids and total.
          for (const pass of [1, 2]) {
            const got = await listed(user, keyword, minAmount);
            expect(got.ids, `${user} ${keyword} ≥${minAmount} pass ${pass}`).toEqual(want.ids);
            expect(got.total, `${user} ${keyword} ≥${minAmount} pass ${pass}`).toBe(want.total);
            if (user !== 'admin') expect([...got.teams].every((team) => team === teams[user])).toBe(true);
          }
        }
      }
    }
    // The administrator reads both teams' rows under one keyword.
    expect((await listed('admin', '星河', 0, 100)).teams.size).toBe(2);
  });

  it('answers a kept page again only while the table is unwritten: an edit, a deletion and a row moved to another team show at once', async () => {
    const before = await listed('seller', '星河', 0);
    expect(before.ids.length).toBe(10);

    // An edit through the API: the first row no longer holds the keyword.
    const first = (await api().get(tokens.seller, before.ids[0])).body.data;
    const edited = await api().update(tokens.seller, first.id, first.version, { customer: '百川食品' });
    expect(edited.body.code, edited.body.msg).toBe(200);
    expect((await listed('seller', '星河', 0)).ids).toEqual((await expected('seller', '星河', 0, 10)).ids);
    expect((await listed('seller', '星河', 0)).ids).not.toContain(first.id);

    // A row moved to the other team by a statement of its own (another module, another process).
    const moved = (await listed('seller', '星河', 0)).ids[0];
    await sql`update ${sql.table(tableOf(NAME))} set team_id = ${teams.sunli} where id = ${moved}`.execute(server.database.db);
    const seller = await listed('seller', '星河', 0);
    expect(seller.ids).not.toContain(moved);
    expect(seller).toMatchObject(await expected('seller', '星河', 0, 10));
    expect((await listed('sunli', '星河', 0, 100)).ids).toContain(moved);

    const removed = seller.ids[0];
    expect((await api().remove(tokens.seller, removed)).body.code).toBe(200);
    const after = await listed('seller', '星河', 0);
    expect(after.ids).not.toContain(removed);
    expect(after).toMatchObject(await expected('seller', '星河', 0, 10));
  });

  it('answers a kept page from memory while the table’s counter stands, and its rows as written once it moves', async () => {
    const query: ListQuery = { keyword: '星河', sort: [{ field: 'amount', order: 'desc' }], pageSize: 5 };
    const customers = async () => (await api().list(tokens.sunli, query)).body.data.rows.map((r) => [Number(r.id), r.customer]);
    const before = await customers();
    const [id] = before[0] as [number, string];
    const table = tableOf(NAME);
    const counter = async () => (await sql<{ version: number | string }>`select version from table_versions where name = ${table}`.execute(server.database.db)).rows[0].version;

    // Written behind the counter's back (its trigger's move undone): the page is not read again.
    const stood = await counter();
    await sql`update ${sql.table(table)} set customer = ${'星河百货'} where id = ${id}`.execute(server.database.db);
    await sql`update table_versions set version = ${stood} where name = ${table}`.execute(server.database.db);
    expect(await customers()).toEqual(before);

    // Any write moves it: the page is read again, the row as it is now.
    await sql`update ${sql.table(table)} set amount = amount where id = ${id}`.execute(server.database.db);
    expect((await customers())[0]).toEqual([id, '星河百货']);
  });
});
