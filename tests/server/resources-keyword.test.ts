import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, loginAs, startTestServer, type TestServer } from '../support/server-harness';
import { f, resourceApi, saveDefinition } from '../support/resources';
import { keywordCandidates } from '../../server/resources/keyword-index';
import { keptCache } from '../../server/resources/kept';
import { dynamic } from '../../server/resources/store';

/**
 * A list's keyword goes through the keyword index (SQLite FTS5 trigrams, PostgreSQL pg_trgm) and
 * still answers exactly what a LIKE over the searchable fields answered: any length of keyword,
 * Chinese words of one and two characters, values of one and two characters, case, % and _
 * taken literally, and the index kept in step with creates, updates and deletes.
 */
const TITLES = [
  '华南纸业',
  '纸业',
  '纸',
  '明辉贸易 ABC-001',
  'abc 小写',
  'Émile 法式',
  'émile 小写',
  '满 100% 减',
  '保温杯_1',
  '说 "好" 的',
  '星河电子',
  'x',
];
/** A searchable memo on some rows; `code` is not searchable, so a keyword never finds it there. */
const MEMOS: Record<string, string> = { 星河电子: '纸业 合作伙伴', x: '业' };
const CODE = 'QQZZ';
const KEYWORDS = ['纸', '纸业', '华南纸业', '南纸', '业', 'abc', 'AbC', 'a', 'b', 'AB', 'c-0', '%', '100%', '_', '_1', '"', '"好"', 'É', 'émile', 'ÉMILE', 'x', 'qqzz', '不存在的词', '子'];

/** SQLite's LIKE ignores the case of ASCII letters only; PostgreSQL's ILIKE that of every letter. */
function folding(dialect: string): (text: string) => string {
  return dialect === 'postgres' ? (text) => text.toLowerCase() : (text) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());
}

describe.each(DIALECTS)('keyword search through the keyword index on %s', (dialect) => {
  let server: TestServer;
  let seller: string;
  const api = () => resourceApi(server, 'kwprobe');
  const rows = new Map<string, { title: string; memo: string | null }>();
  const fold = folding(dialect);

  beforeAll(async () => {
    server = await startTestServer(dialect);
    const admin = (await loginAs(server, 'admin', 'admin123')).token;
    seller = (await loginAs(server, 'seller', 'seller123')).token;
    const saved = await saveDefinition(server, admin, {
      name: 'kwprobe',
      title: { zh: '关键词样本', en: 'Keyword probe' },
      labelField: 'title',
      teamScoped: true,
      version: 1,
      fields: [
        f('title', 'string', '标题', 'Title', { required: true, searchable: true }),
        f('memo', 'text', '备注', 'Memo', { searchable: true }),
        f('code', 'string', '编码', 'Code'),
      ],
    });
    expect(saved.body.code, saved.body.msg).toBe(200);
    for (const title of TITLES) {
      const memo = MEMOS[title] ?? null;
      const created = await api().create(seller, { title, memo, code: CODE });
      expect(created.body.code, created.body.msg).toBe(200);
      rows.set(String(created.body.data.id), { title, memo });
    }
  });
  afterAll(() => server.close());

  /** What a LIKE over the searchable fields answers, in id order. */
  function expected(keyword: string): string[] {
    const wanted = fold(keyword);
    return [...rows.entries()]
      .filter(([, row]) => [row.title, row.memo].some((value) => value !== null && fold(value).includes(wanted)))
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([, row]) => row.title);
  }

  async function found(keyword: string): Promise<string[]> {
    const answer = await api().list(seller, { keyword, pageSize: 100, sort: [{ field: 'id', order: 'asc' }] });
    expect(answer.body.code, answer.body.msg).toBe(200);
    expect(answer.body.data.total).toBe(answer.body.data.rows.length);
    return answer.body.data.rows.map((r) => String(r.title));
  }

  it('answers the rows a LIKE answers, for keywords of every length', async () => {
    for (const keyword of KEYWORDS) expect(await found(keyword), keyword).toEqual(expected(keyword));
    // A few answers spelled out, so the emulation above is not the only judge.
    expect(await found('纸业')).toEqual(['华南纸业', '纸业', '星河电子']);
    expect(await found('纸')).toEqual(['华南纸业', '纸业', '纸', '星河电子']);
    expect(await found('qqzz')).toEqual([]);
  });

  it('follows creates, updates and deletes', async () => {
    const created = await api().create(seller, { title: '新到 纸箱', code: CODE });
    expect(created.body.code, created.body.msg).toBe(200);
    rows.set(String(created.body.data.id), { title: '新到 纸箱', memo: null });
    expect(await found('纸箱')).toEqual(['新到 纸箱']);

    const id = created.body.data.id;
    const updated = await api().update(seller, id, created.body.data.version, { title: '新到 木箱' });
    expect(updated.body.code, updated.body.msg).toBe(200);
    rows.set(String(id), { title: '新到 木箱', memo: null });
    expect(await found('纸箱')).toEqual([]);
    expect(await found('木箱')).toEqual(['新到 木箱']);

    expect((await api().remove(seller, id)).body.code).toBe(200);
    rows.delete(String(id));
    expect(await found('木箱')).toEqual([]);
    for (const keyword of KEYWORDS) expect(await found(keyword), keyword).toEqual(expected(keyword));
  });

  it('does not read the whole table to find a keyword', async () => {
    const db = server.database.db;
    if (dialect === 'sqlite') {
      for (const keyword of ['华南纸业', '纸业']) {
        const candidates = (await keywordCandidates(db, 'res_kwprobe', keyword, await keptCache().at(dynamic(db), 'res_kwprobe')))!;
        expect(candidates, keyword).not.toBeNull();
        const { rows: plan } = await sql<{ detail: string }>`explain query plan select id from res_kwprobe where ${candidates}`.execute(db);
        const steps = plan.map((p) => p.detail).join('\n');
        expect(steps, keyword).toMatch(/VIRTUAL TABLE INDEX/);
        expect(steps, keyword).not.toMatch(/^SCAN res_kwprobe$/m);
      }
      return;
    }
    const plan = await db.transaction().execute(async (trx) => {
      // Twelve rows are cheaper to scan than to look up; the plan shows the index can serve.
      await sql`set local enable_seqscan = off`.execute(trx);
      const { rows: lines } = await sql<{ 'QUERY PLAN': string }>`explain select id from res_kwprobe where title ilike ${'%华南纸业%'}`.execute(trx);
      return lines.map((l) => l['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/Bitmap Index Scan on res_\d+_kw_title/);
  });
});
