import type { Migration } from '../dialect';

/**
 * Screens admins write at run time: one row per screen with its current draft, and every published
 * version kept whole, so the designer can diff and roll back and a console always finds the version
 * it was told about.
 */
export const migration: Migration = {
  async up(db, t) {
    await db.schema
      .createTable('screens')
      .addColumn('id', 'varchar(200)', (c) => c.primaryKey())
      .addColumn('draft', 'text')
      .addColumn('published_version', 'integer')
      .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('updated_at', t.time, (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('screen_versions')
      .addColumn('screen_id', 'varchar(200)', (c) => c.notNull().references('screens.id').onDelete('cascade'))
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('restored_from', 'integer')
      .addColumn('published_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('published_at', t.time, (c) => c.notNull())
      .addPrimaryKeyConstraint('screen_versions_pk', ['screen_id', 'version'])
      .execute();
  },
};
