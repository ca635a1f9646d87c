import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../../server/db/open';
import { prepareDatabase } from '../../server/db/prepare';
import { batchedLookup } from '../../server/db/lookup';
import { createBatchWriter } from '../../server/db/batch';
import type { Database } from '../../server/db/schema';
import { postgresSchema, DIALECTS } from '../support/server-harness';

describe.each(DIALECTS)('reads and writes of one moment on %s', (dialect) => {
  let database: DatabaseHandle;
  let dataDir: string;
  let drop = async () => {};
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'batched-'));
    const schema = dialect === 'postgres' ? await postgresSchema() : null;
    if (schema) drop = schema.drop;
    database = openDatabase({ databaseUrl: schema?.url ?? null, dataDir });
    await prepareDatabase(database, { demoSeed: false });
    const now = Date.now();
    await database.db.insertInto('teams').values(['甲队', '乙队', '丙队'].map((name) => ({ name, type: 1, created_at: now, updated_at: now }))).execute();
  });
  afterAll(async () => {
    await database.close();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers the lookups asked for in one turn with one query, each its own row, a missing key with nothing', async () => {
    const queries: number[][] = [];
    const teamName = batchedLookup(async (db, ids: number[]) => {
      queries.push(ids);
      const rows = await db.selectFrom('teams').select(['id', 'name']).where('id', 'in', ids).execute();
      return new Map(rows.map((row) => [row.id, row.name]));
    });
    const teams = await database.db.selectFrom('teams').select(['id', 'name']).orderBy('id').execute();
    const asked = [...teams.map((t) => t.id), teams[0].id, 999_999];
    const answers = await Promise.all(asked.map((id) => teamName(database.db, id)));
    expect(answers).toEqual([...teams.map((t) => t.name), teams[0].name, undefined]);
    expect(queries).toEqual([[...teams.map((t) => t.id), 999_999]]);
    // A later turn reads again: nothing is kept between turns.
    await database.db.updateTable('teams').set({ name: '改名后的团队' }).where('id', '=', teams[0].id).execute();
    expect(await teamName(database.db, teams[0].id)).toBe('改名后的团队');
    expect(queries).toHaveLength(2);
  });

  it('fails every lookup of a query that fails', async () => {
    const broken = batchedLookup<number, string>(async () => {
      throw new Error('无法查询');
    });
    const answers = await Promise.allSettled([broken(database.db, 1), broken(database.db, 2)]);
    expect(answers.map((a) => a.status)).toEqual(['rejected', 'rejected']);
  });

  // SQLite's one connection runs one commit at a time; PostgreSQL's pool can run a few at once.
  it.each(dialect === 'postgres' ? [1, 3] : [1])('commits the writes asked for while all %i commits are under way together, in the next commit', async (commitsAtOnce) => {
    const writes = createBatchWriter(database.db, { commitsAtOnce });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const transactions: Array<Kysely<Database>> = [];
    const write = (wait?: Promise<void>) =>
      writes.run(async (trx) => {
        transactions.push(trx);
        await wait;
        return transactions.length;
      });
    const first: Array<Promise<number>> = [];
    // Each held write starts its own commit before the next is asked for.
    for (let i = 0; i < commitsAtOnce; i++) {
      first.push(write(held));
      while (transactions.length === i) await new Promise((resolve) => setImmediate(resolve));
    }
    const later = [write(), write(), write()];
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(transactions).toHaveLength(commitsAtOnce);
    release();
    await Promise.all([...first, ...later]);
    expect(transactions).toHaveLength(commitsAtOnce + 3);
    expect(new Set(transactions.slice(commitsAtOnce)).size).toBe(1);
    expect(new Set(transactions).size).toBe(commitsAtOnce + 1);
  });
});
