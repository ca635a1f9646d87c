import type { DatabaseHandle } from './open';
import { migrateToLatest } from './migrate';
import { isDatabaseEmpty, seedDemo } from './seed/demo';

/** Migrates, and seeds the demo data into an empty database when demo mode is on. */
export async function prepareDatabase(database: DatabaseHandle, { demoSeed }: { demoSeed: boolean }) {
  const applied = await migrateToLatest(database);
  const seeded = demoSeed && (await isDatabaseEmpty(database.db));
  if (seeded) await seedDemo(database.db);
  return { applied, seeded };
}
