/**
 * Rows as arrays of values in select-list order instead of one object a row: for reads of a
 * hundred thousand rows (a match's orders and settlement lines), where making each row's object
 * (and then another of the shape the caller wants) was most of the read.
 *
 * PostgreSQL: the query's text carries a mark the pool's connections look for (db/open.ts), which
 * ask pg for rowMode 'array'. SQLite: the query is wrapped so that SQLite writes all its rows as
 * one JSON document, parsed here. better-sqlite3 builds each value of a row with a call into V8 of
 * its own, and JSON.parse builds the same arrays at about half the cost (100,000 orders of eight
 * columns: 250 → 110 ms; 100,000 settlement lines of ten: 300 → 180 ms); read on the read pool's
 * workers, one string crosses to this thread instead of a hundred thousand arrays. JSON holds
 * text, integers and reals exactly as they are (SQLite writes reals to round-trip); a BLOB column
 * cannot be read this way.
 */
import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import type { Database } from './schema';
import { isPostgres } from './rowset';

/** What such a statement's text starts with on PostgreSQL. */
const ARRAYS_MARK = '/* rows as arrays */ ';

/** Whether a statement's text asks for its rows as arrays. */
export const asksForArrays = (text: string): boolean => text.startsWith(ARRAYS_MARK);

/** A row's values in the order of `columns`. */
export type ValuesOf<Row, Columns extends readonly string[]> = { -readonly [I in keyof Columns]: Columns[I] extends keyof Row ? Row[Columns[I]] : never };

/** A compiled PostgreSQL query whose rows come as arrays. */
export const markedForArrays = <Row>(query: CompiledQuery<Row>): CompiledQuery<unknown[]> => CompiledQuery.raw(ARRAYS_MARK + query.sql, [...query.parameters]) as CompiledQuery<unknown[]>;

/**
 * A compiled SQLite query of `width` columns as one row holding its rows as a JSON array of arrays.
 * The columns are renamed by position (a select list may name two the same); a query with an ORDER
 * BY keeps its order, as SQLite never merges an ordered subquery into an aggregate over it.
 */
function asJsonRows(query: CompiledQuery, width: number): CompiledQuery<{ rows: string }> {
  const names = Array.from({ length: width }, (_, i) => `c${i}`).join(', ');
  return CompiledQuery.raw(`with q(${names}) as (${query.sql}) select json_group_array(json_array(${names})) as rows from q`, [...query.parameters]);
}

/**
 * The rows of `build(columns)` as arrays in the order of `columns`: `build` selects them, the one
 * list naming both the select and each value's place.
 */
export async function rowsAsArrays<const Columns extends readonly string[], Row>(
  db: Kysely<Database>,
  columns: Columns,
  build: (columns: Columns) => Compilable<Row>,
): Promise<Array<ValuesOf<Row, Columns>>> {
  const query = build(columns).compile();
  if (isPostgres(db)) return (await db.executeQuery(markedForArrays(query))).rows as Array<ValuesOf<Row, Columns>>;
  const [answer] = (await db.executeQuery(asJsonRows(query, columns.length))).rows;
  return JSON.parse(answer.rows) as Array<ValuesOf<Row, Columns>>;
}
