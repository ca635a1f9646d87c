/**
 * Import of a CSV or XLSX file into a resource. Headers are matched to field titles (either
 * language) or names; each cell is converted as export wrote it (labels back to values, yuan to
 * fen, China time); every row then passes the same checks as a form's create. A preview writes
 * nothing; an import writes all rows in one transaction, or none when any row is refused, unless
 * the caller asks for the valid rows only.
 */
import { sql } from 'kysely';
import { parse } from 'csv-parse/sync';
import type ExcelJS from 'exceljs';
import type { ImportError, ImportReport, RecordValue, ResourceField } from '../../src/contract/resource';
import { Code } from '../../src/contract/envelope';
import { ApiError } from '../http/errors';
import { message } from '../http/messages';
import { assertAction, isReadOnlyFor, visibleFields, type ResourceCaller } from './caller';
import { loadDictionaries, parseCell, type Cell, type ParseContext } from './cells';
import { teamCondition } from './list-query';
import type { ResourceContext } from './read-records';
import { loadExcelJS } from './excel';
import { dynamic, toColumn, type ResourceStore } from './store';
import { checkReferences, draftOf, insertDraft, lookupTargets, type Draft, type Problem } from './write-records';
import { recordLog } from '../audit/system-log';

export const IMPORT_MAX_MB = 10;
export const IMPORT_MAX_ROWS = 20_000;
const PREVIEW_ROWS = 20;

export type ImportMode = 'preview' | 'all' | 'valid';

export interface UploadedFile {
  filename: string;
  mimetype: string;
  bytes: Buffer;
}

interface Table {
  headers: string[];
  rows: Cell[][];
}

