/**
 * Upgrade of a database made while 数据大屏 was held by administrators only: migration 0027 gives it
 * to every role that opens 工作台 (as the seed now does), once, and takes nothing away.
 */
import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/open';
import { migrateToLatest } from '../../server/db/migrate';
import { migration as dataScreenMenu } from '../../server/db/migrations/0027_data_screen_menu';
import { seedDemo } from '../../server/db/seed/demo';
import { DIALECTS } from '../support/server-harness';
import { scratchDatabases } from '../support/scratch-database';
import { standBefore, stepsThrough } from '../support/older-database';

describe.each(DIALECTS)('migration 0027 (数据大屏 for every role with 工作台) on an older %s database', (dialect) => {
  const emptyDatabase = scratchDatabases(dialect, 'data-screen-menu-');

  const holders = async (database: DatabaseHandle) => ({
    menus: (
      await database.db
        .selectFrom('role_menus')
        .innerJoin('menus', 'menus.id', 'role_menus.menu_id')
        .innerJoin('roles', 'roles.id', 'role_menus.role_id')
        .select('roles.code')
        .where('menus.name', '=', 'DataScreen')
        .orderBy('roles.code')
        .execute()
    ).map((row) => row.code),
    permissions: (
      await database.db
        .selectFrom('role_permissions')
        .innerJoin('roles', 'roles.id', 'role_permissions.role_id')
        .select('roles.code')
        .where('permission', '=', 'menu:DataScreen')
        .orderBy('roles.code')
        .execute()
    ).map((row) => row.code),
  });

  it('grants 数据大屏 to the seller, the team manager and the quoter, and changes nothing when run again', async () => {
    const database = await emptyDatabase();
    await standBefore(database, '0027_data_screen_menu');
    await seedDemo(database.db);
    expect(await holders(database)).toEqual({ menus: ['quoter', 'seller', 'team_manager'], permissions: ['quoter', 'seller', 'team_manager'] });
    // Taken back to before 0027: the item held by nobody (administrators hold every menu anyway).
    const menu = await database.db.selectFrom('menus').select('id').where('name', '=', 'DataScreen').executeTakeFirstOrThrow();
    await database.db.deleteFrom('role_menus').where('menu_id', '=', menu.id).execute();
    await database.db.deleteFrom('role_permissions').where('permission', '=', 'menu:DataScreen').execute();

    expect(await migrateToLatest(database, stepsThrough('0027_data_screen_menu'))).toEqual(['0027_data_screen_menu']);
    const granted = await holders(database);
    expect(granted).toEqual({ menus: ['quoter', 'seller', 'team_manager'], permissions: ['quoter', 'seller', 'team_manager'] });
    await dataScreenMenu.up(database.db as never, database.types);
    expect(await holders(database)).toEqual(granted);
  });

  it('leaves a database without the item as it is', async () => {
    const database = await emptyDatabase();
    await migrateToLatest(database);
    await seedDemo(database.db);
    const menu = await database.db.selectFrom('menus').select('id').where('name', '=', 'DataScreen').executeTakeFirstOrThrow();
    await database.db.deleteFrom('role_menus').where('menu_id', '=', menu.id).execute();
    await database.db.deleteFrom('menus').where('id', '=', menu.id).execute();
    await dataScreenMenu.up(database.db as never, database.types);
    expect((await holders(database)).menus).toEqual([]);
  });
});
