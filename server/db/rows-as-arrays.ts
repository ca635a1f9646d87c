/**
 * Rows as arrays of values in select-list order instead of one object a row: for reads of a
 * hundred thousand rows (a match's orders and settlement lines), where making each row's object
 * (and then another of the shape the caller wants) was most of the read. The query's text carries a
 * mark that every connection looks for (db/open.ts, db/read-pool.ts): a better-sqlite3 statement
 * is switched to raw rows, pg is asked for rowMode 'array'.
 */
import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import type { Database } from './schema';

/** What such a statement's text starts with (the read pool's workers look for it too). */
export const ARRAYS_MARK = '/* rows as arrays */ ';

/** Whether a statement's text asks for its rows as arrays. */
export const asksForArrays = (text: string): boolean => text.startsWith(ARRAYS_MARK);

/** A row's values in the order of `columns`. */
export type ValuesOf<Row, Columns extends readonly string[]> = { -readonly [I in keyof Columns]: Columns[I] extends keyof Row ? Row[Columns[I]] : never };

/** A compiled query whose rows come as arrays. */
export const markedForArrays = <Row>(query: CompiledQuery<Row>): CompiledQuery<unknown[]> => CompiledQuery.raw(ARRAYS_MARK + query.sql, [...query.parameters]) as CompiledQuery<unknown[]>;

/**
 * The rows of `build(columns)` as arrays in the order of `columns`: `build` selects them, the one
 * list naming both the select and each value's place.
 */
export async function rowsAsArrays<const Columns extends readonly string[], Row>(
  db: Kysely<Database>,
  columns: Columns,
  build: (columns: Columns) => Compilable<Row>,
): Promise<Array<ValuesOf<Row, Columns>>> {
  return (await db.executeQuery(markedForArrays(build(columns).compile()))).rows as Array<ValuesOf<Row, Columns>>;
}
