import { Migrator, sql, type Kysely, type MigrationProvider, type Migration as KyselyMigration } from 'kysely';
import type { DatabaseHandle } from './open';
import { migrations } from './migrations';

/**
 * Brings the schema up to date; run at every start-up. Returns the names of the steps it applied.
 * `steps` is every migration; an upgrade test passes the first ones only, to stand where an older
 * release left a database.
 */
export async function migrateToLatest(handle: DatabaseHandle, steps: typeof migrations = migrations): Promise<string[]> {
  const provider: MigrationProvider = {
    getMigrations: async () =>
      Object.fromEntries(
        steps.map(([name, m]): [string, KyselyMigration] => [
          name,
          { up: (db: Kysely<unknown>) => m.up(db, handle.types) },
        ]),
      ),
  };
  // Kysely looks for its own tables in every schema unless told which: a PostgreSQL database with
  // another schema already migrated (another console, a parallel test run) would fool it.
  const migrationTableSchema =
    handle.dialect === 'postgres' ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(handle.db)).rows[0].schema : undefined;
  // Names in code-point order: Kysely's default, localeCompare, loads ICU's collation at every start
  // (the names are ASCII, so both orders agree).
  const nameComparator = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const { error, results } = await new Migrator({ db: handle.db, provider, migrationTableSchema, nameComparator }).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
