import { sql, type Kysely } from 'kysely';
import type { Migration } from '../dialect';
import type { ResourceDefinition } from '../../../src/contract/resource';
import { installTrigramExtension, syncKeywordIndex } from '../../resources/keyword-index';
import type { DynamicDb } from '../../resources/store';
import { tableOf } from '../../resources/custom-tables';

/**
 * Keyword indexes for the admin-defined resources that exist already (new ones get theirs when
 * they are created): SQLite's FTS5 trigram table with its triggers, PostgreSQL's pg_trgm indexes.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>, t) {
    const dynamic = db as unknown as DynamicDb;
    if (t.name === 'postgres') await installTrigramExtension(dynamic);
    const { rows } = await sql<{ id: number; name: string; definition: string }>`select id, name, definition from resource_definitions`.execute(db);
    for (const row of rows) {
      await syncKeywordIndex(dynamic, t.name, tableOf(row.name), Number(row.id), JSON.parse(row.definition) as ResourceDefinition, null);
    }
  },
};
