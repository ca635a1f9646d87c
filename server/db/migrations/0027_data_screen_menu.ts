import type { Kysely } from 'kysely';
import type { Migration } from '../dialect';

interface Tables {
  menus: { id: number; name: string };
  role_menus: { role_id: number; menu_id: number };
  role_permissions: { role_id: number; permission: string };
}

/** As named in 2026-11 (a literal copy: the seed may change later, history may not). */
const SCREEN = 'DataScreen';
const GRANT_LIKE = 'Workbench';

/**
 * 仪表盘 › 数据大屏 existed before with nothing behind it, held by administrators only. Now that it
 * shows a team's live business, every role that opens 工作台 gets it, as the seed gives it to a new
 * database. A database without either item (an admin removed it, or an empty one the seed fills
 * next) is left as it is; a role that holds it already is skipped, so running again changes nothing.
 */
export const migration: Migration = {
  async up(raw) {
    const db = raw as Kysely<Tables>;
    const screen = await db.selectFrom('menus').select('id').where('name', '=', SCREEN).executeTakeFirst();
    if (!screen) return;
    const permission = `menu:${SCREEN}`;
    const roles = await db
      .selectFrom('role_menus')
      .innerJoin('menus', 'menus.id', 'role_menus.menu_id')
      .select('role_menus.role_id')
      .where('menus.name', '=', GRANT_LIKE)
      .execute();
    for (const { role_id } of roles) {
      const held = await db.selectFrom('role_menus').select('role_id').where('role_id', '=', role_id).where('menu_id', '=', screen.id).executeTakeFirst();
      if (held) continue;
      await db.insertInto('role_menus').values({ role_id, menu_id: screen.id }).execute();
      await db.insertInto('role_permissions').values({ role_id, permission }).execute();
    }
  },
};
