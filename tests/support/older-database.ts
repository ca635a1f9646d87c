/**
 * Where an upgrade test stands a database: as an older release left it, the steps before the one
 * under test recorded as run, ready for today's demo seed. That seed writes today's tables, so every
 * step after the one under test runs too, unrecorded, as a fresh start runs them before its seed (on
 * a database with no rows yet they make tables and grant nothing). A new table of the seed then
 * needs nothing of these tests.
 */
import type { Kysely } from 'kysely';
import type { DatabaseHandle } from '../../server/db/open';
import { migrateToLatest } from '../../server/db/migrate';
import { migrations } from '../../server/db/migrations';
import type { Database } from '../../server/db/schema';

/** The steps up to `step` and no further: what the test then migrates with, later steps not being its business. */
export function stepsThrough(step: string): typeof migrations {
  const at = migrations.findIndex(([name]) => name === step);
  if (at === -1) throw new Error(`no migration ${step}`);
  return migrations.slice(0, at + 1);
}

export async function standBefore(database: DatabaseHandle, step: string): Promise<void> {
  const through = stepsThrough(step);
  const before = through.slice(0, -1);
  if ((await migrateToLatest(database, before)).length !== before.length) throw new Error('the scratch database was not empty');
  for (const [, later] of migrations.slice(through.length)) await later.up(database.db as unknown as Kysely<unknown>, database.types);
}

/** Which role holds which menu item and which permission code, in a stable order: what an upgrade test compares. */
export async function roleGrants(db: Kysely<Database>) {
  return {
    menus: await db
      .selectFrom('role_menus')
      .innerJoin('menus', 'menus.id', 'role_menus.menu_id')
      .innerJoin('roles', 'roles.id', 'role_menus.role_id')
      .select(['roles.code', 'menus.name'])
      .orderBy('roles.code')
      .orderBy('menus.name')
      .execute(),
    permissions: await db
      .selectFrom('role_permissions')
      .innerJoin('roles', 'roles.id', 'role_permissions.role_id')
      .select(['roles.code', 'role_permissions.permission'])
      .orderBy('roles.code')
      .orderBy('role_permissions.permission')
      .execute(),
  };
}
