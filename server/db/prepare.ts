import { sql } from 'kysely';
import type { DatabaseHandle } from './open';
import { migrateToLatest } from './migrate';
import { isDatabaseEmpty, seedDemo } from './seed/demo';
import { BUILTIN_STORES } from '../resources/builtin-stores';
import { tableOf } from '../resources/custom-tables';
import { dynamic } from '../resources/store';
import { trackTables } from '../resources/table-versions';
import { ACCESS_TABLES } from '../auth/kept-access';

/** Any fixed number: the PostgreSQL advisory lock every server process takes to prepare the database. */
const PREPARE_LOCK = 5200_0001;

/**
 * Runs `work` while no other server process prepares the same PostgreSQL database: several
 * processes started together (behind a load balancer, with Redis fan-out) would otherwise race to
 * create the migration tables and to seed. The lock is held by one pooled connection's session.
 * SQLite needs none: its writers are serialised by the file lock.
 */
async function alone<T>(database: DatabaseHandle, work: () => Promise<T>): Promise<T> {
  if (database.dialect !== 'postgres') return work();
  return database.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${PREPARE_LOCK})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${PREPARE_LOCK})`.execute(connection);
    }
  });
}

/**
 * Every resource table counts its writes (resources/table-versions.ts): the built-in ones, a
 * database's resources from before the counters, and a built-in table a later migration adds.
 * So do the tables users' access is read from, which requests keep (auth/kept-access.ts).
 */
async function trackTablesKept(database: DatabaseHandle): Promise<void> {
  const custom = await database.db.selectFrom('resource_definitions').select('name').execute();
  const tables = [...[...BUILTIN_STORES.values()].map((store) => store.table), ...custom.map((row) => tableOf(row.name)), ...ACCESS_TABLES];
  await database.db.transaction().execute((trx) => trackTables(dynamic(trx), database.dialect, tables));
}

/** Migrates, and seeds the demo data into an empty database when demo mode is on. */
export function prepareDatabase(database: DatabaseHandle, { demoSeed, dataDir }: { demoSeed: boolean; dataDir?: string }) {
  return alone(database, async () => {
    const applied = await migrateToLatest(database);
    await trackTablesKept(database);
    const seeded = demoSeed && (await isDatabaseEmpty(database.db));
    if (seeded) await seedDemo(database.db, { dataDir });
    return { applied, seeded };
  });
}
