/**
 * The keyword index of an admin-defined resource: what lets a list's keyword (`%kw%` over the
 * searchable fields) find its rows without reading the whole table.
 *
 * SQLite: a contentless FTS5 table with the trigram tokenizer, `res_<name>_kw`, one column per
 * keyword field, kept in step with the table by triggers. Each value is indexed between two
 * sentinels (char(1)), so every substring of one or two characters lies inside some trigram:
 *  - a keyword of 3+ characters is a trigram phrase (MATCH '"kw"');
 *  - a shorter one (a Chinese two-character word is the usual case) matches the trigrams that
 *    contain it, found in the index's vocabulary (`res_<name>_kwv`, fts5vocab): for two
 *    characters those that begin with them (the closing sentinel always follows), for one
 *    every trigram holding it.
 * A keyword's rows are read from the index once (kept until the table is written), up to a limit:
 * a rare keyword's leads the query (its rows read by id), a common one does not (the filters' and
 * sort's indexes do, as before; the vocabulary tells a common short keyword without reading its rows).
 * The index only narrows the candidates; the LIKE of today is still applied to them, so a list
 * answers exactly the rows it answered before (trigrams fold case beyond ASCII, LIKE does not).
 *
 * PostgreSQL: a pg_trgm GIN index per keyword field, which the planner uses for ILIKE '%kw%' of
 * three or more characters; shorter keywords are scanned as before.
 */
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../db/schema';
import type { DialectName } from '../db/dialect';
import type { ResourceDefinition } from '../../src/contract/resource';
import { isTextual, type DynamicDb } from './store';
import type { KeptTable, Weighed } from './kept';

/** The FTS5 table (SQLite) of a record table. */
export function keywordTableOf(table: string): string {
  return `${table}_kw`;
}

function vocabularyOf(table: string): string {
  return `${table}_kwv`;
}

/** The fields a keyword may search: the searchable textual ones, and the label field. */
export function keywordFieldsOf(definition: ResourceDefinition): string[] {
  return definition.fields.filter((f) => isTextual(f) && (f.searchable || f.name === definition.labelField)).map((f) => f.name);
}

async function dropSqliteIndex(db: DynamicDb, table: string): Promise<void> {
  for (const suffix of ['ai', 'ad', 'au']) await sql`drop trigger if exists ${sql.id(`${table}_kw_${suffix}`)}`.execute(db);
  await sql`drop table if exists ${sql.table(vocabularyOf(table))}`.execute(db);
  await sql`drop table if exists ${sql.table(keywordTableOf(table))}`.execute(db);
}

/** The padded values of a row (`new` or a select's columns), in the FTS table's column order. */
function padded(fields: string[], row: string | null): RawBuilder<unknown> {
  return sql.join(fields.map((f) => sql`char(1) || coalesce(${row ? sql.ref(`${row}.${f}`) : sql.ref(f)}, '') || char(1)`));
}

async function createSqliteIndex(db: DynamicDb, table: string, fields: string[]): Promise<void> {
  const fts = sql.table(keywordTableOf(table));
  const columns = sql.join(fields.map((_, i) => sql.id(`c${i}`)));
  const trigger = (suffix: string) => sql.id(`${table}_kw_${suffix}`);
  const insertNew = sql`insert into ${fts} (rowid, ${columns}) values (new.id, ${padded(fields, 'new')})`;
  await sql`create virtual table ${fts} using fts5(${columns}, content='', contentless_delete=1, tokenize='trigram')`.execute(db);
  await sql`create virtual table ${sql.table(vocabularyOf(table))} using fts5vocab(${sql.id(keywordTableOf(table))}, 'row')`.execute(db);
  await sql`create trigger ${trigger('ai')} after insert on ${sql.table(table)} begin ${insertNew}; end`.execute(db);
  await sql`create trigger ${trigger('ad')} after delete on ${sql.table(table)} begin delete from ${fts} where rowid = old.id; end`.execute(db);
  await sql`create trigger ${trigger('au')} after update of ${sql.join(fields.map((f) => sql.id(f)))} on ${sql.table(table)} begin delete from ${fts} where rowid = old.id; ${insertNew}; end`.execute(
    db,
  );
  await sql`insert into ${fts} (rowid, ${columns}) select id, ${padded(fields, null)} from ${sql.table(table)}`.execute(db);
}

function trigramIndexName(defId: number, field: string): string {
  return `res_${defId}_kw_${field}`;
}

/** The schema pg_trgm is installed in (its operator class is named through it), or null without it. */
async function trigramSchema(db: DynamicDb): Promise<string | null> {
  const { rows } = await sql<{ schema: string }>`select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'`.execute(db);
  return rows[0]?.schema ?? null;
}

/**
 * Installs pg_trgm (PostgreSQL) when the database lets this user, in a savepoint so a refusal
 * leaves the migration's transaction usable: without it keywords are scanned as before.
 */
