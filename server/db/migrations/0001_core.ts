import type { Migration } from '../dialect';

/** Identity and administration: teams, users, roles, menus, departments, dictionaries, sessions, log. */
export const migration: Migration = {
  async up(db, t) {
    await t
      .withId(db.schema.createTable('teams'))
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('type', 'integer', (c) => c.notNull())
      .addColumn('created_at', t.time, (c) => c.notNull())
      .addColumn('updated_at', t.time, (c) => c.notNull())
      .execute();

    await t
      .withId(db.schema.createTable('departments'))
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
      .addColumn('parent_id', 'integer', (c) => c.references('departments.id').onDelete('cascade'))
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('leader', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('phone', 'varchar(32)', (c) => c.notNull().defaultTo(''))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', t.time, (c) => c.notNull())
      .addColumn('updated_at', t.time, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('departments_team').on('departments').columns(['team_id', 'parent_id']).execute();

    await t
      .withId(db.schema.createTable('users'))
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id'))
      .addColumn('department_id', 'integer', (c) => c.references('departments.id').onDelete('set null'))
      .addColumn('username', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('logo', 'varchar(512)', (c) => c.notNull().defaultTo(''))
      .addColumn('mobile', 'varchar(20)', (c) => c.unique())
      .addColumn('email', 'varchar(255)')
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('is_robot', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', t.time, (c) => c.notNull())
      .addColumn('updated_at', t.time, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('users_team').on('users').column('team_id').execute();

    await t
      .withId(db.schema.createTable('roles'))
      .addColumn('code', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('role_type', 'varchar(32)', (c) => c.notNull())
      .addColumn('remark', 'varchar(255)', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', t.time, (c) => c.notNull())
      .addColumn('updated_at', t.time, (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('user_roles')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role_id'])
      .execute();

    await t
      .withId(db.schema.createTable('menus'))
      .addColumn('parent_id', 'integer', (c) => c.references('menus.id').onDelete('cascade'))
      .addColumn('path', 'varchar(255)', (c) => c.notNull())
      .addColumn('name', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('icon', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('vue_path', 'varchar(255)', (c) => c.notNull().defaultTo(''))
      .addColumn('title_zh', 'varchar(64)', (c) => c.notNull())
      .addColumn('title_en', 'varchar(64)', (c) => c.notNull())
      .addColumn('permission', 'varchar(128)', (c) => c.notNull().defaultTo(''))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', t.time, (c) => c.notNull())
      .addColumn('updated_at', t.time, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('menus_parent').on('menus').columns(['parent_id', 'sort']).execute();

    await db.schema
      .createTable('role_menus')
      .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
      .addColumn('menu_id', 'integer', (c) => c.notNull().references('menus.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('role_menus_pk', ['role_id', 'menu_id'])
      .execute();

    await db.schema
      .createTable('role_permissions')
      .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
      .addColumn('permission', 'varchar(128)', (c) => c.notNull())
      .addPrimaryKeyConstraint('role_permissions_pk', ['role_id', 'permission'])
      .execute();

    await t
      .withId(db.schema.createTable('dictionaries'))
      .addColumn('code', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('remark', 'varchar(255)', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', t.time, (c) => c.notNull())
      .addColumn('updated_at', t.time, (c) => c.notNull())
      .execute();

    await t
      .withId(db.schema.createTable('dictionary_items'))
      .addColumn('dictionary_id', 'integer', (c) => c.notNull().references('dictionaries.id').onDelete('cascade'))
      .addColumn('value', 'varchar(64)', (c) => c.notNull())
      .addColumn('label_zh', 'varchar(64)', (c) => c.notNull())
      .addColumn('label_en', 'varchar(64)', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
      .addUniqueConstraint('dictionary_items_value', ['dictionary_id', 'value'])
      .execute();

    await t
      .withId(db.schema.createTable('auth_sessions'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('refresh_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('previous_refresh_hash', 'varchar(64)')
      .addColumn('rotated_at', t.time)
      .addColumn('expires_at', t.time, (c) => c.notNull())
      .addColumn('last_seen_at', t.time, (c) => c.notNull())
      .addColumn('locked', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('user_agent', 'varchar(512)', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', t.time, (c) => c.notNull())
      .addColumn('revoked_at', t.time)
      .execute();
    await db.schema.createIndex('auth_sessions_user').on('auth_sessions').column('user_id').execute();
    await db.schema
      .createIndex('auth_sessions_previous')
      .on('auth_sessions')
      .column('previous_refresh_hash')
      .execute();

    await db.schema
      .createTable('auth_tokens')
      .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('session_id', 'integer', (c) => c.notNull().references('auth_sessions.id').onDelete('cascade'))
      .addColumn('expires_at', t.time, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('auth_tokens_session').on('auth_tokens').column('session_id').execute();

    await t
      .withId(db.schema.createTable('system_logs'))
      .addColumn('user_id', 'integer')
      .addColumn('username', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('action', 'varchar(64)', (c) => c.notNull())
      .addColumn('target', 'varchar(255)', (c) => c.notNull().defaultTo(''))
      .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('result', 'varchar(16)', (c) => c.notNull())
      .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', t.time, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('system_logs_created').on('system_logs').column('created_at').execute();
  },
};
