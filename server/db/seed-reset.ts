/**
 * `npm run seed:reset`: drops every table of the configured database, migrates again and seeds the
 * demo data. The server must be stopped first.
 */
import { sql } from 'kysely';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from './open';
import { prepareDatabase } from './prepare';

try {
  const config = loadConfig();
  const database = openDatabase(config);
  const tables = await database.db.introspection.getTables({ withInternalKyselyTables: true });
  const sqlite = database.dialect === 'sqlite';
  // SQLite has no DROP … CASCADE: references are switched off for the drop instead.
  if (sqlite) await sql`PRAGMA foreign_keys = OFF`.execute(database.db);
  for (const table of tables) {
    const drop = database.db.schema.dropTable(table.name).ifExists();
    await (sqlite ? drop : drop.cascade()).execute();
  }
  if (sqlite) await sql`PRAGMA foreign_keys = ON`.execute(database.db);
  await prepareDatabase(database, { demoSeed: true, dataDir: config.dataDir });
  await database.close();
  console.log(`Demo data rebuilt in ${database.dialect} (${database.location}).`);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
