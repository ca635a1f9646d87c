/**
 * Upgrade of a database made before the release notes (migrated to 0023, seeded with the roles of
 * that time, when only administrators held 系统设置 › 更新日志): migration 0024 makes their table and
 * gives the menu item, with its 系统设置 parent, to every role but the administrators', leaving the
 * rest of each role's grants as they were.
 */
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/open';
import { migrateToLatest } from '../../server/db/migrate';
import { migration as changeLogs } from '../../server/db/migrations/0024_change_logs';
import { seedDemo } from '../../server/db/seed/demo';
import { DIALECTS } from '../support/server-harness';
import { scratchDatabases } from '../support/scratch-database';
import { roleGrants, standBefore, stepsThrough } from '../support/older-database';

const GRANTED = ['ChangeLog', 'Setting'];
const THROUGH_0024 = stepsThrough('0024_change_logs');

describe.each(DIALECTS)('migration 0024 (change logs) on an older %s database', (dialect) => {
  let database: DatabaseHandle;
  const emptyDatabase = scratchDatabases(dialect, 'change-logs-');

  /** Today's demo database taken back to before 0024: no change_logs table, 更新日志 and 系统设置 held by no role. */
  async function olderDatabase() {
    database = await emptyDatabase();
    await standBefore(database, '0024_change_logs');
    // Today's seed writes release notes: their table stands ready for it, unrecorded, and goes below.
    await changeLogs.up(database.db as unknown as Kysely<unknown>, database.types);
    await seedDemo(database.db);
    const db = database.db;
    const menus = await db.selectFrom('menus').select('id').where('name', 'in', GRANTED).execute();
    await db.deleteFrom('role_menus').where('menu_id', 'in', menus.map((menu) => menu.id)).execute();
    await db.deleteFrom('role_permissions').where('permission', 'in', GRANTED.map((name) => `menu:${name}`)).execute();
    await db.schema.dropTable('change_logs').execute();
  }

  const grants = () => roleGrants(database.db);

  it('makes the table and gives 更新日志 under 系统设置 to every role but the administrators’', async () => {
    await olderDatabase();
    const before = await grants();
    const roles = (await database.db.selectFrom('roles').select(['code', 'role_type']).orderBy('code').execute());
    const others = roles.filter((role) => role.role_type !== 'admin').map((role) => role.code);
    expect(others).toEqual(['quoter', 'seller', 'team_manager']);

    expect(await migrateToLatest(database, THROUGH_0024)).toEqual(['0024_change_logs']);
    expect(await database.db.selectFrom('change_logs').selectAll().execute()).toEqual([]);
    const after = await grants();
    const added = (list: Array<{ code: string }>, previous: typeof list) => list.filter((row) => !previous.some((old) => JSON.stringify(old) === JSON.stringify(row)));
    expect(added(after.menus, before.menus)).toEqual(others.flatMap((code) => GRANTED.map((name) => ({ code, name }))).sort((a, b) => (a.code + a.name < b.code + b.name ? -1 : 1)));
    expect(added(after.permissions, before.permissions)).toEqual(
      others.flatMap((code) => GRANTED.map((name) => ({ code, permission: `menu:${name}` }))).sort((a, b) => (a.code + a.permission < b.code + b.permission ? -1 : 1)),
    );
    // Nothing taken away.
    expect(added(before.menus, after.menus)).toEqual([]);
    expect(added(before.permissions, after.permissions)).toEqual([]);
  });
});
