/**
 * Rows as arrays (db/rows-as-arrays.ts): a marked query answers each row's values in select-list
 * order, on every connection a query can take (SQLite's main connection and its read pool's
 * workers, PostgreSQL's pool), and the same query unmarked still answers objects.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestServer, type TestServer } from '../support/server-harness';
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
});
