/**
 * Upgrade of a database whose admin-defined resources have only the indexes of release 0019 (each
 * index of a team-scoped table after the team, PostgreSQL's in its default NULLS LAST): migration
 * 0020 adds each one without the team and, on PostgreSQL, builds an optional field's index again
 * NULLS FIRST; the rows stay as they were, and a second run changes nothing.
 */
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/open';
import { migrateToLatest } from '../../server/db/migrate';
import { migrations } from '../../server/db/migrations';
import { migration as allTeamsIndexes } from '../../server/db/migrations/0020_all_teams_indexes';
import { createCustomResource } from '../../server/resources/definitions';
import { tableOf } from '../../server/resources/custom-tables';
import { dynamic } from '../../server/resources/store';
import { DIALECTS } from '../support/server-harness';
import { scratchDatabases } from '../support/scratch-database';
import { f } from '../support/resources';

const AT_0020 = migrations.findIndex(([name]) => name === '0020_all_teams_indexes');
const BEFORE_0020 = migrations.slice(0, AT_0020);
/** Up to 0020 and no further: later steps are not this test's business. */
const THROUGH_0020 = migrations.slice(0, AT_0020 + 1);

/** The indexes of release 0019, by suffix after `res_<id>_`: the field's ordinal, after the team. */
const OLD_INDEXES: Array<[suffix: string, columns: string[], unique: boolean]> = [
  ['team', ['team_id', 'id'], false],
  ['u1t', ['team_id', 'order_no'], true],
  ['i2t', ['team_id', 'amount', 'id'], false],
  ['i3t', ['team_id', 'paid_at', 'id'], false],
  ['c2_3t', ['team_id', 'amount', 'paid_at', 'id'], false],
];

describe.each(DIALECTS)('migration 0020 (indexes without the team) on an older %s database', (dialect) => {
  let database: DatabaseHandle;
  const emptyDatabase = scratchDatabases(dialect, 'all-teams-indexes-');

  /** Every index of the resource's table (not the keyword index's): name → its definition as the database prints it. */
  async function indexes(): Promise<Record<string, string>> {
    const table = tableOf('old_orders');
    const { rows } =
      dialect === 'sqlite'
        ? await sql<{ name: string; sql: string }>`select name, sql from sqlite_master where type = 'index' and tbl_name = ${table} and sql is not null`.execute(database.db)
        : await sql<{ name: string; sql: string }>`select indexname as name, indexdef as sql from pg_indexes where schemaname = current_schema() and tablename = ${table} and indexname ~ '^res_[0-9]+_' and indexname !~ '_kw_'`.execute(
            database.db,
          );
    return Object.fromEntries(rows.map((row) => [row.name, row.sql.replace(/^.* \(/, '(')]));
  }

  /** A database as release 0019 left it: a team-scoped resource with a few rows and only its team's indexes. */
  async function olderDatabase(): Promise<number> {
    database = await emptyDatabase();
    expect(await migrateToLatest(database, BEFORE_0020)).toHaveLength(BEFORE_0020.length);
    await createCustomResource(database, {
      name: 'old_orders',
      title: { zh: '旧订单', en: 'Old orders' },
      kind: 'custom',
      labelField: 'order_no',
      teamScoped: true,
      version: 1,
      indexes: [['amount', 'paid_at']],
      fields: [
        f('order_no', 'string', '订单号', 'Order number', { required: true, unique: true }),
        f('amount', 'money', '金额', 'Amount', { required: true, indexed: true }),
        f('paid_at', 'datetime', '付款时间', 'Paid at', { indexed: true }),
      ],
    });
    const { id } = await database.db.selectFrom('resource_definitions').select('id').where('name', '=', 'old_orders').executeTakeFirstOrThrow();
    const db = dynamic(database.db);
    for (const name of Object.keys(await indexes())) await db.schema.dropIndex(name).execute();
    for (const [suffix, columns, unique] of OLD_INDEXES) {
      const builder = db.schema.createIndex(`res_${id}_${suffix}`).on(tableOf('old_orders')).columns(columns);
      await (unique ? builder.unique() : builder).execute();
    }
    await db
      .insertInto(tableOf('old_orders'))
      .values([1, 2, 3].map((n) => ({ team_id: n % 2 === 0 ? 1 : 2, version: 1, created_at: n, updated_at: n, order_no: `SO${n}`, amount: n * 100, paid_at: n === 2 ? null : n * 1000 })))
      .execute();
    return id;
  }

  it('adds each index without the team, PostgreSQL building optional fields NULLS FIRST, keeps the rows, and a second run changes nothing', async () => {
    const id = await olderDatabase();
    const rows = await dynamic(database.db).selectFrom(tableOf('old_orders')).selectAll().orderBy('id').execute();
    const before = await indexes();
    expect(Object.keys(before).sort()).toEqual(OLD_INDEXES.map(([suffix]) => `res_${id}_${suffix}`).sort());

    expect(await migrateToLatest(database, THROUGH_0020)).toEqual(['0020_all_teams_indexes']);
    const after = await indexes();
    const nullsFirst = dialect === 'postgres' ? ' NULLS FIRST' : '';
    const quote = (column: string) => (dialect === 'sqlite' ? `"${column}"` : column);
    const shape = (...columns: string[]) => `(${columns.map((c) => (c === 'paid_at' ? `${quote(c)}${nullsFirst}` : quote(c))).join(', ')})`;
    expect(after).toEqual({
      [`res_${id}_team`]: shape('team_id', 'id'),
      [`res_${id}_u1t`]: shape('team_id', 'order_no'),
      [`res_${id}_i2t`]: shape('team_id', 'amount', 'id'),
      [`res_${id}_i3t`]: shape('team_id', 'paid_at', 'id'),
      [`res_${id}_c2_3t`]: shape('team_id', 'amount', 'paid_at', 'id'),
      // The administrator's: an order number unique within a team may repeat across teams.
      [`res_${id}_i1`]: shape('order_no', 'id'),
      [`res_${id}_i2`]: shape('amount', 'id'),
      [`res_${id}_i3`]: shape('paid_at', 'id'),
      [`res_${id}_c2_3`]: shape('amount', 'paid_at', 'id'),
    });
    expect(await dynamic(database.db).selectFrom(tableOf('old_orders')).selectAll().orderBy('id').execute()).toEqual(rows);

    // Again: the migrator has nothing left to apply, and the step itself run a second time finds every index there.
    expect(await migrateToLatest(database, THROUGH_0020)).toEqual([]);
    await allTeamsIndexes.up(database.db as unknown as Kysely<unknown>, database.types);
    expect(await indexes()).toEqual(after);
  });
});
