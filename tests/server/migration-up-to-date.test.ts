/**
 * A start on a database that has every migration reads which steps ran and nothing more: Kysely's
 * Migrator, asked the same, read the definition of every table first (a tenth of a restart's work
 * before its first login). A database with a step missing still gets it, and one recorded by a
 * newer release is still refused.
 */
import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/open';
import { migrateToLatest } from '../../server/db/migrate';
import { migrations } from '../../server/db/migrations';
import { DIALECTS } from '../support/server-harness';
import { scratchDatabases } from '../support/scratch-database';

describe.each(DIALECTS)('migrating an up-to-date %s database', (dialect) => {
  const freshDatabase = scratchDatabases(dialect, 'migrate-up-to-date-');

  /** The same database, counting how often its tables' definitions are asked for. */
  function watched(database: DatabaseHandle): { handle: DatabaseHandle; introspections: () => number } {
    let count = 0;
    const db = new Proxy(database.db, {
      get(target, property) {
        if (property === 'introspection') count++;
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    return { handle: { ...database, db }, introspections: () => count };
  }

  it('applies nothing and reads no table definitions when every step is recorded', async () => {
    const database = await freshDatabase();
    expect(await migrateToLatest(database)).toHaveLength(migrations.length);
    const { handle, introspections } = watched(database);
    expect(await migrateToLatest(handle)).toEqual([]);
    expect(introspections()).toBe(0);
  });

  it('still applies a step that is missing, and refuses a database a newer release migrated', async () => {
    const database = await freshDatabase();
    const older = migrations.slice(0, -1);
    expect(await migrateToLatest(database, older)).toHaveLength(older.length);
    expect(await migrateToLatest(database)).toEqual([migrations.at(-1)![0]]);
    await expect(migrateToLatest(database, older)).rejects.toThrow(/missing/);
  });
});