export async function installTrigramExtension(db: DynamicDb): Promise<void> {
  await sql`savepoint keyword_index`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm schema public`.execute(db);
    await sql`release savepoint keyword_index`.execute(db);
  } catch {
    await sql`rollback to savepoint keyword_index`.execute(db);
  }
}

/**
 * Brings the keyword index of a record table in line with its definition: built (from the rows
 * already there) when missing or when the keyword fields changed, dropped when there are none.
 * `before` is the previous definition's keyword fields, null for a table new to the index.
 */
export async function syncKeywordIndex(db: DynamicDb, dialect: DialectName, table: string, defId: number, definition: ResourceDefinition, before: string[] | null): Promise<void> {
  const fields = keywordFieldsOf(definition);
  if (before && before.join('\n') === fields.join('\n')) return;
  if (dialect === 'sqlite') {
    await dropSqliteIndex(db, table);
    if (fields.length > 0) await createSqliteIndex(db, table, fields);
    return;
  }
  for (const field of before ?? []) if (!fields.includes(field)) await sql`drop index if exists ${sql.id(trigramIndexName(defId, field))}`.execute(db);
  const schema = await trigramSchema(db);
  if (!schema) return;
  const operators = sql`${sql.id(schema)}.gin_trgm_ops`;
  for (const field of fields) {
    await sql`create index if not exists ${sql.id(trigramIndexName(defId, field))} on ${sql.table(table)} using gin (${sql.id(field)} ${operators})`.execute(db);
  }
}

/** Drops what the index adds beside a record table being dropped (PostgreSQL's indexes go with it). */
export async function dropKeywordIndex(db: DynamicDb, dialect: DialectName, table: string): Promise<void> {
  if (dialect === 'sqlite') await dropSqliteIndex(db, table);
}

/** A trigram phrase or term of an FTS5 query: the text in double quotes, its quotes doubled. */
function quoted(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

/**
 * Past this many rows holding the keyword's rarest trigram, the index does not lead: reading that
 * many rows one by one costs more than the filters' and sort's own indexes with the LIKE on each row.
 */
const MOST_CANDIDATES = 20_000;

/** Characters a trigram folds to lower case beyond ASCII, where LIKE would not: the vocabulary cannot be searched for them. */
function foldsBeyondAscii(keyword: string): boolean {
  return [...keyword].some((c) => c > '\u007f' && c.toLowerCase() !== c.toUpperCase());
}

interface Vocabulary {
  term: string;
  doc: number;
}

/**
 * The FTS5 query for the rows that may hold `keyword`; null when the index cannot narrow them (one
 * ASCII character, which most rows hold, or letters with case beyond ASCII in a short keyword), or
 * when the vocabulary says it would find more than MOST_CANDIDATES rows.
 */
async function ftsQuery(db: Kysely<Database>, table: string, keyword: string): Promise<string | null> {
  const vocabulary = sql.table(vocabularyOf(table));
  const characters = [...keyword];
  // A phrase of trigrams. Its rows are not estimated from the vocabulary: the count of a trigram
  // is read through its whole list of rows, a million for "000" in order numbers (0.3 s each), where
  // reading the phrase's own rows, up to the limit, costs a fraction of that.
  if (characters.length >= 3) return quoted(keyword);
  if ((characters.length === 1 && keyword <= '\u007f') || foldsBeyondAscii(keyword)) return null;
  const { rows } =
    characters.length === 2
      ? // Every value ends in the sentinel, so two characters are always followed by a third: the
        // trigrams that begin with them hold every place they occur, a range of the vocabulary
        // (a few milliseconds where scanning it whole took half a second on 1,000,000 rows).
        await sql<Vocabulary>`select term, doc from ${vocabulary} where term >= ${keyword.toLowerCase()} and term < ${`${keyword.toLowerCase()}\u{10ffff}`}`.execute(db)
      : // One character may end a value, where no trigram begins with it: every trigram holding it
        // (LIKE ignores the ASCII case the vocabulary folded away).
        await sql<Vocabulary>`select term, doc from ${vocabulary} where term like ${`%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`.execute(db);
  // A row holding several of the trigrams counts once for each: the sum is at least its rows.
  if (rows.reduce((sum, r) => sum + Number(r.doc), 0) > MOST_CANDIDATES) return null;
  return rows.map((r) => quoted(r.term)).join(' OR ');
}

/** The rows the keyword index found for a keyword, as a JSON array of ids; null when it should not lead. */
interface Candidates extends Weighed {
  ids: string | null;
}

async function candidatesOf(db: Kysely<Database>, table: string, keyword: string): Promise<Candidates> {
  const match = await ftsQuery(db, table, keyword);
  if (match === null) return { ids: null, keptWeight: 1 };
  if (match === '') return { ids: '[]', keptWeight: 1 };
  const fts = sql.table(keywordTableOf(table));
  const { rows } = await sql<{ id: number }>`select rowid as id from ${fts} where ${fts} match ${match} limit ${MOST_CANDIDATES + 1}`.execute(db);
  if (rows.length > MOST_CANDIDATES) return { ids: null, keptWeight: 1 };
  // An id weighs about a hundredth of a kept page's row.
  return { ids: JSON.stringify(rows.map((r) => r.id)), keptWeight: Math.max(1, Math.ceil(rows.length / 100)) };
}

/**
 * The rows of a SQLite record table that may contain `keyword` in a keyword field, as a condition
 * on its id for the list to start from; null when the index should not lead (see ftsQuery and
 * MOST_CANDIDATES) and the table is read through its other indexes as before.
 */
export async function keywordCandidates(reader: Kysely<Database>, table: string, keyword: string, kept: KeptTable): Promise<RawBuilder<SqlBool> | null> {
  // Read once and kept until the table is written, by `reader` (the read pool): a page and its total,
  // of every caller and filter, start from the same ids instead of each matching the phrase again
  // (0.2 s for an order number's fragment on 1,000,000 rows).
  const { ids } = await kept.kept(`keyword\n${keyword}`, () => candidatesOf(reader, table, keyword));
  if (ids === null) return null;
  if (ids === '[]') return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`${sql.ref('id')} in (select value from json_each(${ids}))`;
}
