import type { Kysely } from 'kysely';
import type { Migration } from '../dialect';

interface Tables {
  role_permissions: { role_id: number; permission: string };
}

/** As named in 2026-11 (a literal copy: the codes may be renamed later, history may not). */
const GRANTS: ReadonlyArray<readonly [held: string, granted: readonly string[]]> = [
  ['goods:read', ['posters:read']],
  ['goods:write', ['posters:read', 'posters:write']],
];

/**
 * 海报设计: a team's saved posters. The document (size, background, elements) is kept whole as JSON
 * text; its size is mirrored in columns so a list need not parse it to say it. `version` counts the
 * saves: a save names the version it started from and is refused when a teammate saved meanwhile.
 *
 * Roles that read the team's goods may open its posters; roles that change goods may save and
 * delete them too, as the seed gives a new database's seller role.
 */
export const migration: Migration = {
  async up(db, t) {
    await t
      .withId(db.schema.createTable('goods_posters'))
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id'))
      .addColumn('name', 'varchar(60)', (c) => c.notNull())
      .addColumn('width', 'integer', (c) => c.notNull())
      .addColumn('height', 'integer', (c) => c.notNull())
      .addColumn('doc', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('updated_by_name', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', t.time, (c) => c.notNull())
      .addColumn('updated_at', t.time, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('goods_posters_team_id_updated_at').on('goods_posters').columns(['team_id', 'updated_at']).execute();

    const grants = db as unknown as Kysely<Tables>;
    for (const [held, granted] of GRANTS) {
      const holders = await grants.selectFrom('role_permissions').select('role_id').where('permission', '=', held).execute();
      for (const { role_id } of holders) {
        for (const permission of granted) {
          const has = await grants.selectFrom('role_permissions').select('role_id').where('role_id', '=', role_id).where('permission', '=', permission).executeTakeFirst();
          if (!has) await grants.insertInto('role_permissions').values({ role_id, permission }).execute();
        }
      }
    }
  },
};
