/**
 * Upgrade of a database made before reconciliation's summary and column maps had menu entries
 * (migrated to 0015, seeded with the menus of that time): migration 0016 adds them once, under
 * 对账 in the seed's order, grants the summary to the roles that open 店铺账单, and changes
 * nothing when it runs again.
 */
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/open';
import { migrateToLatest } from '../../server/db/migrate';
import { migration as reconMenus } from '../../server/db/migrations/0016_recon_menus';
import { seedDemo } from '../../server/db/seed/demo';
import { DIALECTS } from '../support/server-harness';
import { scratchDatabases } from '../support/scratch-database';
import { standBefore, stepsThrough } from '../support/older-database';

const NEW_MENUS = ['ReconSummary', 'ReconColumnMaps'];
const THROUGH_0016 = stepsThrough('0016_recon_menus');

describe.each(DIALECTS)('migration 0016 (reconciliation menus) on an older %s database', (dialect) => {
  let database: DatabaseHandle;
  const emptyDatabase = scratchDatabases(dialect, 'recon-menus-');

  /** A database as release 0015 left it: schema up to 0015, the demo seed with 对账 holding only 代购对账 and 店铺账单. */
  async function olderDatabase() {
    database = await emptyDatabase();
    await standBefore(database, '0016_recon_menus');
    await seedDemo(database.db);
    const db = database.db;
    const added = await db.selectFrom('menus').select('id').where('name', 'in', NEW_MENUS).execute();
    await db.deleteFrom('role_menus').where('menu_id', 'in', added.map((menu) => menu.id)).execute();
    await db.deleteFrom('role_permissions').where('permission', 'in', NEW_MENUS.map((name) => `menu:${name}`)).execute();
    await db.deleteFrom('menus').where('name', 'in', NEW_MENUS).execute();
    const bill = await db.selectFrom('menus').select('id').where('name', '=', 'Bill').executeTakeFirstOrThrow();
    await db.updateTable('menus').set({ sort: 1 }).where('parent_id', '=', bill.id).where('name', '=', 'StoreBill').execute();
  }

  /** Everything the migration may touch, in a stable order. */
  async function menusAndGrants() {
    const db = database.db;
    return {
      menus: await db.selectFrom('menus').select(['id', 'parent_id', 'name', 'path', 'permission', 'sort', 'title_zh']).orderBy('id').execute(),
      roleMenus: await db.selectFrom('role_menus').selectAll().orderBy('role_id').orderBy('menu_id').execute(),
      rolePermissions: await db.selectFrom('role_permissions').selectAll().orderBy('role_id').orderBy('permission').execute(),
    };
  }

  const rolesWith = async (menu: string) =>
    (
      await database.db
        .selectFrom('role_menus')
        .innerJoin('menus', 'menus.id', 'role_menus.menu_id')
        .innerJoin('roles', 'roles.id', 'role_menus.role_id')
        .select('roles.code')
        .where('menus.name', '=', menu)
        .orderBy('roles.code')
        .execute()
    ).map((row) => row.code);

  it('adds the summary and the column maps once, in the seed order, with their permissions, and a second run changes nothing', async () => {
    await olderDatabase();
    const before = await menusAndGrants();
    expect(before.menus.filter((menu) => NEW_MENUS.includes(menu.name))).toEqual([]);
    const storeBillRoles = await rolesWith('StoreBill');
    expect(storeBillRoles).toContain('seller');

    expect(await migrateToLatest(database, THROUGH_0016)).toEqual(['0016_recon_menus']);
    const after = await menusAndGrants();
    const bill = after.menus.find((menu) => menu.name === 'Bill')!;
    const children = after.menus.filter((menu) => menu.parent_id === bill.id).sort((a, b) => a.sort - b.sort);
    expect(children.map((menu) => menu.name)).toEqual(['BillCore', 'ReconSummary', 'StoreBill', 'ReconColumnMaps']);
    expect(children.map((menu) => menu.sort)).toEqual([0, 1, 2, 3]);
    expect(children.find((menu) => menu.name === 'ReconSummary')).toMatchObject({ path: '/bill/summary', permission: 'menu:ReconSummary', title_zh: '对账汇总' });
    expect(children.find((menu) => menu.name === 'ReconColumnMaps')).toMatchObject({ path: '/bill/column-maps', permission: 'menu:ReconColumnMaps', title_zh: '平台字段映射' });
    for (const name of NEW_MENUS) expect(after.menus.filter((menu) => menu.name === name)).toHaveLength(1);

    // The summary goes to whoever opens 店铺账单; the column maps to nobody but admins (who hold '*').
    expect(await rolesWith('ReconSummary')).toEqual(storeBillRoles);
    expect(await rolesWith('ReconColumnMaps')).toEqual([]);
    const granted = after.rolePermissions.filter((row) => row.permission === 'menu:ReconSummary').map((row) => row.role_id);
    const storeBillRoleIds = after.roleMenus.filter((row) => row.menu_id === after.menus.find((menu) => menu.name === 'StoreBill')!.id).map((row) => row.role_id);
    expect(granted.sort()).toEqual(storeBillRoleIds.sort());
    expect(after.rolePermissions.filter((row) => row.permission === 'menu:ReconColumnMaps')).toEqual([]);

    // Again: the migrator has nothing left to apply, and the step itself run a second time finds its entries there.
    expect(await migrateToLatest(database, THROUGH_0016)).toEqual([]);
    await reconMenus.up(database.db as unknown as Kysely<unknown>, database.types);
    expect(await menusAndGrants()).toEqual(after);
  });

  it('leaves a database without the 对账 menu as it is', async () => {
    await olderDatabase();
    const db = database.db;
    const bill = await db.selectFrom('menus').select('id').where('name', '=', 'Bill').executeTakeFirstOrThrow();
    const under = await db.selectFrom('menus').select('id').where('parent_id', '=', bill.id).execute();
    const grandchildren = await db.selectFrom('menus').select('id').where('parent_id', 'in', under.map((menu) => menu.id)).execute();
    const gone = [bill.id, ...under.map((menu) => menu.id), ...grandchildren.map((menu) => menu.id)];
    await db.deleteFrom('role_menus').where('menu_id', 'in', gone).execute();
    await db.deleteFrom('menus').where('id', 'in', gone).execute();
    const before = await menusAndGrants();
    expect(await migrateToLatest(database, THROUGH_0016)).toEqual(['0016_recon_menus']);
    expect(await menusAndGrants()).toEqual(before);
  });
});
