import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { startCheckpointer } from '../../server/db/checkpointer';

const requireHere = createRequire(import.meta.url);
const RESTART_PAGES = 512;

/**
 * SQLite's WAL checkpoints run on the checkpointer's worker thread (server/db/checkpointer.ts):
 * the connection that commits never checkpoints, yet under steady commits the WAL is copied back
 * and started over once past its limit, and nothing committed is lost.
 */
describe('WAL checkpoints off the main thread (SQLite)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'checkpointer-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('keeps the WAL near its limit under steady commits, from its worker, and loses nothing', async () => {
    const file = path.join(dataDir, 'probe.db');
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.exec('create table probe (id integer primary key, body text not null)');
    const checkpoints = startCheckpointer(sqlite, {
      file,
      library: requireHere.resolve('better-sqlite3'),
      addon: requireHere.resolve('better-sqlite3/build/Release/better_sqlite3.node'),
      restartPages: RESTART_PAGES,
      startDelayMs: 0,
    });
    // Once the worker runs, the committing connection no longer checkpoints at all.
    for (const started = Date.now(); sqlite.pragma('wal_autocheckpoint', { simple: true }) !== 0; ) {
      expect(Date.now() - started, 'the checkpoint worker never started').toBeLessThan(15_000);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // Each commit adds a 4 KiB page to the WAL at least: 6,000 of them would be 24 MiB unchecked.
    const insert = sqlite.prepare('insert into probe (body) values (?)');
    const wal = `${file}-wal`;
    let largest = 0;
    for (let i = 0; i < 6_000; i++) {
      insert.run(`row ${i} `.padEnd(300, '.'));
      if (i % 50 === 0) {
        largest = Math.max(largest, fs.statSync(wal).size);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    }
    // Below what the commits write unchecked, so the worker restarted the WAL while they ran. How
    // far below depends on how often a loaded machine schedules the worker (2 MiB quiet, 16 MiB
    // seen under CI load), so the bound is the unchecked size, not the limit.
    expect(largest).toBeLessThan(6_000 * 4096);
    await checkpoints.stop();
    sqlite.close();

    const reopened = new SQLite(file, { readonly: true });
    expect(reopened.prepare('select count(*) as n from probe').get()).toEqual({ n: 6_000 });
    reopened.close();
  }, 120_000);
});
