/**
 * The server's seams hold by lint, not by habit: a route file that runs SQL or casts a request part,
 * and runtime code that reaches into the demo seed, fail `npm run lint`.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

/** The messages lint gives a source as if it were the file at `file` (relative to the repository). */
async function lint(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(root, file) });
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('server boundaries', () => {
  it('refuses SQL in a route file, and takes it in a store', async () => {
    const source = [
      "import { sql, type Kysely } from 'kysely';",
      "import type { Database } from '../db/schema';",
      "export const rows = (db: Kysely<Database>) => db.selectFrom('menus').selectAll().execute();",
      "export const one = (db: Kysely<Database>) => sql`select 1`.execute(db);",
      "export const write = (db: Kysely<Database>) => db.transaction().execute(async () => undefined);",
      '',
    ].join('\n');
    const inRoutes = await lint('server/menus/routes.ts', source);
    expect(inRoutes.filter((m) => m.includes('SQL belongs in the concern'))).toHaveLength(3);
    expect(await lint('server/menus/store.ts', source)).toEqual([]);
  });

  it('refuses a cast of request.body, query or params anywhere in the server', async () => {
    const source = [
      'export const parts = (request: { body: unknown; query: unknown; params: unknown }) => [',
      '  request.body as { id: number },',
      '  request.query as { page: string },',
      '  request.params as { name: string },',
      '];',
      '',
    ].join('\n');
    const messages = await lint('server/menus/helpers.ts', source);
    expect(messages.filter((m) => m.includes('TypeBox type provider'))).toHaveLength(3);
  });

  it('refuses runtime code that imports the demo seed, and lets the seed import the runtime', async () => {
    const source = "import { MENU } from '../db/seed/menu';\nexport const count = MENU.length;\n";
    expect(await lint('server/menus/counts.ts', source)).toEqual([expect.stringContaining('no-restricted-imports')]);
    const seedSource = "import { menuPermission } from '../../menus/permission-codes';\nexport const code = menuPermission('Index');\n";
    expect(await lint('server/db/seed/extra.ts', seedSource)).toEqual([]);
  });
});
