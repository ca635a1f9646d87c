import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, loginAs, startTestServer, type TestServer } from '../support/server-harness';
import { resourceApi } from '../support/resources';
import { GOODS_LOW_STOCK } from '../../src/contract/api/goods';

const PUBLIC = path.resolve(import.meta.dirname, '../../public');

describe.each(DIALECTS)('demo goods on %s', (dialect) => {
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    admin = (await loginAs(server, 'admin', 'admin123')).token;
  });
  afterAll(() => server.close());

  it('each have a picture bundled with the console, served from the same origin', async () => {
    const rows = (await resourceApi(server, 'goods').list(admin, { pageSize: 200 })).body.data.rows;
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.image, String(row.name)).toMatch(/^\/demo\/goods\/[a-z0-9]+\.svg$/);
      expect(fs.existsSync(path.join(PUBLIC, String(row.image))), String(row.image)).toBe(true);
    }
  });

  it('each have the comments its detail lists, whichever team sells it', async () => {
    const goods = (await resourceApi(server, 'goods').list(admin, { pageSize: 200 })).body.data.rows;
    const comments = (await resourceApi(server, 'goods_comments').list(admin, { pageSize: 500 })).body.data.rows;
    const commented = new Set(comments.map((c) => c.goods_id));
    expect(goods.filter((g) => !commented.has(g.id)).map((g) => g.name)).toEqual([]);
    for (const comment of comments) expect(comment.team_id).toBe(goods.find((g) => g.id === comment.goods_id)!.team_id);
  });

  it('leave a few goods on sale at low stock in every team that sells, as 库存预警 and 商品统计 show', async () => {
    const goods = (await resourceApi(server, 'goods').list(admin, { pageSize: 200 })).body.data.rows;
    const onSale = goods.filter((g) => g.status === 'on_sale');
    for (const team of new Set(onSale.map((g) => g.team_id))) {
      const low = onSale.filter((g) => g.team_id === team && Number(g.stock) <= GOODS_LOW_STOCK);
      expect(low.length, `team ${String(team)}`).toBeGreaterThan(0);
      expect(low.length, `team ${String(team)}`).toBeLessThan(onSale.filter((g) => g.team_id === team).length / 3);
    }
  });
});
