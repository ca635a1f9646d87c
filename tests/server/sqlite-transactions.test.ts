import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/open';
import { prepareDatabase } from '../../server/db/prepare';

/**
 * A transaction on the server's SQLite connection holds the write lock from its first statement, so a
 * write after a read cannot be refused because the database moved in between ("database is locked"
 * at once, no busy wait: what a large import met while the checkpointer worked).
 */
describe('SQLite transactions begin with the write lock', () => {
  let database: DatabaseHandle;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sqlite-tx-'));
    database = openDatabase({ databaseUrl: null, dataDir });
    await prepareDatabase(database, { demoSeed: false });
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('reads, lets nobody else commit, then writes', async () => {
    const other = new SQLite(database.location);
    other.pragma('busy_timeout = 0');
    const now = Date.now();
    try {
      await database.db.transaction().execute(async (trx) => {
        await trx.selectFrom('teams').select('id').execute();
        // Another connection's write in between is held off, not let in to invalidate this transaction's snapshot.
        expect(() => other.prepare("insert into teams (name, type, created_at, updated_at) values ('乙队', 1, 0, 0)").run()).toThrow(/locked|busy/i);
        await trx.insertInto('teams').values({ name: '甲队', type: 1, created_at: now, updated_at: now }).execute();
      });
    } finally {
      other.close();
    }
    expect((await database.db.selectFrom('teams').select('name').execute()).map((team) => team.name)).toEqual(['甲队']);
  });
});
