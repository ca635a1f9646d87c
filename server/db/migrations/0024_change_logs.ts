import type { Generated, Kysely } from 'kysely';
import type { Migration } from '../dialect';

interface Tables {
  menus: { id: Generated<number>; parent_id: number | null; name: string };
  role_menus: { role_id: number; menu_id: number };
  role_permissions: { role_id: number; permission: string };
  roles: { id: number; role_type: string };
}

/**
 * The product's release notes (系统设置 › 更新日志): one row per entry, shared by every team, so the
 * table has no team or author column, like the dictionaries. Newest first by release date is how
 * everyone reads it, hence the index.
 *
 * The 更新日志 menu item existed before with nothing behind it, held by admins only. Release notes are
 * for every user, so a database made before this gets it (and its 系统设置 parent) for each role that
 * is not an administrator's, as the seed gives it to a new one; a database without the item (an
 * admin removed it, or an empty one the seed fills next) is left as it is.
 */
export const migration: Migration = {
  async up(db, t) {
    await t
      .withId(db.schema.createTable('change_logs'))
      .addColumn('version_no', 'varchar(32)', (c) => c.notNull())
      .addColumn('released_on', 'varchar(10)', (c) => c.notNull())
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', t.time, (c) => c.notNull())
      .addColumn('updated_at', t.time, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('change_logs_released_on').on('change_logs').columns(['released_on', 'id']).execute();
    await db.schema.createIndex('change_logs_kind').on('change_logs').columns(['kind', 'released_on']).execute();

    const menus = db as unknown as Kysely<Tables>;
    const item = await menus.selectFrom('menus').select(['id', 'parent_id']).where('name', '=', 'ChangeLog').executeTakeFirst();
    if (!item) return;
    const parent = item.parent_id === null ? undefined : await menus.selectFrom('menus').select(['id', 'name']).where('id', '=', item.parent_id).executeTakeFirst();
    const grants = [{ id: item.id, permission: 'menu:ChangeLog' }, ...(parent ? [{ id: parent.id, permission: `menu:${parent.name}` }] : [])];
    const roles = await menus.selectFrom('roles').select('id').where('role_type', '!=', 'admin').execute();
    for (const { id: role_id } of roles) {
      for (const grant of grants) {
        const held = await menus.selectFrom('role_menus').select('role_id').where('role_id', '=', role_id).where('menu_id', '=', grant.id).executeTakeFirst();
        if (!held) await menus.insertInto('role_menus').values({ role_id, menu_id: grant.id }).execute();
        const allowed = await menus.selectFrom('role_permissions').select('role_id').where('role_id', '=', role_id).where('permission', '=', grant.permission).executeTakeFirst();
        if (!allowed) await menus.insertInto('role_permissions').values({ role_id, permission: grant.permission }).execute();
      }
    }
  },
};
