import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/open';
import { postgresSchema, type DialectUnderTest } from './server-harness';

/**
 * For a describe block: opens empty databases of one dialect (a data folder of their own, and on
 * PostgreSQL a schema of their own), each closed and removed after its test. Migration tests start
 * from one and build the older database they upgrade.
 */
export function scratchDatabases(dialect: DialectUnderTest, prefix: string): () => Promise<DatabaseHandle> {
  let cleanup: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const step of cleanup.reverse()) await step();
    cleanup = [];
  });
  return async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    cleanup.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const schema = dialect === 'postgres' ? await postgresSchema() : null;
    if (schema) cleanup.push(schema.drop);
    const database = openDatabase({ databaseUrl: schema?.url ?? null, dataDir });
    cleanup.push(() => database.close());
    return database;
  };
}
