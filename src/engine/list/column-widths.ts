/**
 * Column widths from what a column holds: its header and the values of the rows on the page, so a
 * date, an amount, a number or an id fits on one line, and long text stops at a readable width with
 * an ellipsis. Text is not measured in the DOM (that would lay out every cell of a thousand rows);
 * its width is estimated from its characters, on the generous side, which is cheap and stable.
 */
import { carriedLabel, type Lang, type ResourceField, type ResourceRecord } from '../../contract/resource';
import type { Column } from '../../contract/screen';
import { settings } from '../../contract/settings';
import type { ListColumnDef } from './table-model';

/** Approximate advance of a character, in em: CJK and full-width ones a whole em, Latin capitals and digits wider than the rest. */
function charWidth(code: number): number {
  if (code >= 0x2e80) return 1;
  if (code >= 0x41 && code <= 0x5a) return 0.68;
  if (code >= 0x30 && code <= 0x39) return 0.6;
  if (code === 0x20 || code === 0x2e || code === 0x2c || code === 0x3a || code === 0x2d) return 0.34;
  return 0.58;
}

/** The estimated width of one line of text at `fontSize`. */
export function textWidth(text: string, fontSize: number): number {
  let em = 0;
  for (let i = 0; i < text.length; i++) em += charWidth(text.charCodeAt(i));
  return Math.ceil(em * fontSize);
}

/** Types whose values are short and must never wrap or be cut: they get the width of their longest value. */
const ONE_LINE = new Set<ResourceField['type']>(['string', 'integer', 'number', 'money', 'date', 'datetime', 'lookup', 'enum', 'dict', 'boolean']);
/** Where a one-line column stops growing and its values take an ellipsis instead. */
const MAX_ONE_LINE = 320;
/** Long text stops here; the rest is behind the ellipsis and its tooltip. */
const MAX_TEXT = 280;
const MIN_WIDTH = 64;
/** Types drawn as a picture, a file link or a sub-table: their width is their type's. */
const FIXED = new Set<ResourceField['type']>(['image', 'file', 'rows']);
/** What a tag (enum, dict, boolean) adds around its label. */
const TAG = 18;
/** The copy button beside a copyable value, with its margin. */
const COPY = 26;
/** The sort carets and the filter button beside a header's title. */
const SORTER = 18;
const FILTER = 24;

/** The text a value shows, as far as its width goes: amounts are formatted, times take their format's length. */
function shownText(value: unknown, record: ResourceRecord, column: Column, field: ResourceField | undefined, lang: Lang): string {
  if (value === null || value === undefined || value === '') return '-';
  switch (field?.type) {
    case 'money': {
      const yuan = Math.abs(Math.trunc(Number(value) / 100));
      const digits = String(yuan).length;
      return `-¥${'0'.repeat(digits + Math.floor((digits - 1) / 3))}.00`;
    }
    case 'datetime':
    case undefined:
      // System columns without a field: their times are datetimes, the rest plain values.
      if (field || column.field === 'created_at' || column.field === 'updated_at') return settings.dateFormat;
      return String(value);
    case 'date':
      return 'YYYY-MM-DD';
    case 'lookup':
      return carriedLabel(record, column.field) ?? `#${String(value)}`;
    case 'enum':
      return field.options?.find((o) => o.value === value)?.label[lang] ?? String(value);
    default:
      return typeof value === 'object' ? '' : String(value);
  }
}

export interface WidthInput {
  column: Column;
  field: ResourceField | undefined;
  title: string;
  /** The width the type or the screen asks for, the floor of the column's width. */
  base: number;
  sortable: boolean;
  filterable: boolean;
}

/** A cell's horizontal padding and borders at each density (list.css). */
export const CELL_PADDING = { large: 33, middle: 17, small: 17 } as const;

/** Whether a column's values stay on one line (and take its width), or wrap or take an ellipsis as long text. */
export function isOneLine(field: ResourceField | undefined, column: Column): boolean {
  return column.ellipsis !== true && (field ? ONE_LINE.has(field.type) : true);
}

/**
 * The width of a column for the rows on the page: wide enough for its header and, for one-line
 * types, for its longest value (up to MAX_ONE_LINE, past which an ellipsis takes over); long text
 * gets up to MAX_TEXT. Never narrower than the type's width or the screen's.
 */
export function columnWidth(input: WidthInput, rows: readonly ResourceRecord[], lang: Lang, fontSize: number, padding: number): number {
  const { column, field, title } = input;
  const head = textWidth(title, fontSize) + (input.sortable ? SORTER : 0) + (input.filterable ? FILTER : 0);
  const extra = (column.copyable ? COPY : 0) + (field && (field.type === 'enum' || field.type === 'dict' || field.type === 'boolean') ? TAG : 0);
  if (field && FIXED.has(field.type)) return Math.max(input.base, head + padding);
  let longest = 0;
  // A one-line type is read once per distinct text length; long text only to see whether it is short.
  for (const record of rows) {
    const text = shownText(record[column.field], record, column, field, lang);
    if (text.length * fontSize <= longest) continue;
    longest = Math.max(longest, textWidth(text, fontSize));
  }
  const cap = isOneLine(field, column) ? MAX_ONE_LINE : MAX_TEXT;
  const content = Math.min(cap, longest + extra);
  return Math.max(MIN_WIDTH, input.base, Math.ceil(Math.max(head, content) + padding));
}

/**
 * The width of every screen column for the rows on the page, as TanStack's column sizing state: the
 * column definitions (and with them every drawn row) stay as they are when a page of rows arrives.
 */
export function contentSizing(defs: readonly ListColumnDef[], rows: readonly ResourceRecord[], lang: Lang, fontSize: number, padding: number): Record<string, number> {
  const sizing: Record<string, number> = {};
  for (const def of defs) {
    const meta = def.meta;
    if (!meta?.column || !def.id) continue;
    sizing[def.id] = columnWidth(
      { column: meta.column, field: meta.field, title: meta.title, base: def.size ?? 150, sortable: def.enableSorting === true, filterable: meta.column.filterable === true },
      rows,
      lang,
      fontSize,
      padding,
    );
  }
  return sizing;
}
