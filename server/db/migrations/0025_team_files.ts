import type { Kysely } from 'kysely';
import type { Migration } from '../dialect';

interface Tables {
  role_permissions: { role_id: number; permission: string };
}

/**
 * 文件管理: a team's folders and files. The top level is folder 0 rather than null, so that the
 * unique indexes refuse two folders or two files of one name side by side at the top too (both
 * dialects take nulls as distinct). The bytes live on disk (server/files/storage.ts); a row names
 * them by a random key.
 *
 * Roles that already held the 文件管理 menu item get the files permissions beside it, as the seed
 * gives them to a new database's seller role.
 */
export const migration: Migration = {
  async up(db, t) {
    await t
      .withId(db.schema.createTable('file_folders'))
      .addColumn('team_id', 'integer', (c) => c.notNull())
      .addColumn('parent_id', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('created_by', 'integer')
      .addColumn('created_at', t.time, (c) => c.notNull())
      .addColumn('updated_at', t.time, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('file_folders_team_parent_name').unique().on('file_folders').columns(['team_id', 'parent_id', 'name']).execute();

    await t
      .withId(db.schema.createTable('team_files'))
      .addColumn('team_id', 'integer', (c) => c.notNull())
      .addColumn('folder_id', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('content_type', 'varchar(128)', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('storage_key', 'varchar(64)', (c) => c.notNull())
      .addColumn('uploaded_by', 'integer')
      .addColumn('created_at', t.time, (c) => c.notNull())
      .addColumn('updated_at', t.time, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('team_files_team_folder_name').unique().on('team_files').columns(['team_id', 'folder_id', 'name']).execute();
    await db.schema.createIndex('team_files_team_kind').on('team_files').columns(['team_id', 'kind']).execute();

    const grants = db as unknown as Kysely<Tables>;
    const holders = await grants.selectFrom('role_permissions').select('role_id').where('permission', '=', 'menu:Explorer').execute();
    for (const { role_id } of holders) {
      for (const permission of ['files:read', 'files:write']) {
        const held = await grants.selectFrom('role_permissions').select('role_id').where('role_id', '=', role_id).where('permission', '=', permission).executeTakeFirst();
        if (!held) await grants.insertInto('role_permissions').values({ role_id, permission }).execute();
      }
    }
  },
};
