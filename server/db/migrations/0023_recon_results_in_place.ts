import { sql } from 'kysely';
import type { Migration } from '../dialect';

/**
 * Issue 16 (speed): a match rewrites its orders' recon_results rows, a first match every one of
 * them, each changing its outcome. While the outcome was indexed, PostgreSQL could not update a row
 * in place (a HOT update: the new version on the same page, no index touched): each moved to another
 * page with an entry in both indexes, 4 WAL records a row, ~1.1 s of a 100,000-order first match;
 * in place, with room left on every page for each row's next version, it is one record a row
 * (~0.45 s). SQLite kept the index in step on every outcome change as well (~150 ms of the same
 * match). An outcome filter now reads a team's orders along their team index and their results by
 * key: a list's page stops at its rows; a count reads the team's narrow results rows.
 */
export const migration: Migration = {
  async up(db, t) {
    await db.schema.dropIndex('recon_results_outcome_team_id').execute();
    // Pages written from now on keep half their room for the rows' next versions; PostgreSQL prunes the old ones as it reads the page.
    if (t.name === 'postgres') await sql`alter table recon_results set (fillfactor = 50)`.execute(db);
  },
};
