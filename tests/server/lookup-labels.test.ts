import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, loginAs, startTestServer, type TestServer } from '../support/server-harness';
import { resourceApi } from '../support/resources';
import { carriedLabel } from '../../src/contract/resource';

describe.each(DIALECTS)('lookup labels on %s', (dialect) => {
  let server: TestServer;
  let admin: string;
  let staff: string;
  const quotes = () => resourceApi(server, 'price_quotes');

  beforeAll(async () => {
    server = await startTestServer(dialect);
    admin = (await loginAs(server, 'admin', 'admin123')).token;
    staff = (await loginAs(server, 'staff', 'staff123')).token;
  });
  afterAll(() => server.close());

  it('come with the rows staff read, though staff may not list users nor the askers’ team', async () => {
    expect((await resourceApi(server, 'users').list(staff)).body.code).toBe(403);
    const names = new Map((await server.database.db.selectFrom('users').select(['id', 'name']).execute()).map((u) => [u.id, u.name]));
    const askNos = new Map((await server.database.db.selectFrom('price_asks').select(['id', 'ask_no']).execute()).map((a) => [a.id, a.ask_no]));
    const page = (await quotes().list(staff, { pageSize: 100 })).body.data;
    expect(page.rows.length).toBeGreaterThan(0);
    for (const row of page.rows) {
      expect(carriedLabel(row, 'ask_id')).toBe(askNos.get(row.ask_id as number));
      if (row.quoted_by !== null) expect(carriedLabel(row, 'quoted_by')).toBe(names.get(row.quoted_by as number));
    }
    const one = (await quotes().get(staff, page.rows[0]!.id)).body.data;
    expect(carriedLabel(one, 'ask_id')).toBe(askNos.get(one.ask_id as number));
  });

  it('come with a record’s history, for the records pointed at before and after a change', async () => {
    // A work order's assignee, changed twice by the seller, who may not list users either.
    const seller = (await loginAs(server, 'seller', 'seller123')).token;
    const workOrders = resourceApi(server, 'work_orders');
    expect((await resourceApi(server, 'users').list(seller)).body.code).toBe(403);
    const order = (await workOrders.list(seller, { pageSize: 1 })).body.data.rows[0]!;
    const users = await server.database.db.selectFrom('users').select(['id', 'name']).where('username', 'in', ['qianwei', 'zhaolei']).orderBy('username').execute();
    let version = order.version;
    for (const user of users) {
      const saved = await workOrders.update(seller, order.id, version, { assignee_id: user.id });
      expect(saved.body.code, saved.body.msg).toBe(200);
      version = saved.body.data.version;
    }
    const [last] = (await workOrders.history(seller, order.id)).body.data.rows;
    const change = last!.changes.find((c) => c.field === 'assignee_id');
    expect(change).toMatchObject({ before: users[0]!.id, after: users[1]!.id, labels: { before: users[0]!.name, after: users[1]!.name } });
  });

  it('follow the records they name at the next list, kept only until their table is written', async () => {
    const db = server.database.db;
    const first = async () => (await quotes().list(admin, { pageSize: 1 })).body.data.rows[0]!;
    const row = await first();
    const team = await db.selectFrom('teams').select(['id', 'name']).where('id', '=', row.team_id!).executeTakeFirstOrThrow();
    const ask = await db.selectFrom('price_asks').select(['id', 'ask_no']).where('id', '=', row.ask_id as number).executeTakeFirstOrThrow();
    expect(carriedLabel(row, 'team_id')).toBe(team.name);
    expect(carriedLabel(row, 'ask_id')).toBe(ask.ask_no);
    await db.updateTable('teams').set({ name: `${team.name} 改` }).where('id', '=', team.id).execute();
    await db.updateTable('price_asks').set({ ask_no: `${ask.ask_no}-R` }).where('id', '=', ask.id).execute();
    const again = await first();
    expect(again.id).toBe(row.id);
    expect(carriedLabel(again, 'team_id')).toBe(`${team.name} 改`);
    expect(carriedLabel(again, 'ask_id')).toBe(`${ask.ask_no}-R`);
    await db.updateTable('teams').set({ name: team.name }).where('id', '=', team.id).execute();
    await db.updateTable('price_asks').set({ ask_no: ask.ask_no }).where('id', '=', ask.id).execute();
    expect(carriedLabel(await first(), 'team_id')).toBe(team.name);
  });

  it('are the same for an administrator, who may read everything', async () => {
    const row = (await quotes().list(admin, { pageSize: 1 })).body.data.rows[0]!;
    expect(carriedLabel(row, 'ask_id')).toEqual(expect.any(String));
  });
});
