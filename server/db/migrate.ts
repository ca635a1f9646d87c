import { Migrator, sql, type Kysely, type MigrationProvider, type Migration as KyselyMigration } from 'kysely';
import type { DatabaseHandle } from './open';
import { migrations } from './migrations';

/** Kysely's record of the migrations run, in the connection's own schema. */
const MIGRATION_TABLE = 'kysely_migration';

/**
 * Whether every one of `steps`, and nothing else, is recorded as run: the case of almost every
 * start. Two small reads; Kysely's Migrator, asked the same, reads the definition of every table
 * of the database first (a tenth of a restart's work before its first login).
 */
async function upToDate(handle: DatabaseHandle, steps: typeof migrations): Promise<boolean> {
  // PostgreSQL: the table in the connection's own schema, as the Migrator below is told, never
  // one of the same name further along the search path.
  const where =
    handle.dialect === 'postgres'
      ? sql<{ schema: string | null; found: string | null }>`select current_schema() as schema, to_regclass(quote_ident(current_schema()) || '.' || ${MIGRATION_TABLE}) as found`
      : sql<{ schema: string | null; found: string | null }>`select null as schema, name as found from sqlite_master where type = 'table' and name = ${MIGRATION_TABLE}`;
  const [table] = (await where.execute(handle.db)).rows;
  if (!table?.found) return false;
  const name = table.schema === null ? MIGRATION_TABLE : `${table.schema}.${MIGRATION_TABLE}`;
  const { rows } = await sql<{ name: string }>`select name from ${sql.table(name)}`.execute(handle.db);
  const wanted = new Set(steps.map(([step]) => step));
  return rows.length === wanted.size && rows.every((row) => wanted.has(row.name));
}

/**
 * Brings the schema up to date; run at every start-up. Returns the names of the steps it applied.
 * `steps` is every migration; an upgrade test passes the first ones only, to stand where an older
 * release left a database.
 */
export async function migrateToLatest(handle: DatabaseHandle, steps: typeof migrations = migrations): Promise<string[]> {
  if (await upToDate(handle, steps)) return [];
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
