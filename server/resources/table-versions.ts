/**
 * A write counter per resource table, kept in the database by triggers: every insert, update and
 * delete of a record table, by any module of any server process, moves its counter in the same
 * transaction. Kept list totals and keyword plans (kept.ts) are good for as long as their table's counter stands
 * where it stood when they were counted; one indexed read tells.
 *
 * SQLite bumps it once a row (its triggers have no statement level), PostgreSQL once a transaction.
 * On PostgreSQL the counter's row stays locked until the writing transaction ends, so writers of one
 * table commit one after another; readers never wait.
 */
import { sql, type Kysely } from 'kysely';
import { prepared } from '../db/prepared';
import type { Database } from '../db/schema';
import type { DialectName } from '../db/dialect';
import { dynamic, type DynamicDb } from './store';

export const TABLE_VERSIONS = 'table_versions';
/** The PostgreSQL trigger function, created by migration 0019. */
const BUMP_FUNCTION = 'bump_table_version';
const SQLITE_EVENTS = [
  ['ai', 'insert'],
  ['au', 'update'],
  ['ad', 'delete'],
] as const;

/** The table of counters, and on PostgreSQL the function its triggers run (migration 0019). */
export async function installTableVersions(db: DynamicDb, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable(TABLE_VERSIONS)
    .addColumn('name', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  if (dialect === 'postgres') {
    // Once a transaction per table: updating one row again and again in a transaction (an import's
    // thousands of inserts) makes each update slower than the last. A setting local to the
    // transaction remembers that this one has moved the counter.
    await sql`create function ${sql.id(BUMP_FUNCTION)}() returns trigger language plpgsql as $$
      declare
        mark text := 'table_versions.' || tg_table_name;
      begin
        if current_setting(mark, true) = txid_current()::text then
          return null;
        end if;
        perform set_config(mark, txid_current()::text, true);
        update ${sql.table(TABLE_VERSIONS)} set version = version + 1 where name = tg_table_name;
        return null;
      end $$`.execute(db);
  }
}

/**
 * Counts the writes of a table from now on: its counter and triggers, unless it has them already.
 * Run for every resource table as the server prepares its database, and as a resource's table is created.
 */
export async function trackTable(db: DynamicDb, dialect: DialectName, table: string): Promise<void> {
  await sql`insert into ${sql.table(TABLE_VERSIONS)} (name, version) values (${table}, 0) on conflict (name) do nothing`.execute(db);
  if (dialect === 'sqlite') {
    for (const [suffix, event] of SQLITE_EVENTS) {
      await sql`create trigger if not exists ${sql.id(`${table}_tv_${suffix}`)} after ${sql.raw(event)} on ${sql.table(table)}
        begin update ${sql.table(TABLE_VERSIONS)} set version = version + 1 where name = ${sql.lit(table)}; end`.execute(db);
    }
    return;
  }
  const { rows } = await sql`select 1 from pg_trigger where tgname = ${`${table}_tv`} and tgrelid = ${table}::regclass`.execute(db);
  if (rows.length > 0) return;
  await sql`create or replace trigger ${sql.id(`${table}_tv`)} after insert or update or delete or truncate on ${sql.table(table)}
    for each statement execute function ${sql.id(BUMP_FUNCTION)}()`.execute(db);
}

/** Tracks each of `tables` not tracked yet: one read when all are, as at every restart. */
export async function trackTables(db: DynamicDb, dialect: DialectName, tables: Iterable<string>): Promise<void> {
  const { rows } = await sql<{ name: string }>`select name from ${sql.table(TABLE_VERSIONS)}`.execute(db);
  const tracked = new Set(rows.map((row) => row.name));
  for (const table of tables) if (!tracked.has(table)) await trackTable(db, dialect, table);
}

// Every list request reads it, so it is compiled once.
const versionOf = prepared((db, table: string) => dynamic(db).selectFrom(TABLE_VERSIONS).select('version').where('name', '=', table));

/** A table's write counter; null for a table not tracked, whose totals and plans are not kept. */
export async function tableVersion(db: DynamicDb, table: string): Promise<number | null> {
  const rows = await versionOf(db as unknown as Kysely<Database>, table);
  return rows.length > 0 ? Number(rows[0].version) : null;
}

/**
 * Moves a table's counter where its triggers cannot: a table dropped (its resource deleted), so a
 * resource created again under the same name starts past every total kept of the old one (the
 * counter itself stays); a write of fields kept in a table of their own and read through the
 * resource's view (a store order's match results). SQLite's triggers move it once a row, this once.
 */
export async function tableWritten(db: DynamicDb, table: string): Promise<void> {
  await sql`update ${sql.table(TABLE_VERSIONS)} set version = version + 1 where name = ${table}`.execute(db);
}
