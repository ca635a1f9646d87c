import type { Migration } from '../dialect';

/** Built-in tables edited through the resource API that had no lock version yet. */
const VERSIONED = ['teams', 'users', 'roles', 'menus', 'departments', 'dictionaries', 'dictionary_items'] as const;

/**
 * The resource API: admin-defined resource definitions (with every saved version), the change
 * history of every record, and a lock version on the built-in tables that lacked one so their edits
 * get the same stale-version check as business rows.
 */
export const migration: Migration = {
  async up(db, t) {
    await t
      .withId(db.schema.createTable('resource_definitions'))
      .addColumn('name', 'varchar(40)', (c) => c.notNull().unique())
      // The ResourceDefinition as JSON; its version is the column below.
      .addColumn('definition', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      // Every column the record table has ever had (fields removed from the definition keep theirs).
      .addColumn('columns', 'text', (c) => c.notNull())
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', t.time, (c) => c.notNull())
      .addColumn('updated_at', t.time, (c) => c.notNull())
      .execute();

    await t
      .withId(db.schema.createTable('resource_definition_versions'))
      .addColumn('name', 'varchar(40)', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('definition', 'text', (c) => c.notNull())
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', t.time, (c) => c.notNull())
      .addUniqueConstraint('resource_definition_versions_name_version', ['name', 'version'])
      .execute();

    await t
      .withId(db.schema.createTable('record_history'))
      .addColumn('resource', 'varchar(40)', (c) => c.notNull())
      .addColumn('record_id', 'integer', (c) => c.notNull())
      // The record's team when it changed, so a team sees the history of its own deleted records only.
      .addColumn('team_id', 'integer')
      .addColumn('action', 'varchar(16)', (c) => c.notNull())
      // No foreign key: the history outlives the user, and keeps the name they had.
      .addColumn('user_id', 'integer')
      .addColumn('user_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      // [{field, before, after}] as JSON.
      .addColumn('changes', 'text', (c) => c.notNull())
      .addColumn('created_at', t.time, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('record_history_record').on('record_history').columns(['resource', 'record_id', 'id']).execute();

    for (const table of VERSIONED) {
      await db.schema.alterTable(table).addColumn('version', 'integer', (c) => c.notNull().defaultTo(1)).execute();
    }
    // Dictionary items had no times; the record shape of the API has them.
    await db.schema.alterTable('dictionary_items').addColumn('created_at', t.time, (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('dictionary_items').addColumn('updated_at', t.time, (c) => c.notNull().defaultTo(0)).execute();
  },
};
