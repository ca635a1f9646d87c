/**
 * 海报设计 over the real server: a seller makes, lists, saves and deletes their team's posters, each
 * write logged; a teammate's save over a stale version is refused with nothing lost; another team
 * gets 404s; a reader without write gets 403 on writes; javascript: links, other origins' pictures,
 * unknown kinds and oversize documents are refused in Chinese; the demo shops have posters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DIALECTS, demoTokens, startTestServer, type TestServer } from '../support/server-harness';
import { samplePosterDoc as doc } from '../support/poster-doc';
import type { Poster, PosterDoc, PosterList } from '../../src/contract/api/posters';

describe.each(DIALECTS)('海报设计 on %s', (dialect) => {
  let server: TestServer;
  const tokens: Record<'seller' | 'zhaolei' | 'sunli' | 'admin' | 'qianwei' | 'staff', string> = { seller: '', zhaolei: '', sunli: '', admin: '', qianwei: '', staff: '' };

  const create = (token: string, body: object) => call<Poster>(server, '/api/goods/posters', { token, body });
  const save = (token: string, id: number, body: object) => call<Poster>(server, `/api/goods/posters/${id}`, { method: 'PUT', token, body });
  const open = (token: string, id: number) => call<Poster>(server, `/api/goods/posters/${id}`, { method: 'GET', token });
  const list = (token: string, query = '') => call<PosterList>(server, `/api/goods/posters${query}`, { method: 'GET', token });
  const remove = (token: string, id: number) => call<null>(server, `/api/goods/posters/${id}`, { method: 'DELETE', token });
  const logged = (action: string, id: number) =>
    server.database.db.selectFrom('system_logs').select(['username', 'detail']).where('action', '=', `poster-${action}`).where('target', '=', `goods_posters:${id}`).execute();

  beforeAll(async () => {
    server = await startTestServer(dialect);
    Object.assign(tokens, await demoTokens(server, ['seller', 'zhaolei', 'sunli', 'admin', 'qianwei', 'staff']));
  });
  afterAll(() => server.close());

  it('makes, lists, reopens, saves and deletes a team’s poster, logging each write', async () => {
    const made = await create(tokens.seller, { name: '双十二海报', doc: doc() });
    expect(made.body.code).toBe(200);
    const poster = made.body.data;
    expect(poster).toMatchObject({ name: '双十二海报', team_name: '华南采购一部', width: 750, height: 1334, version: 1, updated_by_name: '王小美' });
    expect(poster.doc).toEqual(doc());

    // A teammate sees it first in the list and opens it as saved.
    const theirs = (await list(tokens.zhaolei)).body.data.rows;
    expect(theirs[0].id).toBe(poster.id);
    expect((await open(tokens.zhaolei, poster.id)).body.data.doc).toEqual(doc());

    const changed = { ...doc(), elements: doc().elements.map((element) => (element.id === 'headline' ? { ...element, x: 60, text: '今日秒杀' } : element)) };
    const saved = await save(tokens.zhaolei, poster.id, { name: '双十二海报 v2', doc: changed, version: 1 });
    expect(saved.body.data).toMatchObject({ name: '双十二海报 v2', version: 2, updated_by_name: '赵磊' });
    expect((await open(tokens.seller, poster.id)).body.data.doc.elements.find((element) => element.id === 'headline')).toMatchObject({ x: 60, text: '今日秒杀' });

    expect(await logged('create', poster.id)).toEqual([{ username: 'seller', detail: '双十二海报' }]);
    expect(await logged('update', poster.id)).toEqual([{ username: 'zhaolei', detail: '双十二海报 v2' }]);

    expect((await remove(tokens.seller, poster.id)).body.code).toBe(200);
    expect((await open(tokens.seller, poster.id)).status).toBe(404);
    expect((await list(tokens.seller)).body.data.rows.some((row) => row.id === poster.id)).toBe(false);
    expect(await logged('delete', poster.id)).toEqual([{ username: 'seller', detail: '双十二海报 v2' }]);
  });

  it('refuses a save over a version a teammate has saved since, and keeps theirs', async () => {
    const poster = (await create(tokens.seller, { name: '并发测试', doc: doc() })).body.data;
    expect((await save(tokens.zhaolei, poster.id, { name: '赵磊改的', doc: doc(), version: 1 })).body.code).toBe(200);
    const stale = await save(tokens.seller, poster.id, { name: '王小美改的', doc: { ...doc(), elements: [] }, version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toMatch(/^这张海报已被 赵磊 于 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} 保存过，不能覆盖：请另存为新海报/);
    const kept = (await open(tokens.seller, poster.id)).body.data;
    expect(kept).toMatchObject({ name: '赵磊改的', version: 2 });
    expect(kept.doc.elements.length).toBe(doc().elements.length);
    // 另存为: the refused work kept as a new poster.
    const copy = await create(tokens.seller, { name: '王小美改的 副本', doc: { ...doc(), elements: [] } });
    expect(copy.body.data).toMatchObject({ version: 1, name: '王小美改的 副本' });
  });

  it('keeps teams apart: another team neither lists, opens, saves nor deletes it; an administrator sees it and picks a team', async () => {
    const poster = (await create(tokens.seller, { name: '华南专属', doc: doc() })).body.data;
    expect((await list(tokens.sunli)).body.data.rows.some((row) => row.id === poster.id)).toBe(false);
    for (const answer of [await open(tokens.sunli, poster.id), await save(tokens.sunli, poster.id, { name: '偷改', doc: doc(), version: 1 }), await remove(tokens.sunli, poster.id)]) {
      expect([answer.status, answer.body.msg]).toEqual([404, '海报不存在']);
    }
    expect((await open(tokens.seller, poster.id)).body.data).toMatchObject({ name: '华南专属', version: 1 });
    // A member naming another team is refused, as 商品管理 and 文件管理 refuse it, and nothing is made.
    const foreign = await create(tokens.sunli, { team_id: poster.team_id, name: '华东的', doc: doc() });
    expect([foreign.status, foreign.body.msg]).toEqual([403, '没有权限']);
    expect((await list(tokens.sunli, `?team_id=${poster.team_id}`)).status).toBe(403);
    expect((await list(tokens.sunli)).body.data.rows.some((row) => row.name === '华东的')).toBe(false);
    const sent = (await create(tokens.sunli, { name: '华东的', doc: doc() })).body.data;
    expect(sent.team_id).not.toBe(poster.team_id);

    const all = (await list(tokens.admin)).body.data.rows;
    expect(all.some((row) => row.id === poster.id) && all.some((row) => row.id === sent.id)).toBe(true);
    const one = (await list(tokens.admin, `?team_id=${poster.team_id}`)).body.data.rows;
    expect(one.length).toBeGreaterThan(0);
    expect(one.every((row) => row.team_id === poster.team_id)).toBe(true);
    const noTeam = await create(tokens.admin, { name: '管理员的', doc: doc() });
    expect([noTeam.status, noTeam.body.msg]).toEqual([400, '请先选择海报所属的团队']);
    expect((await create(tokens.admin, { team_id: poster.team_id, name: '管理员替团队做的', doc: doc() })).body.data.team_name).toBe('华南采购一部');
    expect((await list(tokens.admin, '?team_id=999999')).status).toBe(404);
  });

  it('gives a reader without write the posters to read only, and a caller without either nothing', async () => {
    expect((await list(tokens.staff)).status).toBe(403);
    // The demo's team manager holds posters:read alone.
    const poster = (await create(tokens.seller, { name: '只读测试', doc: doc() })).body.data;
    expect((await list(tokens.qianwei)).body.data.rows.some((row) => row.id === poster.id)).toBe(true);
    expect((await open(tokens.qianwei, poster.id)).body.data.name).toBe('只读测试');
    for (const answer of [await create(tokens.qianwei, { name: '不许', doc: doc() }), await save(tokens.qianwei, poster.id, { name: '不许', doc: doc(), version: 1 }), await remove(tokens.qianwei, poster.id)]) {
      expect(answer.status).toBe(403);
    }
    expect((await open(tokens.seller, poster.id)).body.data).toMatchObject({ name: '只读测试', version: 1 });
  });

  it('refuses javascript: links, other sites’ pictures, unknown kinds, bad colours and oversize documents, naming the element', async () => {
    const withElement = (element: object): PosterDoc => ({ ...doc(), elements: [...doc().elements, element as PosterDoc['elements'][number]] });
    const qr = { id: 'bad', kind: 'qr', x: 0, y: 0, w: 100, h: 100, color: '#000000', background: '#ffffff' };
    const n = doc().elements.length + 1;
    const cases: Array<[PosterDoc, number, string]> = [
      [withElement({ ...qr, link: 'javascript:alert(1)' }), 400, `第 ${n} 个元素的二维码链接只能是 http(s) 网址或本站路径（以 / 开头）`],
      [withElement({ ...qr, link: '//evil.example.com/x' }), 400, `第 ${n} 个元素的二维码链接只能是 http(s) 网址或本站路径（以 / 开头）`],
      [withElement({ id: 'pic', kind: 'image', x: 0, y: 0, w: 10, h: 10, src: { url: 'https://evil.example.com/a.png' }, fit: 'cover', radius: 0 }), 400, `第 ${n} 个元素的图片只能来自本站（以 / 开头的路径）或文件管理`],
      [withElement({ id: 'x', kind: 'script', x: 0, y: 0, w: 10, h: 10 }), 400, `第 ${n} 个元素的类型不认识`],
      [withElement({ id: 'r', kind: 'rect', x: 0, y: 0, w: 10, h: 10, radius: 0, fill: { type: 'solid', color: 'red' } }), 400, `第 ${n} 个元素的「fill」取值有误`],
      [withElement({ id: 'big', kind: 'text', x: 0, y: 0, w: 10, h: 99_999, text: 'a', size: 20, color: '#000000', weight: 'bold', align: 'left' }), 400, `第 ${n} 个元素的「h」取值有误`],
      [withElement({ ...doc().elements[1] }), 400, `第 ${n} 个元素的编号 headline 重复`],
      [{ ...doc(), width: 50 }, 400, '海报文档不合规：「width」取值有误'],
    ];
    for (const [sent, status, msg] of cases) {
      const refused = await create(tokens.seller, { name: '坏海报', doc: sent });
      expect([refused.status, refused.body.msg]).toEqual([status, msg]);
    }
    const long = Array.from({ length: 60 }, (_, i) => ({ id: `t${i}`, kind: 'text', x: 0, y: 0, w: 100, h: 100, text: '长'.repeat(2000), size: 20, color: '#000000', weight: 'normal', align: 'left' }));
    const oversize = await create(tokens.seller, { name: '太大', doc: { ...doc(), elements: long } });
    expect(oversize.status).toBe(413);
    expect(oversize.body.msg).toMatch(/^海报内容过大（约 \d+ KB），最多 100 KB/);
    expect((await list(tokens.seller)).body.data.rows.some((row) => row.name === '坏海报' || row.name === '太大')).toBe(false);
  });

  it('seeds posters for the demo shops from their own goods', async () => {
    const sunli = (await list(tokens.sunli)).body.data.rows.filter((row) => row.updated_by_name !== '' && !row.name.includes('华东的'));
    expect(sunli.length).toBeGreaterThanOrEqual(3);
    expect(new Set(sunli.map((row) => `${row.width}x${row.height}`))).toEqual(new Set(['750x1334', '800x800', '1200x500']));
    const goodsIds = sunli.flatMap((row) => row.doc.elements.flatMap((element) => (element.kind === 'goods' ? [element.goods_id] : [])));
    for (const id of goodsIds) expect((await call(server, '/api/resources/goods/get', { token: tokens.sunli, body: { id } })).body.code).toBe(200);
  });
});
