import type { Migration } from '../dialect';

/** Errors the browsers met and reported (spec §8 error log). */
export const migration: Migration = {
  async up(db, t) {
    await t
      .withId(db.schema.createTable('client_errors'))
      // Kept after the user is deleted: the error still happened.
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('stack', 'text', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('user_agent', 'varchar(512)', (c) => c.notNull())
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('created_at', t.time, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('client_errors_created').on('client_errors').column('created_at').execute();
  },
};
