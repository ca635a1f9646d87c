/**
 * Which teams quoting's readers are told of (issue 15). The 所属团队 filter offers the teams whose
 * rows the reader may read, under the rows' own visibility: a quoting team the asking teams of its
 * market, an asker the quoting teams that quoted it, the operation team every team with rows, and
 * nobody a team none of whose rows they may read — though only administrators may list teams. A
 * list's export writes the team's name where the list shows it, and every record carries its
 * team's name for whoever reads it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { call, DIALECTS, loginAs, startTestServer, type TestServer } from '../support/server-harness';
import { resourceApi } from '../support/resources';
import { carriedLabel, type ListQuery, type ResourceDefinition, type ResourceRecord } from '../../src/contract/resource';
import type { ChoicesAnswer } from '../../src/contract/api/resources';

const SELLER_TEAM = '华南采购一部';
const SUNLI_TEAM = '华东采购二部';
const THIRD_TEAM = '华北采购三部';
const CLOUD = '云仓报价组';
const CLOUD2 = '深圳现货云仓';

describe.each(DIALECTS)('the teams of quoting rows on %s', (dialect) => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  const passwords: Record<string, string> = { admin: 'admin123', seller: 'seller123', staff: 'staff123' };
  const asks = () => resourceApi(server, 'price_asks');
  const rowTeams = (resource: string, token: string, keyword?: string) =>
    call<ChoicesAnswer>(server, `/api/resources/${resource}/teams`, { token, body: keyword ? { keyword } : {} });
  const teamNames = async (resource: string, token: string) => {
    const answer = await rowTeams(resource, token);
    expect(answer.body.code).toBe(200);
    return answer.body.data.rows.map((r) => r.label).sort();
  };
  const exported = (resource: string, token: string, format: 'csv' | 'xlsx', query: ListQuery) =>
    fetch(`${server.url}/api/resources/${resource}/export?format=${format}&query=${encodeURIComponent(JSON.stringify(query))}`, { headers: { authorization: `Bearer ${token}` } });

  /** An ask of the second asking team, open, which the second quoting team has quoted. */
  let sunliAsk: ResourceRecord;
  let thirdTeam: number;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    for (const user of ['admin', 'seller', 'sunli', 'staff', 'zhengmin']) tokens[user] = (await loginAs(server, user, passwords[user] ?? 'demo123456')).token;
    const made = await asks().create(tokens.sunli, { goods_name: '手工定制木质礼盒 团队筛选', quantity: 20 });
    expect(made.body.code).toBe(200);
    sunliAsk = made.body.data;
    const quoted = await resourceApi(server, 'price_quotes').create(tokens.zhengmin, { ask_id: sunliAsk.id, quote_type: 'spot', price_fen: 5000, quantity: 20, delivery_days: 2 });
    expect(quoted.body.code).toBe(200);

    // A third asking team whose only ask the second quoting team quoted before it was closed; no
    // other quoting team queued or quoted it, so it has left their market.
    const { db } = server.database;
    const now = Date.now();
    thirdTeam = (await db.insertInto('teams').values({ name: THIRD_TEAM, type: 1, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
    const closed = (await asks().create(tokens.seller, { goods_name: '手工定制木质礼盒 已关闭', quantity: 5 })).body.data;
    expect((await resourceApi(server, 'price_quotes').create(tokens.zhengmin, { ask_id: closed.id, quote_type: 'transfer', price_fen: 4000, quantity: 5, delivery_days: 6 })).body.code).toBe(200);
    await db.deleteFrom('ask_queue').where('ask_id', '=', closed.id).execute();
    await db.deleteFrom('auto_quote_log').where('ask_id', '=', closed.id).execute();
    await db.updateTable('price_asks').set({ team_id: thirdTeam, status: 'closed' }).where('id', '=', closed.id).execute();
  });
  afterAll(() => server.close());

  it('offers a quoting team the asking teams of its market, though it may not list teams', async () => {
    expect((await resourceApi(server, 'teams').list(tokens.staff)).body.code).toBe(403);
    const definition = await call<ResourceDefinition>(server, '/api/resources/price_asks/definition', { method: 'GET', token: tokens.staff });
    expect(definition.body.data.severalTeams).toBe(true);
    expect(await teamNames('price_asks', tokens.staff)).toEqual([SELLER_TEAM, SUNLI_TEAM].sort());
    // The second quoting team quoted the third team's ask: that ask, and so its team, it still sees.
    expect(await teamNames('price_asks', tokens.zhengmin)).toEqual([SELLER_TEAM, SUNLI_TEAM, THIRD_TEAM].sort());
    // The choices carry the ids the list filters by.
    const sunliTeam = (await rowTeams('price_asks', tokens.staff, '华东')).body.data.rows;
    expect(sunliTeam).toEqual([{ value: sunliAsk.team_id, label: SUNLI_TEAM }]);
    const filtered = (await asks().list(tokens.staff, { filters: [{ field: 'team_id', op: 'eq', value: sunliTeam[0].value }], pageSize: 100 })).body.data.rows;
    expect(filtered.map((r) => r.id)).toContain(sunliAsk.id);
    expect(new Set(filtered.map((r) => carriedLabel(r, 'team_id')))).toEqual(new Set([SUNLI_TEAM]));
  });

  it('offers an asker the quoting teams that quoted its asks, and a quoting team its own quotes’ team', async () => {
    for (const asker of ['seller', 'sunli']) expect(await teamNames('price_quotes', tokens[asker])).toEqual([CLOUD, CLOUD2].sort());
    expect(await teamNames('price_quotes', tokens.staff)).toEqual([CLOUD]);
    expect(await teamNames('price_asks', tokens.seller)).toEqual([SELLER_TEAM]);
    expect(await teamNames('price_asks', tokens.sunli)).toEqual([SUNLI_TEAM]);
  });

  it('offers the operation team every team with rows, and nobody else a team none of whose rows they may read', async () => {
    expect(await teamNames('price_asks', tokens.admin)).toEqual([SELLER_TEAM, SUNLI_TEAM, THIRD_TEAM].sort());
    expect((await rowTeams('price_asks', tokens.admin, '华北')).body.data.rows).toEqual([{ value: thirdTeam, label: THIRD_TEAM }]);
    for (const user of ['seller', 'sunli', 'staff']) {
      for (const resource of ['price_asks', 'price_quotes', 'ask_queue', 'quote_rules']) {
        const answer = await rowTeams(resource, tokens[user]);
        if (answer.body.code === 200) expect(answer.body.data.rows.map((r) => r.label)).not.toContain(THIRD_TEAM);
      }
    }
    expect((await asks().list(tokens.staff, { filters: [{ field: 'team_id', op: 'eq', value: thirdTeam }] })).body.data.total).toBe(0);
  });

  it('refuses, in Chinese, the teams of a resource whose rows belong to no team, of one the reader may not list, and of none', async () => {
    expect((await rowTeams('teams', tokens.admin)).body).toMatchObject({ code: 400, msg: '「团队」的记录不分团队，没有团队可选' });
    expect((await rowTeams('quote_rules', tokens.sunli)).body.code).toBe(403);
    expect((await rowTeams('no_such_thing', tokens.admin)).body.code).toBe(404);
    expect((await call(server, '/api/resources/price_asks/teams', { token: tokens.staff, body: { keyword: 'x'.repeat(65) } })).body.code).toBe(400);
  });

  it("exports the team's name where the list shows the team, as CSV and XLSX", async () => {
    const query: ListQuery = { filters: [{ field: 'ask_id', op: 'eq', value: sunliAsk.id }] };
    const csv = parse(await (await exported('price_quotes', tokens.sunli, 'csv', query)).text(), { bom: true }) as string[][];
    const team = csv[0].indexOf('所属团队');
    expect(team).toBeGreaterThan(-1);
    expect(csv.slice(1).map((row) => row[team])).toEqual([CLOUD2]);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await (await exported('price_asks', tokens.staff, 'xlsx', { filters: [{ field: 'ask_no', op: 'eq', value: String(sunliAsk.ask_no) }] })).arrayBuffer());
    const sheet = workbook.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    const column = header.indexOf('所属团队');
    expect(column).toBeGreaterThan(-1);
    expect(sheet.getRow(2).getCell(column).value).toBe(SUNLI_TEAM);

    // A reader of their own team's rows only is shown no team, and the file has none either.
    const own = parse(await (await exported('price_asks', tokens.sunli, 'csv', {})).text(), { bom: true }) as string[][];
    expect(own[0]).not.toContain('所属团队');
    expect(own.length).toBeGreaterThan(1);
  });

  it("gives a reader of one team's rows their team's name with a record read alone, never another's, and reads none for their list", async () => {
    const record = (await asks().get(tokens.sunli, sunliAsk.id)).body.data;
    expect(carriedLabel(record, 'team_id')).toBe(SUNLI_TEAM);
    const quotes = (await resourceApi(server, 'price_quotes').list(tokens.zhengmin, { filters: [{ field: 'ask_id', op: 'eq', value: sunliAsk.id }] })).body.data.rows;
    // Their list shows no team column, so it carries no team's name.
    expect(quotes.map((q) => carriedLabel(q, 'team_id'))).toEqual([null]);
    const quote = (await resourceApi(server, 'price_quotes').get(tokens.zhengmin, quotes[0].id)).body.data;
    expect(carriedLabel(quote, 'team_id')).toBe(CLOUD2);
    const definition = await call<ResourceDefinition>(server, '/api/resources/price_quotes/definition', { method: 'GET', token: tokens.zhengmin });
    expect(definition.body.data.severalTeams).toBeUndefined();
  });
});
