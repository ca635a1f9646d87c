import type { Migration } from '../dialect';

/**
 * Robot reply rules become an ordinary resource that admins edit in a screen: like every record
 * there, a rule carries the version an editor read, so a stale save gets 409 instead of overwriting.
 */
export const migration: Migration = {
  async up(db) {
    await db.schema.alterTable('chat_robot_rules').addColumn('version', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  },
};
