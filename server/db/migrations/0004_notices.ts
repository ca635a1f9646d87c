import type { Migration } from '../dialect';

/** Notices to users, roles, teams or everyone, and who has closed which. */
export const migration: Migration = {
  async up(db, t) {
    await t
      .withId(db.schema.createTable('notices'))
      .addColumn('type', 'integer', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('find_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('target_kind', 'varchar(8)', (c) => c.notNull())
      // No foreign key: it points at a user, a role or a team depending on target_kind.
      .addColumn('target_id', 'integer')
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', t.time, (c) => c.notNull())
      .execute();
    // Each poll looks notices up by target, newest first.
    await db.schema.createIndex('notices_target').on('notices').columns(['target_kind', 'target_id', 'created_at']).execute();

    await db.schema
      .createTable('notice_closes')
      .addColumn('notice_id', 'integer', (c) => c.notNull().references('notices.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('closed_at', t.time, (c) => c.notNull())
      .addPrimaryKeyConstraint('notice_closes_pk', ['notice_id', 'user_id'])
      .execute();
    // The primary key answers "has this user closed this notice"; this one serves deleting a user.
    await db.schema.createIndex('notice_closes_user').on('notice_closes').column('user_id').execute();
  },
};
