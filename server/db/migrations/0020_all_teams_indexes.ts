import { sql, type Kysely } from 'kysely';
import type { Migration } from '../dialect';
import type { ResourceDefinition } from '../../../src/contract/resource';
import { ensureIndexes, type StoredColumn } from '../../resources/custom-tables';
import type { DynamicDb } from '../../resources/store';

/**
 * Issue 17 (lists under load): the admin-defined resources that exist already get the indexes a
 * definition now asks for (new ones get them when created): each index of a team-scoped table also
 * without the team, for the administrator's lists of every team; on PostgreSQL, optional fields
 * indexed NULLS FIRST, the order their lists sort in (custom-tables.ts indexesOf).
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>, t) {
    const { rows } = await sql<{ id: number; definition: string; columns: string }>`select id, definition, columns from resource_definitions order by id`.execute(db);
    for (const row of rows) {
      const definition = JSON.parse(row.definition) as ResourceDefinition;
      await ensureIndexes(db as unknown as DynamicDb, t.name, definition, JSON.parse(row.columns) as StoredColumn[], Number(row.id));
    }
  },
};
