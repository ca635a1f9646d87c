/**
 * Export of a ListQuery's rows as CSV or XLSX, streamed: rows are read in batches after the last row
 * of the previous batch (keyset, never OFFSET) and written out as they come, so the number of rows
 * exported does not change how much memory the server holds. The client's backpressure pauses the
 * reading.
 */
import { PassThrough, Readable } from 'node:stream';
import { sql } from 'kysely';
import { stringify } from 'csv-stringify/sync';
import type { ListQuery, ResourceField, ResourceRecord } from '../../src/contract/resource';
import { assertAction, shownFieldsFor, visibleFields, type ResourceCaller } from './caller';
import { formatCell, loadDictionaries, type FormatContext } from './cells';
import { afterRow, conditionsOf, orderOf, sortKeysOf, whereOf, type SortKey } from './list-query';
import { lookupLabels, presented, selection, toRecord, type ResourceContext } from './read-records';
import { writeXlsx, type SheetCell, type SheetColumn } from './xlsx-writer';
import { dynamic, readTableOf, type ResourceStore } from './store';
import { formatDateTime } from './time';

export type ExportFormat = 'csv' | 'xlsx';

/** Rows read per query; small enough to stay light, large enough that queries are few. */
export const EXPORT_BATCH = 1000;

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export interface ExportFile {
  stream: Readable;
  contentType: string;
  /** For Content-Disposition: the resource's title and the time, e.g. 商品-20260102-153000.xlsx. */
  filename: string;
}

interface Batch {
  records: ResourceRecord[];
  format: FormatContext;
}

/**
 * The batches of an export, each with the lookup labels its columns need. `fields` are read;
 * `columns` are written: the fields, and the row's team (a system column) for a reader of several teams.
 */
async function* batches(ctx: ResourceContext, store: ResourceStore, caller: ResourceCaller, fields: ResourceField[], columns: ResourceField[], query: ListQuery): AsyncGenerator<Batch> {
  const conditions = conditionsOf(store, caller, query, ctx.dialect);
  const keys: SortKey[] = sortKeysOf(store, caller, query.sort);
  const order = orderOf(keys, ctx.dialect);
  const dictionaries = await loadDictionaries(ctx.db, columns);
  // The sort columns must come back with each row for the next batch's keyset, hidden or not.
  const keyColumns = keys.filter((k) => !fields.some((f) => f.name === k.ref.column)).map((k) => sql.ref(k.ref.column).as(`__key_${k.ref.column}`));
  let last: Record<string, unknown> | null = null;
  for (;;) {
    const where = whereOf(last ? [...conditions, afterRow(keys, last)] : conditions);
    const rows: Record<string, unknown>[] = await dynamic(ctx.db)
      .selectFrom(readTableOf(store))
      .select([...selection(store, fields), ...keyColumns])
      .where(where)
      .orderBy(order)
      .limit(EXPORT_BATCH)
      .execute();
    if (rows.length === 0) return;
    const tail = rows[rows.length - 1];
    last = Object.fromEntries(keys.map((k) => [k.ref.column, tail[`__key_${k.ref.column}`] ?? tail[k.ref.column]]));
    const records = await presented(ctx, store, caller, rows.map((row) => toRecord(fields, row)));
    yield { records, format: { lang: caller.lang, dictionaries, labels: (await lookupLabels(ctx, caller, columns, records)) ?? {} } };
    if (rows.length < EXPORT_BATCH) return;
  }
}

/** A batch's rows as the cells of a file. */
function cellsOf(batch: Batch, fields: ResourceField[], target: 'csv' | 'xlsx'): SheetCell[][] {
  return batch.records.map((record) => fields.map((f) => formatCell(f, record[f.name], batch.format, target)));
}

function csvStream(source: AsyncGenerator<Batch>, fields: ResourceField[], caller: ResourceCaller): Readable {
  async function* lines() {
    // The byte-order mark makes Excel read the file as UTF-8 rather than the system code page.
    yield `\ufeff${stringify([fields.map((f) => f.title[caller.lang])])}`;
    for await (const batch of source) yield stringify(cellsOf(batch, fields, 'csv'));
  }
  return Readable.from(lines());
}

function xlsxStream(source: AsyncGenerator<Batch>, fields: ResourceField[], caller: ResourceCaller, sheetName: string): Readable {
  const output = new PassThrough();
  const columns: SheetColumn[] = fields.map((f) => ({
    header: f.title[caller.lang],
    width: Math.min(40, Math.max(10, f.title[caller.lang].length * 2 + 4)),
    money: f.type === 'money',
  }));
  async function* rows() {
    for await (const batch of source) yield cellsOf(batch, fields, 'xlsx');
  }
  writeXlsx(output, sheetName, columns, rows()).catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));
  return output;
}

/**
 * Checks the query (an unknown field is a 400 before any byte is sent) and answers the file's stream.
 * Columns are what the caller's list shows (their fields, and 所属团队 by name when they read several
 * teams' rows), titled in their language.
 */
export async function exportRecords(ctx: ResourceContext, store: ResourceStore, caller: ResourceCaller, query: ListQuery, format: ExportFormat): Promise<ExportFile> {
  assertAction(store, caller, 'export');
  conditionsOf(store, caller, query, ctx.dialect);
  sortKeysOf(store, caller, query.sort);
  const fields = visibleFields(store.definition, caller);
  const columns = shownFieldsFor(store.definition, caller);
  const title = store.definition.title[caller.lang];
  const source = batches(ctx, store, caller, fields, columns, query);
  return {
    stream: format === 'csv' ? csvStream(source, columns, caller) : xlsxStream(source, columns, caller, title),
    contentType: CONTENT_TYPES[format],
    filename: `${title}-${formatDateTime(Date.now()).replace(/[-:]/g, '').replace(' ', '-')}.${format}`,
  };
}
