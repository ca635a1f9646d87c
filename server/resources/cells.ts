/**
 * Field values as spreadsheet cells and back: money in yuan, enums and dictionary values by their
 * labels, lookups by their records' labels, times in China time — what a seller reads in Excel and
 * types into it. Export formats with these, import parses with them.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Lang, RecordValue, ResourceField } from '../../src/contract/resource';
import { message, type MessageKey } from '../http/messages';
import { formatDateTime, normalizeDate, parseDateTime } from './time';

export type Cell = string | number | boolean | Date | null;

/** value → label per dictionary code, in both languages. */
export type Dictionaries = Map<string, Map<string, { zh: string; en: string }>>;

export async function loadDictionaries(db: Kysely<Database>, fields: ResourceField[]): Promise<Dictionaries> {
  const codes = [...new Set(fields.filter((f) => f.type === 'dict' && f.dict).map((f) => f.dict!))];
  const dictionaries: Dictionaries = new Map(codes.map((code) => [code, new Map()]));
  if (codes.length === 0) return dictionaries;
  const items = await db
    .selectFrom('dictionary_items as i')
    .innerJoin('dictionaries as d', 'd.id', 'i.dictionary_id')
    .select(['d.code', 'i.value', 'i.label_zh', 'i.label_en'])
    .where('d.code', 'in', codes)
    .execute();
  for (const item of items) dictionaries.get(item.code)!.set(item.value, { zh: item.label_zh, en: item.label_en });
  return dictionaries;
}

export interface FormatContext {
  lang: Lang;
  dictionaries: Dictionaries;
  /** Lookup labels of the rows being written: field → id → label. */
  labels: Record<string, Record<string, string>>;
}

/** A value as a cell: text for CSV; for XLSX, numbers stay numbers (money in yuan) so sums work. */
export function formatCell(field: ResourceField, value: RecordValue | undefined, ctx: FormatContext, target: 'csv' | 'xlsx'): string | number | null {
  if (value === null || value === undefined || value === '') return target === 'csv' ? '' : null;
  switch (field.type) {
    case 'money': {
      const yuan = Number(value) / 100;
      return target === 'csv' ? yuan.toFixed(2) : yuan;
    }
    case 'integer':
    case 'number':
      return Number(value);
    case 'boolean':
      return message(ctx.lang, value ? 'yes' : 'no');
    case 'datetime':
      return formatDateTime(Number(value));
    case 'enum':
      return field.options?.find((o) => o.value === value)?.label[ctx.lang] ?? String(value);
    case 'dict':
      return ctx.dictionaries.get(field.dict ?? '')?.get(String(value))?.[ctx.lang] ?? String(value);
    case 'lookup':
      return ctx.labels[field.name]?.[String(value)] ?? String(value);
    case 'rows':
      return JSON.stringify(value);
    default:
      return String(value);
  }
}

export interface ParseContext {
  dictionaries: Dictionaries;
  /** Lookup field → label → id, for the labels that occur in the file. */
  lookups: Map<string, Map<string, number>>;
}

export type Parsed = { value: RecordValue } | { problem: MessageKey; params?: Record<string, string | number> };

const CST = 8 * 3600_000;
const TRUE_WORDS = new Set(['是', 'true', 'yes', 'y', '1', '√', '✓']);
const FALSE_WORDS = new Set(['否', 'false', 'no', 'n', '0', '×', '✗']);

function text(cell: Cell): string {
  if (cell instanceof Date) return cell.toISOString();
  return String(cell).trim();
}

function number(cell: Cell): number | null {
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : null;
  const cleaned = text(cell).replace(/[,，\s]/g, '');
  return cleaned !== '' && /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(cleaned) ? Number(cleaned) : null;
}

/** Yuan as written (12, "12.5", "¥1,234.56") to fen; more than two decimals is refused, not rounded. */
function fen(cell: Cell): number | null {
  if (typeof cell === 'number') {
    const cents = Math.round(cell * 100);
    return Number.isFinite(cell) && Math.abs(cell * 100 - cents) < 1e-6 ? cents : null;
  }
  const match = /^([-+]?)(\d+)(?:\.(\d{1,2}))?$/.exec(text(cell).replace(/[¥￥,，\s]/g, ''));
  if (!match) return null;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] === '-' ? -cents : cents;
}

/** A cell of the file as the field's value, or why it cannot be one. */
export function parseCell(field: ResourceField, cell: Cell, ctx: ParseContext): Parsed {
  if (cell === null || (typeof cell === 'string' && cell.trim() === '')) return { value: null };
  switch (field.type) {
    case 'integer': {
      const n = number(cell);
      return n !== null && Number.isInteger(n) ? { value: n } : { problem: 'cellInteger' };
    }
    case 'number': {
      const n = number(cell);
      return n !== null ? { value: n } : { problem: 'cellNumber' };
    }
    case 'money': {
      const n = fen(cell);
      return n !== null ? { value: n } : { problem: 'cellMoney' };
    }
    case 'boolean': {
      const word = typeof cell === 'boolean' ? String(cell) : text(cell).toLowerCase();
      if (TRUE_WORDS.has(word)) return { value: true };
      if (FALSE_WORDS.has(word)) return { value: false };
      return { problem: 'cellBoolean' };
    }
    case 'date': {
      // Excel dates arrive as the day at midnight UTC.
      const date = cell instanceof Date ? cell.toISOString().slice(0, 10) : normalizeDate(text(cell));
      return date ? { value: date } : { problem: 'cellDate' };
    }
    case 'datetime': {
      // Excel times carry the wall clock as if it were UTC; the wall clock is China time.
      if (cell instanceof Date) return { value: cell.getTime() - CST };
      if (typeof cell === 'number') return Number.isInteger(cell) && cell > 1e11 ? { value: cell } : { problem: 'cellDateTime' };
      const ms = parseDateTime(text(cell));
      return ms !== null ? { value: ms } : { problem: 'cellDateTime' };
    }
    case 'enum': {
      const written = text(cell);
      const option = (field.options ?? []).find(
        (o) => String(o.value) === written || o.label.zh === written || o.label.en.toLowerCase() === written.toLowerCase(),
      );
      return option ? { value: option.value } : { problem: 'cellOption', params: { value: written } };
    }
    case 'dict': {
      const written = text(cell);
      const items = ctx.dictionaries.get(field.dict ?? '');
      if (!items || items.has(written)) return { value: written };
      for (const [value, label] of items) if (label.zh === written || label.en.toLowerCase() === written.toLowerCase()) return { value };
      return { problem: 'cellOption', params: { value: written } };
    }
    case 'lookup': {
      const written = text(cell);
      if (/^\d+$/.test(written)) return { value: Number(written) };
      const id = ctx.lookups.get(field.name)?.get(written);
      return id !== undefined ? { value: id } : { problem: 'cellLookup', params: { value: written } };
    }
    case 'rows': {
      try {
        const parsed: unknown = JSON.parse(text(cell));
        return Array.isArray(parsed) ? { value: parsed as Record<string, unknown>[] } : { problem: 'cellJson' };
      } catch {
        return { problem: 'cellJson' };
      }
    }
    default:
      return { value: typeof cell === 'string' ? cell : text(cell) };
  }
}
