import type { Migration } from '../dialect';

/** Links that show one quote to a customer without a login (spec: /share, quotation link). */
export const migration: Migration = {
  async up(db, t) {
    await t
      .withId(db.schema.createTable('share_links'))
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('quote_id', 'integer', (c) => c.notNull().references('price_quotes.id').onDelete('cascade'))
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id'))
      // The link outlives its author: the customer still holds it.
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', t.time, (c) => c.notNull())
      .addColumn('expires_at', t.time, (c) => c.notNull())
      .addColumn('revoked_at', t.time)
      .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('share_links_team').on('share_links').columns(['team_id', 'created_at']).execute();
  },
};
