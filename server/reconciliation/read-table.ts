/**
 * A platform file as it really comes, read into rows of text: CSV in UTF-8 (with or without a BOM)
 * or GB18030, XLSX, and the ".xls" the platforms hand out, which is really an HTML table or an XLSX.
 */
import { parse } from 'csv-parse/sync';
import { loadExcelJS } from '../resources/excel';

export type TextRows = string[][];

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0];

const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((byte, i) => bytes[i] === byte);

/** The text of a file in UTF-8 or GB18030: a BOM or valid UTF-8 says UTF-8, anything else is read as GB18030. */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return new TextDecoder('utf-8').decode(bytes.subarray(3));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}

export type FileFormat = 'csv' | 'xlsx' | 'html' | 'legacy-xls';

/** What the bytes are, whatever the file's name says. */
export function formatOf(bytes: Uint8Array): FileFormat {
  if (startsWith(bytes, ZIP_MAGIC)) return 'xlsx';
  if (startsWith(bytes, OLE_MAGIC)) return 'legacy-xls';
  const head = decodeText(bytes.subarray(0, 2048)).trimStart().slice(0, 512).toLowerCase();
  if (head.startsWith('<') && /<(table|html|tr)\b/.test(head)) return 'html';
  return 'csv';
}

export function csvRows(text: string): TextRows {
  return parse(text, { relax_column_count: true, relax_quotes: true, skip_empty_lines: true }) as TextRows;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function htmlText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
      if (name[0] === '#') return String.fromCodePoint(name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .trim();
}

/** The rows of the first table of an HTML page: platforms' HTML exports are plain tables, no spans worth following. */
export function htmlRows(html: string): TextRows {
  const table = /<table\b[\s\S]*?<\/table>/i.exec(html)?.[0] ?? html;
  const rows: TextRows = [];
  for (const row of table.matchAll(/<tr\b[^>]*>([\s\S]*?)<\/tr>/gi)) {
    rows.push([...row[1].matchAll(/<t[dh]\b[^>]*>([\s\S]*?)<\/t[dh]>/gi)].map((cell) => htmlText(cell[1])));
  }
  return rows;
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  // Spreadsheet dates carry no zone: exceljs hands the wall-clock time as UTC, read back as China time.
  if (value instanceof Date) return value.toISOString().slice(0, 19).replace('T', ' ');
  if (typeof value === 'object') {
    const cell = value as { text?: unknown; result?: unknown; richText?: Array<{ text: string }> };
    if (cell.richText) return cell.richText.map((part) => part.text).join('');
    if (cell.result !== undefined) return cellText(cell.result);
    if (cell.text !== undefined) return cellText(cell.text);
  }
  return String(value as string | number | boolean);
}

export async function xlsxRows(bytes: Uint8Array): Promise<TextRows> {
  const ExcelJS = await loadExcelJS();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: TextRows = [];
  sheet?.eachRow({ includeEmpty: false }, (row) => {
    const values = row.values as unknown[];
    rows.push(values.slice(1).map(cellText));
  });
  return rows;
}

export class UnreadableFile extends Error {}

/** Every row of a platform file as text, or UnreadableFile for a real (binary) .xls, which no platform sends today. */
export async function readRows(bytes: Uint8Array): Promise<TextRows> {
  const format = formatOf(bytes);
  if (format === 'xlsx') return xlsxRows(bytes);
  if (format === 'legacy-xls') throw new UnreadableFile('legacy-xls');
  const text = decodeText(bytes);
  return format === 'html' ? htmlRows(text) : csvRows(text);
}
