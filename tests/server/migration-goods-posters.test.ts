/**
 * Upgrade of a database made before 海报设计 kept posters: migration 0029 makes their table and gives
 * the poster codes to the roles that already work on goods — read to a role that reads goods, read
 * and write to one that changes them — and to no other role.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/open';
import { migrateToLatest } from '../../server/db/migrate';
import { seedDemo } from '../../server/db/seed/demo';
import { DIALECTS } from '../support/server-harness';
import { scratchDatabases } from '../support/scratch-database';

describe.each(DIALECTS)('migration 0029 (海报设计) on an older %s database', (dialect) => {
  const emptyDatabase = scratchDatabases(dialect, 'goods-posters-');

  const codesOf = async (database: DatabaseHandle) =>
    (
      await database.db
        .selectFrom('role_permissions')
        .innerJoin('roles', 'roles.id', 'role_permissions.role_id')
        .select(['roles.code', 'role_permissions.permission'])
        .where('permission', 'like', 'posters:%')
        .orderBy('roles.code')
        .orderBy('permission')
        .execute()
    ).map((row) => `${row.code} ${row.permission}`);

  it('makes the posters table and grants read to goods readers, read and write to goods writers', async () => {
    const database = await emptyDatabase();
    await migrateToLatest(database);
    await seedDemo(database.db);
    // The demo's team manager reads posters too: a grant of the demo's, not of the migration (it reads no goods).
    expect(await codesOf(database)).toEqual(['seller posters:read', 'seller posters:write', 'team_manager posters:read']);

    // Taken back to before 0029, with a role that only reads goods, as an administrator might have made.
    const now = Date.now();
    const { id } = await database.db.insertInto('roles').values({ code: 'goods_viewer', name: '商品查看', role_type: 'staff', remark: '', created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
    await database.db.insertInto('role_permissions').values({ role_id: id, permission: 'goods:read' }).execute();
    await database.db.deleteFrom('role_permissions').where('permission', 'like', 'posters:%').execute();
    await database.db.schema.dropTable('goods_posters').execute();
    await sql`delete from kysely_migration where name = '0029_goods_posters'`.execute(database.db);

    expect(await migrateToLatest(database)).toEqual(['0029_goods_posters']);
    expect(await codesOf(database)).toEqual(['goods_viewer posters:read', 'seller posters:read', 'seller posters:write']);
    expect(await database.db.selectFrom('goods_posters').select('id').execute()).toEqual([]);
  });
});
