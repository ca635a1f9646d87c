/**
 * 系统设置 › 更新日志: the release notes every user reads and only administrators write, over the
 * one resource API, with the demo entries a new database starts with.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DIALECTS, loginAs, startTestServer, type TestServer } from '../support/server-harness';
import { resourceApi, upload } from '../support/resources';
import { Code } from '../../src/contract/envelope';
import type { IndexInitData, MenuItem } from '../../src/contract/api/auth';
import type { ResourceDefinition } from '../../src/contract/resource';
import { seedChangeLog } from '../../server/db/seed/change-log';

const ENTRY = { version_no: '9.9.0', released_on: '2026-11-20', kind: 'feature', title: '测试条目：批量改价', content: '第一行说明\n第二行说明' };

const leaves = (items: MenuItem[]): string[] => items.flatMap((item) => (item.children.length ? leaves(item.children) : [item.path]));

describe.each(DIALECTS)('the change log on %s', (dialect) => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  const logs = () => resourceApi(server, 'change_logs');
  beforeAll(async () => {
    server = await startTestServer(dialect);
    for (const [user, password] of [['admin', 'admin123'], ['seller', 'seller123'], ['staff', 'staff123'], ['qianwei', 'demo123456']]) {
      tokens[user] = (await loginAs(server, user, password)).token;
    }
  });
  afterAll(() => server.close());

  it('starts with the demo entries, newest first, each with a version, a date, a kind, a title and its lines', async () => {
    const page = (await logs().list(tokens.seller, { sort: [{ field: 'released_on', order: 'desc' }], pageSize: 50 })).body.data;
    expect(page.total).toBeGreaterThanOrEqual(10);
    expect(page.total).toBeLessThanOrEqual(15);
    const dates = page.rows.map((row) => String(row.released_on));
    expect(dates).toEqual([...dates].sort().reverse());
    for (const row of page.rows) {
      expect(row.version_no).toMatch(/^\d+\.\d+\.\d+$/);
      expect(['feature', 'improvement', 'fix']).toContain(row.kind);
      expect(String(row.title).length).toBeGreaterThan(3);
      expect(String(row.content)).toContain('\n');
    }
    expect(new Set(page.rows.map((row) => row.kind))).toEqual(new Set(['feature', 'improvement', 'fix']));
    // Sellers read them too: no developer's words (the sweep refuses 设计器 on a non-admin's page).
    expect(page.rows.filter((row) => /设计器|[a-z]+\/[a-z-]+/.test(`${String(row.title)} ${String(row.content)}`)).map((row) => row.title)).toEqual([]);
  });

  it('adds nothing when the demo entries are seeded again', async () => {
    const before = (await logs().list(tokens.admin)).body.data.total;
    await seedChangeLog(server.database.db, Date.now());
    expect((await logs().list(tokens.admin)).body.data.total).toBe(before);
  });

  it('gives every demo role the 更新日志 menu, and its kinds in both languages', async () => {
    for (const user of ['seller', 'staff', 'qianwei']) {
      const init = (await call<IndexInitData>(server, '/api/index/index-init', { token: tokens[user] })).body.data;
      expect(leaves(init.menu)).toContain('/setting/change-log');
    }
    const definition = (await call<ResourceDefinition>(server, '/api/resources/change_logs/definition', { method: 'GET', token: tokens.seller })).body.data;
    expect(definition.fields.find((field) => field.name === 'kind')?.options?.map((option) => [option.label.zh, option.label.en])).toEqual([
      ['新功能', 'New'],
      ['优化', 'Improved'],
      ['修复', 'Fixed'],
    ]);
  });

  it('finds entries by a word of the title or the content, by kind and by release date', async () => {
    const byWord = async (keyword: string) => (await logs().list(tokens.seller, { keyword })).body.data.rows.map((row) => row.title);
    expect(await byWord('深色')).toContain('深色主题');
    // A word only the content holds: 快手 is in the 对账 entry's lines, not its title.
    expect(await byWord('GB18030')).toEqual(['对账：导入抖音、快手、微信小店账单']);
    const fixes = (await logs().list(tokens.seller, { filters: [{ field: 'kind', op: 'eq', value: 'fix' }] })).body.data.rows;
    expect(fixes.length).toBeGreaterThan(0);
    expect(fixes.every((row) => row.kind === 'fix')).toBe(true);
    const all = (await logs().list(tokens.seller, { pageSize: 50 })).body.data.rows.map((row) => String(row.released_on)).sort();
    const [from, to] = [all[2]!, all[5]!];
    const ranged = (await logs().list(tokens.seller, { filters: [{ field: 'released_on', op: 'dateRange', value: [from, to] }] })).body.data.rows;
    expect(ranged.map((row) => String(row.released_on)).sort()).toEqual(all.filter((date) => date >= from && date <= to));
  });

  it('lets an administrator add, change and delete an entry', async () => {
    const created = await logs().create(tokens.admin, ENTRY);
    expect(created.body.code).toBe(Code.ok);
    const record = created.body.data;
    expect(record).toMatchObject({ ...ENTRY, version: 1 });
    const updated = await logs().update(tokens.admin, record.id, 1, { kind: 'fix', content: '只剩一行' });
    expect(updated.body.data).toMatchObject({ kind: 'fix', content: '只剩一行', version: 2, title: ENTRY.title });
    expect((await logs().get(tokens.seller, record.id)).body.data).toMatchObject({ kind: 'fix', version: 2 });
    expect((await logs().remove(tokens.admin, record.id, 2)).body.code).toBe(Code.ok);
    expect((await logs().get(tokens.admin, record.id)).body.code).toBe(Code.notFound);
  });

  it('lets a seller, a quoter and a team manager read but refuses their writes with the forbidden code', async () => {
    const { data: record } = (await logs().create(tokens.admin, { ...ENTRY, title: '测试条目：只读' })).body;
    for (const user of ['seller', 'staff', 'qianwei']) {
      expect((await logs().get(tokens[user]!, record.id)).body.code).toBe(Code.ok);
      const refusals = [
        await logs().create(tokens[user]!, ENTRY),
        await logs().update(tokens[user]!, record.id, 1, { title: '改了' }),
        await logs().remove(tokens[user]!, record.id, 1),
        await logs().bulkDelete(tokens[user]!, [record.id]),
      ];
      expect(refusals.map((answer) => answer.body.code)).toEqual([Code.forbidden, Code.forbidden, Code.forbidden, Code.forbidden]);
    }
    expect((await logs().get(tokens.admin, record.id)).body.data).toMatchObject({ title: '测试条目：只读', version: 1 });
    await logs().remove(tokens.admin, record.id);
  });

  it('takes a release note sheet from an administrator (its 导入 button), headed by the column titles, and refuses it from the others', async () => {
    const sheet = '版本号,发布日期,类型,标题,内容\n9.8.0,2026-11-21,修复,测试导入：对账金额取整,导入的第一行\n9.8.1,2026-11-22,新功能,测试导入：批量上架,导入的第二行\n';
    const file = { name: '更新日志.csv', type: 'text/csv', bytes: sheet };
    for (const user of ['seller', 'staff', 'qianwei']) {
      expect((await upload(server, '/api/resources/change_logs/import', tokens[user]!, file)).status).toBe(403);
    }
    const answer = await upload(server, '/api/resources/change_logs/import', tokens.admin, file);
    expect(answer.body.data).toMatchObject({ total: 2, written: 2, errors: [] });
    const found = (await logs().list(tokens.seller, { keyword: '测试导入', sort: [{ field: 'version_no', order: 'asc' }] })).body.data.rows;
    expect(found.map((row) => [row.version_no, row.released_on, row.kind, row.title])).toEqual([
      ['9.8.0', '2026-11-21', 'fix', '测试导入：对账金额取整'],
      ['9.8.1', '2026-11-22', 'feature', '测试导入：批量上架'],
    ]);
    await logs().bulkDelete(tokens.admin, found.map((row) => row.id));
  });

  it('refuses bad input with the bad-request code and the field it is about, never a server error', async () => {
    // The message names the field by its title.
    const cases: Array<[values: Record<string, unknown>, field: string]> = [
      [{ ...ENTRY, version_no: 'v1.4' }, '版本号'],
      [{ ...ENTRY, released_on: '2026-02-30' }, '发布日期'],
      [{ ...ENTRY, released_on: 'yesterday' }, '发布日期'],
      [{ ...ENTRY, kind: 'breaking' }, '类型'],
      [{ ...ENTRY, title: '' }, '标题'],
      [{ ...ENTRY, title: 'x'.repeat(201) }, '标题'],
      [{ ...ENTRY, content: 'x'.repeat(5001) }, '内容'],
      [{ version_no: '1.0.0', released_on: '2026-11-20', kind: 'fix', title: '没有内容' }, '内容'],
      [{ ...ENTRY, content: { lines: 2 } }, '内容'],
    ];
    for (const [values, field] of cases) {
      const answer = await logs().create(tokens.admin, values);
      expect(answer.status, JSON.stringify(values).slice(0, 80)).toBeLessThan(500);
      expect(answer.body.code, field).toBe(Code.badRequest);
      expect(answer.body.msg, field).toMatch(new RegExp(`^${field}[： ]`));
    }
    const versionWords = await logs().create(tokens.admin, { ...ENTRY, version_no: 'v1.4' });
    expect(versionWords.body.msg).toContain('请输入版本号，如 1.4.0');
    const english = await logs().create(tokens.admin, { ...ENTRY, version_no: 'v1.4' }, 'en');
    expect(english.body.msg).toContain('Enter a version such as 1.4.0');
  });
});
