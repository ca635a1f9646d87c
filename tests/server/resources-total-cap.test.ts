import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, loginAs, startTestServer, type TestServer } from '../support/server-harness';
import { f, resourceApi, saveDefinition } from '../support/resources';
import { LIST_TOTAL_CAP } from '../../src/contract/resource';
import { dynamic } from '../../server/resources/store';
import { tableOf } from '../../server/resources/custom-tables';

/** The seller's rows: more than the cap; every tenth one is 'rare'. Another team has as many again. */
const MINE = LIST_TOTAL_CAP + 50;
const RARE = Math.ceil(MINE / 10);

describe.each(DIALECTS)('list totals past the cap on %s', (dialect) => {
  let server: TestServer;
  let seller: string;
  const many = () => resourceApi(server, 'cap_probe');

  beforeAll(async () => {
    server = await startTestServer(dialect);
    const admin = (await loginAs(server, 'admin', 'admin123')).token;
    seller = (await loginAs(server, 'seller', 'seller123')).token;
    const saved = await saveDefinition(server, admin, {
      name: 'cap_probe',
      title: { zh: '计数样本', en: 'Count probe' },
      labelField: 'title',
      teamScoped: true,
      version: 1,
      fields: [f('title', 'string', '标题', 'Title', { required: true }), f('kind', 'string', '类别', 'Kind', { indexed: true })],
    });
    expect(saved.body.code, saved.body.msg).toBe(200);
    const db = server.database.db;
    const teamOf = async (username: string) => (await db.selectFrom('users').select('team_id').where('username', '=', username).executeTakeFirstOrThrow()).team_id!;
    const now = Date.now();
    // Written straight into the table: through the API, ten thousand creates would time the API.
    for (const team of [await teamOf('seller'), await teamOf('sunli')]) {
      const rows = Array.from({ length: MINE }, (_, i) => ({ team_id: team, version: 1, created_by: null, created_at: now, updated_at: now, title: `行 ${i}`, kind: i % 10 === 0 ? 'rare' : 'common' }));
      for (let start = 0; start < rows.length; start += 1000) await dynamic(db).insertInto(tableOf('cap_probe')).values(rows.slice(start, start + 1000)).execute();
    }
  });
  afterAll(() => server.close());

  it('says "more than the cap" instead of counting every row, exactly below it, within the caller’s team', async () => {
    const first = (await many().list(seller, { pageSize: 20 })).body;
    expect(first.code, first.msg).toBe(200);
    expect(first.data).toMatchObject({ total: LIST_TOTAL_CAP, totalCapped: true, page: 1, pageSize: 20 });
    expect(first.data.rows).toHaveLength(20);

    const rare = (await many().list(seller, { pageSize: 20, filters: [{ field: 'kind', op: 'eq', value: 'rare' }] })).body.data;
    expect(rare.total).toBe(RARE);
    expect(rare.totalCapped).toBeUndefined();
  });

  it('keeps a page past the cap, asked for by number, within the total it answers', async () => {
    const page = Math.ceil(MINE / 20);
    const last = (await many().list(seller, { page, pageSize: 20 })).body.data;
    expect(last.rows).toHaveLength(MINE - (page - 1) * 20);
    expect(last).toMatchObject({ total: MINE, totalCapped: true, page });
  });
});