/** An XLSX cell's value as plain data: rich text joined, formulas by their result, links by their text. */
function plainCell(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value;
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('formula' in value || 'sharedFormula' in value) return plainCell((value as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
  if ('text' in value) return String(value.text);
  return null;
}

/**
 * A CSV's text. Excel on a Chinese Windows saves "CSV" in GB18030 (GBK) rather than UTF-8: bytes
 * that are not valid UTF-8 are read as GB18030, which every GBK file also is.
 */
function csvText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}

async function readTable(file: UploadedFile): Promise<Table> {
  const isZip = file.bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  const looksCsv = /\.csv$/i.test(file.filename) || /csv|text\/plain/i.test(file.mimetype);
  if (!isZip && !looksCsv) throw new ApiError(Code.badRequest, 'importFileType');
  try {
    if (!isZip) {
      const records = parse(csvText(file.bytes), { bom: true, relax_column_count: true, skip_empty_lines: true }) as string[][];
      return { headers: records[0] ?? [], rows: records.slice(1) };
    }
    const workbook = new (await loadExcelJS()).Workbook();
    await workbook.xlsx.load(file.bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const lines: Cell[][] = [];
    sheet?.eachRow({ includeEmpty: false }, (row) => {
      const cells: Cell[] = [];
      row.eachCell({ includeEmpty: true }, (cell, column) => {
        cells[column - 1] = plainCell(cell.value);
      });
      lines.push(Array.from(cells, (c) => c ?? null));
    });
    return { headers: (lines[0] ?? []).map((h) => (h === null ? '' : String(h))), rows: lines.slice(1) };
  } catch (error) {
    throw new ApiError(Code.badRequest, 'importUnreadable', { reason: error instanceof Error ? error.message.slice(0, 200) : '' });
  }
}

/** Header → field by title (either language) or name; the caller must be allowed to write the field. */
function matchHeaders(headers: string[], fields: ResourceField[]): { byColumn: Map<number, ResourceField>; columns: Record<string, string>; ignored: string[] } {
  const byColumn = new Map<number, ResourceField>();
  const columns: Record<string, string> = {};
  const ignored: string[] = [];
  const taken = new Set<string>();
  headers.forEach((raw, index) => {
    const header = raw.trim();
    const key = header.toLowerCase();
    const field = fields.find((f) => !taken.has(f.name) && (f.title.zh === header || f.title.en.toLowerCase() === key || f.name === key));
    if (!field) {
      if (header) ignored.push(header);
      return;
    }
    taken.add(field.name);
    byColumn.set(index, field);
    columns[header] = field.name;
  });
  return { byColumn, columns, ignored };
}

/** The ids of the records the file names by label, per lookup field, within the caller's team. */
async function lookupIds(ctx: ResourceContext, store: ResourceStore, caller: ResourceCaller, table: Table, byColumn: Map<number, ResourceField>) {
  const lookups = new Map<string, Map<string, number>>();
  for (const [index, field] of byColumn) {
    if (field.type !== 'lookup' || !field.lookup) continue;
    const labels = [...new Set(table.rows.map((row) => row[index]).filter((c) => c !== null && !/^\d+$/.test(String(c).trim())).map((c) => String(c).trim()))];
    const target = field.lookup.resource === store.definition.name ? store : await ctx.registry.get(field.lookup.resource);
    const ids = new Map<string, number>();
    if (target && labels.length > 0) {
      const team = teamCondition(target, caller);
      let query = dynamic(ctx.db)
        .selectFrom(target.table)
        .select([sql.ref('id').as('id'), sql.ref(field.lookup.label).as('label')])
        .where(sql.ref(field.lookup.label), 'in', labels);
      if (team) query = query.where(team);
      const counts = new Map<string, number>();
      for (const row of await query.execute()) {
        const label = String(row.label);
        counts.set(label, (counts.get(label) ?? 0) + 1);
        ids.set(label, Number(row.id));
      }
      // A label that names two records names neither.
      for (const [label, n] of counts) if (n > 1) ids.delete(label);
    }
    lookups.set(field.name, ids);
  }
  return lookups;
}

interface RowDraft {
  row: number;
  draft: Draft;
  errors: ImportError[];
}

export async function importRecords(ctx: ResourceContext, store: ResourceStore, caller: ResourceCaller, file: UploadedFile, mode: ImportMode): Promise<ImportReport> {
  assertAction(store, caller, 'import');
  const table = await readTable(file);
  if (table.rows.length > IMPORT_MAX_ROWS) throw new ApiError(Code.badRequest, 'importTooManyRows', { max: IMPORT_MAX_ROWS });
  const writable = visibleFields(store.definition, caller).filter((f) => !f.readOnly && !isReadOnlyFor(f, caller));
  const { byColumn, columns, ignored } = matchHeaders(table.headers, writable);
  const headerOf = (field: string) => {
    const index = [...byColumn].find(([, f]) => f.name === field)?.[0];
    return index !== undefined ? table.headers[index].trim() : (store.definition.fields.find((f) => f.name === field)?.title[caller.lang] ?? field);
  };
  const say = (problem: Problem) => (problem.key === 'fieldValue' ? String(problem.params.reason) : message(caller.lang, problem.key, problem.params));
  const parseContext: ParseContext = {
    dictionaries: await loadDictionaries(ctx.db, writable),
    lookups: await lookupIds(ctx, store, caller, table, byColumn),
  };

  const drafts: RowDraft[] = table.rows.map((cells, i) => {
    const row = i + 1;
    const input: Record<string, unknown> = {};
    const errors: ImportError[] = [];
    for (const [index, field] of byColumn) {
      const parsed = parseCell(field, cells[index] ?? null, parseContext);
      if ('value' in parsed) input[field.name] = parsed.value;
      else errors.push({ row, column: headerOf(field.name), message: message(caller.lang, parsed.problem, parsed.params) });
    }
    const draft = draftOf(store, caller, input, null);
    const failed = new Set(errors.map((e) => e.column));
    for (const problem of draft.problems) {
      const column = headerOf(problem.field);
      // A cell that could not be read is reported once, not again as a missing value.
      if (!failed.has(column)) errors.push({ row, column, message: say(problem) });
    }
    return { row, draft, errors };
  });
  markDuplicates(store, caller, drafts, headerOf);

  const targets = await lookupTargets(ctx, store);
  const report = await ctx.db.transaction().execute(async (trx) => {
    for (const item of drafts) {
      if (item.errors.length > 0) continue;
      for (const problem of await checkReferences(trx, store, caller, item.draft, null, targets)) {
        item.errors.push({ row: item.row, column: headerOf(problem.field), message: say(problem) });
      }
    }
    const errors = drafts.flatMap((d) => d.errors);
    const valid = drafts.filter((d) => d.errors.length === 0);
    const write = mode === 'valid' || (mode === 'all' && errors.length === 0);
    let written = 0;
    if (write && valid.length > 0) {
      const now = Date.now();
      for (const item of valid) await insertDraft(trx, store, caller, item.draft, 'import', now);
      written = valid.length;
      await recordLog(trx, {
        userId: caller.userId,
        username: caller.username,
        action: 'resource-import',
        target: store.definition.name,
        ip: caller.ip,
        result: 'ok',
        detail: `${written}/${drafts.length}`,
      });
    }
    return { errors, written };
  });
  return {
    total: drafts.length,
    written: report.written,
    errors: report.errors,
    preview: drafts.slice(0, PREVIEW_ROWS).map((d) => previewOf(writable, d.draft.values)),
    columns,
    ignored,
  };
}

function previewOf(fields: ResourceField[], values: Record<string, RecordValue>): Record<string, RecordValue> {
  return Object.fromEntries(fields.map((f) => [f.name, values[f.name] ?? null]));
}

/** Rows of the file that repeat an earlier row's unique values are refused, naming that row. */
function markDuplicates(store: ResourceStore, caller: ResourceCaller, drafts: RowDraft[], headerOf: (field: string) => string): void {
  for (const set of store.uniques) {
    const seen = new Map<string, number>();
    const named = set.filter((c) => c !== 'team_id').at(-1)!;
    for (const item of drafts) {
      const parts = set.map((c) => {
        if (c === 'team_id') return item.draft.team;
        const f = store.definition.fields.find((x) => x.name === c)!;
        return toColumn(store, f, item.draft.values[c]);
      });
      if (parts.some((p) => p === null || p === '')) continue;
      const key = JSON.stringify(parts);
      const first = seen.get(key);
      if (first === undefined) seen.set(key, item.row);
      else item.errors.push({ row: item.row, column: headerOf(named), message: message(caller.lang, 'cellDuplicate', { row: first }) });
    }
  }
}
