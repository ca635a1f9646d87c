/**
 * Upgrade of a database made before 文件管理 had its tables (migrated to 0024, seeded with the roles
 * of that time: the seller held the 文件管理 menu item, the team manager and the quoter did not, and
 * nobody held a files permission): migration 0025 makes the folders' and files' tables and gives
 * files:read and files:write to the roles holding the item, beside it, and to nobody else.
 */
import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/open';
import { migrateToLatest } from '../../server/db/migrate';
import { seedDemo } from '../../server/db/seed/demo';
import { FILES_READ, FILES_WRITE } from '../../src/contract/api/files';
import { DIALECTS } from '../support/server-harness';
import { scratchDatabases } from '../support/scratch-database';
import { roleGrants, standBefore, stepsThrough } from '../support/older-database';

const THROUGH_0025 = stepsThrough('0025_team_files');
/** What today's seed gives beyond the roles of that time: the team manager's read-only 文件管理. */
const SINCE = { menus: ['Goods', 'Explorer'], permissions: [FILES_READ, FILES_WRITE] };

describe.each(DIALECTS)('migration 0025 (team files) on an older %s database', (dialect) => {
  let database: DatabaseHandle;
  const emptyDatabase = scratchDatabases(dialect, 'team-files-');

  async function olderDatabase() {
    database = await emptyDatabase();
    await standBefore(database, '0025_team_files');
    // No data folder: today's seed writes no files, so the tables 0025 makes are not needed for it.
    await seedDemo(database.db);
    const db = database.db;
    await db.deleteFrom('role_permissions').where('permission', 'in', SINCE.permissions).execute();
    const manager = await db.selectFrom('roles').select('id').where('code', '=', 'team_manager').executeTakeFirstOrThrow();
    const menus = await db.selectFrom('menus').select('id').where('name', 'in', SINCE.menus).execute();
    await db.deleteFrom('role_menus').where('role_id', '=', manager.id).where('menu_id', 'in', menus.map((menu) => menu.id)).execute();
    await db.deleteFrom('role_permissions').where('role_id', '=', manager.id).where('permission', 'in', SINCE.menus.map((name) => `menu:${name}`)).execute();
  }

  const grants = () => roleGrants(database.db);
  const explorerHolders = async () => (await grants()).menus.filter((row) => row.name === 'Explorer').map((row) => row.code);

  it('makes the tables and gives the files permissions to the roles with 文件管理, taking nothing away', async () => {
    await olderDatabase();
    const before = await grants();
    expect(await explorerHolders()).toEqual(['seller']);
    expect(before.permissions.filter((row) => row.permission.startsWith('files:'))).toEqual([]);

    expect(await migrateToLatest(database, THROUGH_0025)).toEqual(['0025_team_files']);
    expect(await database.db.selectFrom('file_folders').selectAll().execute()).toEqual([]);
    expect(await database.db.selectFrom('team_files').selectAll().execute()).toEqual([]);
    const after = await grants();
    const added = (list: Array<Record<string, string>>, previous: typeof list) => list.filter((row) => !previous.some((old) => JSON.stringify(old) === JSON.stringify(row)));
    expect(added(after.permissions, before.permissions)).toEqual([
      { code: 'seller', permission: FILES_READ },
      { code: 'seller', permission: FILES_WRITE },
    ]);
    // The menu stays where it was: the seller still opens 文件管理, the others still do not.
    expect(after.menus).toEqual(before.menus);
    expect(await explorerHolders()).toEqual(['seller']);
    expect(added(before.permissions, after.permissions)).toEqual([]);
  });

  it('gives a role that already held files:read only what it lacked', async () => {
    await olderDatabase();
    const seller = await database.db.selectFrom('roles').select('id').where('code', '=', 'seller').executeTakeFirstOrThrow();
    await database.db.insertInto('role_permissions').values({ role_id: seller.id, permission: FILES_READ }).execute();

    await migrateToLatest(database, THROUGH_0025);
    const held = (await grants()).permissions.filter((row) => row.permission.startsWith('files:'));
    expect(held).toEqual([
      { code: 'seller', permission: FILES_READ },
      { code: 'seller', permission: FILES_WRITE },
    ]);
  });
});
