/**
 * Rows as arrays (db/rows-as-arrays.ts): a marked query answers each row's values in select-list
 * order, on every connection a query can take (SQLite's main connection and its read pool's
 * workers, PostgreSQL's pool), and the same query unmarked still answers objects. On SQLite the
 * rows travel as one JSON document: every kind of value a column holds comes back as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestServer, type TestServer } from '../support/server-harness';
import { sql } from 'kysely';
import { rowsAsArrays } from '../../server/db/rows-as-arrays';

const COLUMNS = ['id', 'username', 'status'] as const;

describe.each(DIALECTS)('rows as arrays on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it('answers the values in the order of the columns, on the main connection and on the reads', async () => {
    const { db, reads } = server.database;
    const objects = await db.selectFrom('users').select(COLUMNS).orderBy('id').execute();
    expect(objects.length).toBeGreaterThan(3);
    const expected = objects.map((row) => COLUMNS.map((column) => row[column]));
    for (const via of [db, reads]) {
      const arrays = await rowsAsArrays(via, COLUMNS, (columns) => via.selectFrom('users').select(columns).orderBy('id'));
      expect(arrays).toEqual(expected);
    }
    // The unmarked text of the same query is another statement: still objects.
    expect(await db.selectFrom('users').select(COLUMNS).orderBy('id').execute()).toEqual(objects);
    expect(await reads.selectFrom('users').select(COLUMNS).orderBy('id').execute()).toEqual(objects);
  });

  it('keeps text, nulls, timestamps, reals and the rows\' order; no rows is an empty list', async () => {
    const { db, reads } = server.database;
    const text = '订单 "引号" \\ 换行\n制表\t 😀';
    const values = sql<{ n: number; t: string | null; big: number; r: number }>`select * from (select 1 as n, cast(${text} as text) as t, cast(1764201600123 as bigint) as big, cast(0.1 as double precision) as r union all select 2, null, -9007199254740991, 2.5) as v order by n desc`;
    const expected = [
      [2, null, -9007199254740991, 2.5],
      [1, text, 1764201600123, 0.1],
    ];
    for (const via of [db, reads]) {
      const rows = await rowsAsArrays(via, ['n', 't', 'big', 'r'] as const, () => ({ compile: () => values.compile(via) }));
      expect(rows).toEqual(expected);
      expect(await rowsAsArrays(via, COLUMNS, (columns) => via.selectFrom('users').select(columns).where('id', '<', 0))).toEqual([]);
    }
  });
});
