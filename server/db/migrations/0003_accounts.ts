import type { Migration } from '../dialect';

/** Login throttling, SMS verification codes and QR login requests. */
export const migration: Migration = {
  async up(db, t) {
    await t
      .withId(db.schema.createTable('login_failures'))
      .addColumn('username', 'varchar(64)', (c) => c.notNull())
      .addColumn('ip', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', t.time, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('login_failures_who').on('login_failures').columns(['username', 'ip', 'created_at']).execute();

    await t
      .withId(db.schema.createTable('verification_codes'))
      .addColumn('mobile', 'varchar(20)', (c) => c.notNull())
      .addColumn('scene', 'varchar(16)', (c) => c.notNull())
      .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('expires_at', t.time, (c) => c.notNull())
      .addColumn('used_at', t.time)
      .addColumn('created_at', t.time, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('verification_codes_mobile')
      .on('verification_codes')
      .columns(['mobile', 'scene', 'created_at'])
      .execute();

    await t
      .withId(db.schema.createTable('qr_logins'))
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('requester_ip', 'varchar(64)', (c) => c.notNull())
      .addColumn('requester_agent', 'varchar(512)', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('created_at', t.time, (c) => c.notNull())
      .addColumn('expires_at', t.time, (c) => c.notNull())
      .addColumn('confirmed_at', t.time)
      .execute();
  },
};
