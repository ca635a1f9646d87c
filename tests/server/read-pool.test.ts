import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPool, type ReadPool } from '../../server/db/read-pool';
import { keptCache } from '../../server/resources/kept';
import { dynamic } from '../../server/resources/store';
import { startTestServer, type TestServer } from '../support/server-harness';

const require = createRequire(import.meta.url);
const library = require.resolve('better-sqlite3');
const addon = require.resolve('better-sqlite3/build/Release/better_sqlite3.node');
/** A read that keeps a worker busy a while: counting to three million one row at a time. */
const SLOW = 'with recursive n(i) as (select 1 union all select i + 1 from n where i < 3000000) select count(*) as n from n';

describe('SQLite reads on worker threads', () => {
  let dir: string;
  let writer: SQLite.Database;
  let pool: ReadPool;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'read-pool-'));
    const file = path.join(dir, 'pool.db');
    writer = new SQLite(file);
    writer.pragma('journal_mode = WAL');
    writer.exec('create table notes (id integer primary key, body text)');
    pool = readPool({ file, library, addon, size: 2 });
  });
  afterAll(async () => {
    await pool.close();
    writer.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers other reads while one of them is slow', async () => {
    const finished: string[] = [];
    const slow = pool.all(SLOW, []).then(() => finished.push('slow'));
    const quick = pool.all('select 1 as one', []).then(() => finished.push('quick'));
    await Promise.all([slow, quick]);
    expect(finished).toEqual(['quick', 'slow']);
  });

  it('sees what was committed on the writing connection before the read', async () => {
    writer.prepare('insert into notes (body) values (?)').run('第一条');
    expect(await pool.all('select body from notes order by id', [])).toEqual([{ body: '第一条' }]);
    writer.prepare('update notes set body = ? where id = 1').run('改过');
    expect(await pool.all('select body from notes where id = ?', [1])).toEqual([{ body: '改过' }]);
  });

  it('refuses writes: its connections are read-only', async () => {
    await expect(pool.all("insert into notes (body) values ('x') returning id", [])).rejects.toThrow(/readonly/i);
  });
});

describe('values kept until their table is written', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });
  afterAll(() => server.close());

  it('works a value out once for callers asking at the same moment', async () => {
    const kept = keptCache();
    let runs = 0;
    const work = async () => {
      runs++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return 42;
    };
    // teams is a tracked table of every database: its counter stands still while nobody writes it.
    const db = dynamic(server.database.db);
    const answers = await Promise.all(Array.from({ length: 5 }, async () => (await kept.at(db, 'teams')).kept('same question', work)));
    expect(answers).toEqual([42, 42, 42, 42, 42]);
    expect(runs).toBe(1);
  });
});
