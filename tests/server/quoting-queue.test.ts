/**
 * The manual queue (人工处理) as its teams and the operation team use it: staff assign a queued ask to
 * a colleague of the row's team, picked from a list the server scopes to that team (they may not
 * list users); the operation team, which sees every team's rows, is told which team each row is of
 * and can filter by team.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DIALECTS, loginAs, startTestServer, type TestServer } from '../support/server-harness';
import { resourceApi } from '../support/resources';
import { carriedLabel, type ResourceDefinition, type ResourceRecord } from '../../src/contract/resource';
import type { ChoicesAnswer } from '../../src/contract/api/resources';

describe.each(DIALECTS)('the manual queue on %s', (dialect) => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  const passwords: Record<string, string> = { admin: 'admin123', seller: 'seller123', staff: 'staff123' };
  const queue = () => resourceApi(server, 'ask_queue');
  const choices = (token: string, id: number, body: Record<string, unknown>, action = 'assign') =>
    call<ChoicesAnswer>(server, `/api/resources/ask_queue/${id}/actions/${action}/choices`, { token, body });
  const act = (id: number, action: string, token: string, params: Record<string, unknown>) =>
    call<ResourceRecord>(server, `/api/resources/ask_queue/${id}/actions/${action}`, { token, body: { params } });
  const teamOf = async (name: string) => (await server.database.db.selectFrom('teams').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  const userId = async (username: string) => (await server.database.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;

  /** One ask no rule covers: each quoting team gets a row of it in its queue. */
  let cloudRow: ResourceRecord;
  let cloud2Row: ResourceRecord;
  let cloudTeam: number;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    for (const user of ['admin', 'seller', 'sunli', 'staff', 'zhengmin']) tokens[user] = (await loginAs(server, user, passwords[user] ?? 'demo123456')).token;
    const made = await resourceApi(server, 'price_asks').create(tokens.seller, { goods_name: '定制铝合金展架 队列测试', quantity: 3 });
    expect(made.body.code).toBe(200);
    const ask = made.body.data.id;
    const byAsk = { filters: [{ field: 'ask_id', op: 'eq' as const, value: ask }] };
    [cloudRow] = (await queue().list(tokens.staff, byAsk)).body.data.rows;
    [cloud2Row] = (await queue().list(tokens.zhengmin, byAsk)).body.data.rows;
    cloudTeam = cloudRow.team_id!;
  });
  afterAll(() => server.close());

  it("lists exactly the members of the row's team to its staff, by name and searchable, though they may not list users", async () => {
    expect((await resourceApi(server, 'users').list(tokens.staff)).body.code).toBe(403);
    const members = await server.database.db.selectFrom('users').select('name').where('team_id', '=', cloudTeam).execute();
    const listed = await choices(tokens.staff, cloudRow.id, { param: 'assignee_id' });
    expect(listed.body.code).toBe(200);
    expect(listed.body.data.rows.map((r) => r.label).sort()).toEqual(members.map((m) => m.name).sort());
    expect(listed.body.data.rows.map((r) => r.label)).toContain('周杰');
    expect(listed.body.data.rows.map((r) => r.label)).not.toContain('郑敏');
    expect((await choices(tokens.staff, cloudRow.id, { param: 'assignee_id', keyword: '周' })).body.data.rows).toEqual([{ value: await userId('zhoujie'), label: '周杰' }]);
  });

  it("assigns the row to the colleague picked, and refuses one of another team in Chinese", async () => {
    const zhengmin = await userId('zhengmin');
    expect((await act(cloudRow.id, 'assign', tokens.staff, { assignee_id: zhengmin })).body).toMatchObject({ code: 400, msg: '处理人：请选择本团队的成员' });
    const assigned = await act(cloudRow.id, 'assign', tokens.staff, { assignee_id: await userId('zhoujie') });
    expect(assigned.body.code).toBe(200);
    expect(assigned.body.data).toMatchObject({ status: 'claimed', assignee_id: await userId('zhoujie') });
    expect(carriedLabel(assigned.body.data, 'assignee_id')).toBe('周杰');
  });

  it('lists them to the operation team too, and to nobody who may not take the step on the row', async () => {
    const forAdmin = await choices(tokens.admin, cloud2Row.id, { param: 'assignee_id' });
    expect(forAdmin.body.data.rows.map((r) => r.label)).toEqual(['郑敏']);
    // Another quoting team does not see the row; an asking team holds no queue at all.
    expect((await choices(tokens.zhengmin, cloudRow.id, { param: 'assignee_id' })).body.code).toBe(404);
    expect([403, 404]).toContain((await choices(tokens.seller, cloudRow.id, { param: 'assignee_id' })).body.code);
    // A param without team choices, and a step the row's state no longer offers, are refused.
    expect((await choices(tokens.staff, cloudRow.id, { param: 'reason' }, 'decline')).body.code).toBe(400);
    expect((await act(cloud2Row.id, 'decline', tokens.zhengmin, { reason: '无货源' })).body.code).toBe(200);
    expect((await choices(tokens.zhengmin, cloud2Row.id, { param: 'assignee_id' })).body.code).toBe(409);
  });

  it("names each row's team to the operation team, who sees several teams' rows, and filters by team", async () => {
    const ask = Number(cloudRow.ask_id);
    const byAsk = { field: 'ask_id', op: 'eq' as const, value: ask };
    const definition = (token: string) => call<ResourceDefinition>(server, '/api/resources/ask_queue/definition', { method: 'GET', token });
    expect((await definition(tokens.admin)).body.data.severalTeams).toBe(true);
    expect((await definition(tokens.staff)).body.data.severalTeams).toBeUndefined();

    const all = (await queue().list(tokens.admin, { filters: [byAsk] })).body.data.rows;
    expect(all.map((r) => carriedLabel(r, 'team_id')).sort()).toEqual(['云仓报价组', '深圳现货云仓'].sort());
    const one = (await queue().list(tokens.admin, { filters: [byAsk, { field: 'team_id', op: 'eq', value: cloudTeam }] })).body.data.rows;
    expect(one.map((r) => r.id)).toEqual([cloudRow.id]);
    // A team's own staff see their rows only: the list names no team (severalTeams above) and reads
    // no team name; a row read alone, as a detail reads it, names their own team.
    const own = (await queue().list(tokens.staff, { filters: [byAsk] })).body.data.rows;
    expect(own.map((r) => r.id)).toEqual([cloudRow.id]);
    expect(own.map((r) => carriedLabel(r, 'team_id'))).toEqual([null]);
    expect(carriedLabel((await queue().get(tokens.staff, cloudRow.id)).body.data, 'team_id')).toBe('云仓报价组');
    expect(await teamOf('云仓报价组')).toBe(cloudTeam);
  });
});
