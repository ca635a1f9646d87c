import type { Generated, Kysely } from 'kysely';
import type { Migration } from '../dialect';

interface Tables {
  menus: { id: Generated<number>; parent_id: number | null; path: string; name: string; icon: string; hidden: number; vue_path: string; title_zh: string; title_en: string; permission: string; sort: number; created_at: number; updated_at: number };
  role_menus: { role_id: number; menu_id: number };
  role_permissions: { role_id: number; permission: string };
}

/** The two new entries of 对账, as they were added in 2026-11 (a literal copy: the seed may change later, history may not). */
const ADDED = [
  { path: '/bill/summary', name: 'ReconSummary', zh: '对账汇总', en: 'Reconciliation Summary', after: 'BillCore', grantLike: 'StoreBill' },
  { path: '/bill/column-maps', name: 'ReconColumnMaps', zh: '平台字段映射', en: 'Platform Column Maps', after: 'StoreBill', grantLike: null },
] as const;

/**
 * Reconciliation's summary and the column maps get menu entries. A new database gets them from the
 * seed; a database made before them gets them here: under 对账 (when it still has that menu), for
 * the roles that open 店铺账单 (the summary; the column maps stay with admins, who hold every menu).
 * A database without the 对账 menu (an admin removed it, or an empty one the seed fills next) is left
 * as it is.
 */
export const migration: Migration = {
  async up(raw) {
    const db = raw as Kysely<Tables>;
    const bill = await db.selectFrom('menus').select('id').where('name', '=', 'Bill').executeTakeFirst();
    if (!bill) return;
    const now = Date.now();
    for (const item of ADDED) {
      if (await db.selectFrom('menus').select('id').where('name', '=', item.name).executeTakeFirst()) continue;
      const after = await db.selectFrom('menus').select('sort').where('name', '=', item.after).where('parent_id', '=', bill.id).executeTakeFirst();
      const sort = (after?.sort ?? 0) + 1;
      // Make room after the sibling it follows, so the menu's order is the seed's.
      await db.updateTable('menus').set((eb) => ({ sort: eb('sort', '+', 1) })).where('parent_id', '=', bill.id).where('sort', '>=', sort).execute();
      const permission = `menu:${item.name}`;
      const { id } = await db
        .insertInto('menus')
        .values({ parent_id: bill.id, path: item.path, name: item.name, icon: '', hidden: 0, vue_path: item.path.slice(1), title_zh: item.zh, title_en: item.en, permission, sort, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (!item.grantLike) continue;
      const roles = await db
        .selectFrom('role_menus')
        .innerJoin('menus', 'menus.id', 'role_menus.menu_id')
        .select('role_menus.role_id')
        .where('menus.name', '=', item.grantLike)
        .execute();
      for (const { role_id } of roles) {
        await db.insertInto('role_menus').values({ role_id, menu_id: id }).execute();
        await db.insertInto('role_permissions').values({ role_id, permission }).execute();
      }
    }
  },
};
