import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { MenuBindBody, MenuBinding } from '../../src/contract/api/screens';
import { Code } from '../../src/contract/envelope';
import { ApiError } from '../http/errors';
import { menuPermission } from '../menus/permission-codes';
import { nextVersion } from '../db/versioned';

/** The item and every item above it, so a granted item shows in its place in the tree. */
async function withAncestors(trx: Transaction<Database>, menuId: number): Promise<number[]> {
  const ids: number[] = [];
  let current: number | null = menuId;
  while (current !== null && !ids.includes(current)) {
    ids.push(current);
    const row: { parent_id: number | null } | undefined = await trx.selectFrom('menus').select('parent_id').where('id', '=', current).executeTakeFirst();
    current = row?.parent_id ?? null;
  }
  return ids;
}

/**
 * Puts a screen in the menu: the item at `/<id>` with the screen's id as its vue_path, granted to
 * exactly the roles given (with its parents, so it shows in its place), with its permission code.
 */
export async function bindMenu(db: Kysely<Database>, body: MenuBindBody, now = Date.now()): Promise<MenuBinding> {
  return db.transaction().execute(async (trx) => {
    if (body.parent_id !== null) {
      const parent = await trx.selectFrom('menus').select('id').where('id', '=', body.parent_id).executeTakeFirst();
      if (!parent) throw new ApiError(Code.notFound, 'menuParentNotFound');
    }
    const roles = body.role_ids.length ? await trx.selectFrom('roles').select('id').where('id', 'in', body.role_ids).execute() : [];
    if (roles.length !== new Set(body.role_ids).size) throw new ApiError(Code.notFound, 'roleNotFound');

    const path = `/${body.id}`;
    const permission = menuPermission(body.name);
    const existing = await trx.selectFrom('menus').select(['id', 'name']).where('vue_path', '=', body.id).executeTakeFirst();
    const clash = await trx.selectFrom('menus').select('id').where('name', '=', body.name).executeTakeFirst();
    if (clash && clash.id !== existing?.id) throw new ApiError(Code.conflict, 'menuNameTaken', { name: body.name });

    const values = {
      parent_id: body.parent_id,
      path,
      name: body.name,
      icon: body.icon ?? '',
      vue_path: body.id,
      title_zh: body.title.zh,
      title_en: body.title.en,
      permission,
      updated_at: now,
    };
    let menuId: number;
    if (existing) {
      await trx.updateTable('menus').set({ ...values, version: nextVersion }).where('id', '=', existing.id).execute();
      menuId = existing.id;
      if (existing.name !== body.name) {
        await trx.deleteFrom('role_permissions').where('permission', '=', menuPermission(existing.name)).execute();
      }
    } else {
      const last = await trx.selectFrom('menus').select((eb) => eb.fn.max('sort').as('sort')).where('parent_id', body.parent_id === null ? 'is' : '=', body.parent_id).executeTakeFirst();
      const inserted = await trx
        .insertInto('menus')
        .values({ ...values, hidden: 0, sort: Number(last?.sort ?? 0) + 1, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      menuId = inserted.id;
    }

    await trx.deleteFrom('role_menus').where('menu_id', '=', menuId).execute();
    await trx.deleteFrom('role_permissions').where('permission', '=', permission).execute();
    const chain = await withAncestors(trx, menuId);
    for (const role of roles) {
      for (const id of chain) {
        await trx.insertInto('role_menus').values({ role_id: role.id, menu_id: id }).onConflict((oc) => oc.doNothing()).execute();
      }
      await trx.insertInto('role_permissions').values({ role_id: role.id, permission }).onConflict((oc) => oc.doNothing()).execute();
    }
    return { menu_id: menuId, path, permission };
  });
}
