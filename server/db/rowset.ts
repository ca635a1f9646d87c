import { CompiledQuery, PostgresAdapter, sql, type Compilable, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Database } from './schema';
import { keepPrepared } from './prepared';

/** How a row set's column is typed: PostgreSQL's names (SQLite keeps JSON numbers and strings as they are). */
export type ColumnType = 'integer' | 'bigint' | 'text';

export type RowSetColumns = ReadonlyArray<readonly [name: string, type: ColumnType]>;

export function isPostgres(db: Kysely<Database>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Rows handed to a statement as one JSON parameter (an array of rows, each an array of its columns'
 * values in order) and read there as a table. The statement's text is the same whatever the number
 * of rows, so SQLite prepares it once and PostgreSQL plans a short text, and no query builder turns
 * each value into nodes: a hot path's statements (a moment's chat messages) cost what their rows
 * cost, not what building and parsing hundreds of placeholders costs.
 *
 * `placeholder` is where the parameter sits in the statement (`?` on SQLite, `$n` on PostgreSQL).
 */
export function rowSetSql(postgres: boolean, columns: RowSetColumns, placeholder: string): string {
  if (postgres) {
    // jsonb: each row is parsed once; a json row was parsed again for each of its columns read.
    const read = columns.map(([name, type], i) => `(value ->> ${i})::${type} as "${name}"`).join(', ');
    return `(select ${read} from jsonb_array_elements(${placeholder}::jsonb))`;
  }
  const read = columns.map(([name], i) => `value ->> ${i} as "${name}"`).join(', ');
  return `(select ${read} from json_each(${placeholder}))`;
}

/**
 * The row of each key of a JSON array (given as one parameter) that `rowsOf` finds, with `match(column)`
 * as its condition on the key; keys are unique in `column`. On PostgreSQL each key is probed on its
 * own (a limited lateral subquery per key), so the lookup stays on the column's index however the
 * planner judges the table: `in (<keys>)` and `= any(<keys>)` were planned as scans of every row
 * (users, logins) when statistics were missing, and a kept statement keeps its plan as tables grow.
 */
export function byKeys<O>(
  db: Kysely<Database>,
  keys: string,
  type: ColumnType,
  rowsOf: (match: (column: string) => RawBuilder<SqlBool>) => SelectQueryBuilder<Database, never, O>,
): Compilable<O> {
  if (!isPostgres(db)) return rowsOf((column) => sql<SqlBool>`${sql.ref(column)} in (select value from json_each(${keys}))`);
  const key = sql`k.value::${sql.raw(type)}`;
  const probe = rowsOf((column) => sql<SqlBool>`${sql.ref(column)} = ${key}`).limit(1);
  return db
    .selectFrom(sql<{ value: string }>`json_array_elements_text(${keys}::json)`.as('k'))
    .innerJoinLateral(probe.as('x'), (join) => join.onTrue())
    .selectAll('x') as unknown as Compilable<O>;
}

/** A statement written once per dialect, run with its parameters. */
export interface FixedStatement {
  run<R>(db: Kysely<Database>, parameters: readonly unknown[]): Promise<R[]>;
}

/**
 * `write(postgres, at)` writes the statement for one dialect; `at(n)` is the placeholder of the
 * n-th parameter (from 1) as `run` is given them. SQLite's are positional (better-sqlite3 takes no
 * `?NNN`), so the text must name them in that order.
 */
export function fixedStatement(write: (postgres: boolean, at: (n: number) => string) => string): FixedStatement {
  const texts = new Map<boolean, string>();
  return {
    async run<R>(db: Kysely<Database>, parameters: readonly unknown[]) {
      const postgres = isPostgres(db);
      let text = texts.get(postgres);
      if (text === undefined) {
        text = write(postgres, (n) => (postgres ? `$${n}` : '?'));
        keepPrepared(text);
        texts.set(postgres, text);
      }
      return (await db.executeQuery<R>(CompiledQuery.raw(text, [...parameters]))).rows;
    },
  };
}
