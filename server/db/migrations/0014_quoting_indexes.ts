import type { Migration } from '../dialect';

/**
 * Quoting at volume (issue 15, speed): the public side's rate limits counted in the database, so
 * every server process shares them, and the indexes the board and expiry read through.
 */
export const migration: Migration = {
  async up(db, t) {
    await t
      .withId(db.schema.createTable('rate_hits'))
      .addColumn('bucket', 'varchar(32)', (c) => c.notNull())
      .addColumn('subject', 'varchar(128)', (c) => c.notNull())
      .addColumn('created_at', t.time, (c) => c.notNull())
      .execute();
    // A subject's recent attempts, newest first; and a bucket's old ones, swept after each attempt.
    await db.schema.createIndex('rate_hits_subject').on('rate_hits').columns(['bucket', 'subject', 'created_at']).execute();
    await db.schema.createIndex('rate_hits_bucket_created_at').on('rate_hits').columns(['bucket', 'created_at']).execute();

    // A team's asks and quotes newest first (the lists' default order) without sorting all of them:
    // 300,000 quotes of one quoting team on a board of 3,000,000.
    await db.schema.createIndex('price_asks_team_id_id').on('price_asks').columns(['team_id', 'id']).execute();
    await db.schema.createIndex('price_quotes_team_id_id').on('price_quotes').columns(['team_id', 'id']).execute();
    // Expiry looks for open asks past their deadline on every read of quoting (at most once a second).
    await db.schema.createIndex('price_asks_status_deadline_at').on('price_asks').columns(['status', 'deadline_at']).execute();
  },
};
