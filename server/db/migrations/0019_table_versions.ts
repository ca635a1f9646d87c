import type { Migration } from '../dialect';
import type { DynamicDb } from '../../resources/store';
import { installTableVersions } from '../../resources/table-versions';

/**
 * Issue 17 (speed): a write counter per resource table, moved by triggers, so a list's kept total
 * is known good or stale in every server process (resources/table-versions.ts). The triggers are
 * put on every resource table as the server prepares its database (trackResourceTables).
 */
export const migration: Migration = {
  async up(db, t) {
    await installTableVersions(db as unknown as DynamicDb, t.name);
  },
};
