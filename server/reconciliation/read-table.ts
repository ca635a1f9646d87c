/**
 * A platform file as it really comes, read row by row as text: CSV in UTF-8 (with or without a BOM)
 * or GB18030, XLSX, and the ".xls" the platforms hand out, which is really an HTML table or an XLSX.
 * Files are streamed: the format and the encoding are told from the head of the file, then rows
 * come one at a time, so a million-row export never sits in memory whole.
 */
import { createReadStream } from 'node:fs';
import { Readable, Transform, pipeline } from 'node:stream';
import { parse } from 'csv-parse';
import { loadExcelJS } from '../resources/excel';

export type TextRows = string[][];
/** Opens the file's bytes from the start: each pass over a file opens it again. */
export type OpenBytes = () => Readable;
type Encoding = 'utf-8' | 'gb18030';

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0];
/** What the format and the encoding are told from: the header and a few hundred rows. */
const HEAD_BYTES = 64 * 1024;

const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((byte, i) => bytes[i] === byte);
const hasBom = (bytes: Uint8Array) => bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;

/**
 * The encoding of a file from its head: a BOM or valid UTF-8 says UTF-8, anything else is read as
 * GB18030. A multi-byte character cut by the end of the head does not count against UTF-8.
 */
export function encodingOf(head: Uint8Array): Encoding {
  if (hasBom(head)) return 'utf-8';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return 'utf-8';
  } catch {
    return 'gb18030';
  }
}

/** The text of a whole file in UTF-8 or GB18030 (the BOM dropped). */
export function decodeText(bytes: Uint8Array): string {
  return new TextDecoder(encodingOf(bytes)).decode(bytes);
}

export type FileFormat = 'csv' | 'xlsx' | 'html' | 'legacy-xls';

/** What the bytes are, whatever the file's name says. */
export function formatOf(head: Uint8Array): FileFormat {
  if (startsWith(head, ZIP_MAGIC)) return 'xlsx';
  if (startsWith(head, OLE_MAGIC)) return 'legacy-xls';
  const text = new TextDecoder(encodingOf(head)).decode(head.subarray(0, 2048)).trimStart().slice(0, 512).toLowerCase();
  if (text.startsWith('<') && /<(table|html|tr)\b/.test(text)) return 'html';
  return 'csv';
}

export class UnreadableFile extends Error {}

/** The file's bytes could not be read to the end (a disk or upload failure), whatever the format. */
export class SourceReadError extends Error {}

/**
 * Bytes read from disk at a time. Kept small on purpose: a 1 MB chunk decodes to a string of up to
 * 2 MB, which V8 allocates straight into its old generation, where only a full collection frees
 * it. And csv-parse turns a whole chunk into records at once, which the writing pass then takes
 * between its writes: at 64 KB (~550 rows) a chunk's records sometimes outlived two young
 * collections and were promoted (350 MB per 300,000 rows, in about one run in three); at 16 KB, in
 * none of eight runs, at the same speed.
 */
const READ_CHUNK_BYTES = 16 * 1024;

/** A file on disk as an import opens it, once per pass. */
export const openFile =
  (file: string): OpenBytes =>
  () =>
    createReadStream(file, { highWaterMark: READ_CHUNK_BYTES });

async function headOf(open: OpenBytes): Promise<Uint8Array> {
  const stream = open();
  const parts: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      parts.push(chunk as Buffer);
      size += (chunk as Buffer).length;
      if (size >= HEAD_BYTES) break;
    }
  } catch (error) {
    throw new SourceReadError((error as Error).message, { cause: error });
  } finally {
    stream.destroy();
  }
  return Buffer.concat(parts).subarray(0, HEAD_BYTES);
}

/**
 * The stream's bytes passed on unchanged, counted as they go (the progress of a pass). A read error
 * of the file ends the counted stream with a SourceReadError, which every reader below hears (each
 * format's reader in its own way); the file is closed when the counted stream is, read or not.
 */
function counted(stream: Readable, onBytes: (bytes: number) => void): Readable {
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      onBytes(chunk.length);
      done(null, chunk);
    },
  });
  // Not pipeline(): it ends the counted stream with the file's own error, which does not say where it came from.
  stream.once('error', (error) => counter.destroy(new SourceReadError(error.message, { cause: error })));
  // The error stays in counter.errored for whoever reads next: a reader still being set up (exceljs
  // loads first) must not take the process down with an unheard 'error' event.
  counter.on('error', () => {});
  counter.once('close', () => stream.destroy());
  stream.pipe(counter);
  return counter;
}

async function* textOf(bytes: Readable, encoding: Encoding): AsyncGenerator<string> {
  const decoder = new TextDecoder(encoding);
  for await (const chunk of bytes) yield decoder.decode(chunk as Buffer, { stream: true });
  const rest = decoder.decode();
  if (rest) yield rest;
}

/** The part of csv-parse's state that says how many fields it expects a record to have. */
type ParserState = { state?: { expectedRecordLength?: unknown } };

async function* csvRows(bytes: Readable, encoding: Encoding): AsyncGenerator<string[]> {
  const parser = parse({ relax_column_count: true, relax_quotes: true, skip_empty_lines: true });
  pipeline(Readable.from(textOf(bytes, encoding)), parser, () => {});
  const state = (parser as unknown as ParserState).state;
  try {
    for await (const record of parser) {
      // csv-parse expects every record as long as the first and, relaxed or not, builds an error
      // (a stack trace, a copy of its options) for each that is not: below a title row, that was
      // every row of the file, a fifth of an import's time. It expects the last length read instead.
      if (typeof state?.expectedRecordLength === 'number') state.expectedRecordLength = (record as string[]).length;
      yield record as string[];
    }
  } finally {
    parser.destroy();
  }
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

const ROW_END = /<\/tr\s*>/i;
const TABLE_END = /<\/table\s*>/i;

/**
 * The rows of the first table of an HTML page, a row as soon as its </tr> has come: platforms'
 * HTML exports are plain tables, no spans worth following.
 */
async function* htmlRows(bytes: Readable, encoding: Encoding): AsyncGenerator<string[]> {
  let buffer = '';
  for await (const text of textOf(bytes, encoding)) {
    buffer += text;
    for (let end = ROW_END.exec(buffer); end; end = ROW_END.exec(buffer)) {
      const row = buffer.slice(0, end.index);
      buffer = buffer.slice(end.index + end[0].length);
      // A </table> before this row's end closes the first table: nothing after it is read.
      const tableEnd = TABLE_END.exec(row);
      const start = row.search(/<tr\b/i);
      if (tableEnd && (start < 0 || tableEnd.index < start)) return;
      if (start >= 0) yield [...row.slice(start).matchAll(/<t[dh]\b[^>]*>([\s\S]*?)<\/t[dh]>/gi)].map((cell) => htmlText(cell[1]));
    }
  }
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

/**
 * The items of `items` until `source` fails, then its error: exceljs's streaming reader pipes the
 * stream it is given, and a pipe does not pass an error on, so on its own the reader would wait
 * for the rest of a file that failed to read, and the import with it, forever.
 */
async function* untilFailed<T>(source: Readable, items: AsyncIterator<T>): AsyncGenerator<T> {
  let onError = (_error: Error) => {};
  const failed = new Promise<never>((_resolve, reject) => (onError = reject));
  source.once('error', onError);
  try {
    if (source.errored) throw source.errored;
    for (;;) {
      const next = await Promise.race([items.next(), failed]);
      if (next.done) return;
      yield next.value;
    }
  } finally {
    source.off('error', onError);
  }
}

type SheetReader = AsyncIterable<{ values: unknown }>;

/**
 * The temp file a sheet is read back from, when exceljs met the sheet in the zip before the shared
 * strings and parked it there (every workbook exceljs itself writes is laid out so). exceljs 4.4
 * keeps that file's read stream as the sheet's `iterator`; a sheet streamed from the zip has a
 * generator there instead, which drains with its zip entry.
 */
function parkedSource(sheet: SheetReader): Readable | null {
  const source = (sheet as { iterator?: unknown }).iterator;
  return source instanceof Readable ? source : null;
}

/**
 * What is left of a workbook reader, run to its end without reading a row: exceljs closes and removes
 * a parked sheet's temp file only when its reader is asked for the next sheet, so a reader left where
 * the first sheet ended kept one file open and on disk per XLSX read until the process exited
 * (exceljs issue 2147). A sheet not read has its parked file's stream closed.
 */
async function runOut(bytes: Readable, sheets: AsyncIterator<SheetReader>, current: SheetReader | undefined) {
  if (current) parkedSource(current)?.destroy();
  try {
    for await (const sheet of untilFailed(bytes, sheets)) parkedSource(sheet)?.destroy();
  } catch {
    // A file that failed has nothing left to close that its failure did not.
  }
}

/**
 * unzipper 0.10, the zip reader under exceljs's, says 'end' as soon as it has parsed the zip's last
 * record, while parts it read ahead may still wait, unread, in its buffer. exceljs's reader, busy
 * with a part (a sheet parked in a temp file, the styles), then takes that 'end' for the end of the
 * parts and never reads those waiting: the workbook part (the sheet fails, "reading 'sheets'") or
 * the shared strings. Small files lose parts so in one read of 15, and more under load. Only the
 * stream's own end, said once its buffer has been read, is let through to exceljs.
 */
function endWhenRead(bytes: Readable): Readable {
  const pipe = bytes.pipe.bind(bytes);
  bytes.pipe = <T extends NodeJS.WritableStream>(zip: T, options?: { end?: boolean }) => {
    if (zip instanceof Readable) {
      const emit = zip.emit.bind(zip) as (event: string | symbol, ...args: unknown[]) => boolean;
      zip.emit = (event: string | symbol, ...args: unknown[]) => (event === 'end' && !zip.readableEnded ? false : emit(event, ...args));
    }
    return pipe(zip, options);
  };
  return bytes;
}

/** The rows of the first sheet a workbook reader meets, as text (styles kept: they say which numbers are dates). */
async function* sheetRows(bytes: Readable): AsyncGenerator<string[]> {
  const ExcelJS = await loadExcelJS();
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(endWhenRead(bytes), { sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', worksheets: 'emit', entries: 'emit' });
  const sheets = reader[Symbol.asyncIterator]() as AsyncIterator<SheetReader>;
  let current: SheetReader | undefined;
  // Whether the reader is run out at the end. After a parked sheet the zip has been read whole, and
  // after a sheet read to its end only the zip's last parts are left; a sheet streamed from the zip
  // and left half read would have the rest of a possibly huge file read for nothing.
  let runToEnd = false;
  try {
    for await (const sheet of untilFailed(bytes, sheets)) {
      current = sheet;
      runToEnd = parkedSource(sheet) !== null;
      for await (const row of untilFailed(bytes, sheet[Symbol.asyncIterator]())) yield Array.from((row.values as unknown[]).slice(1), cellText);
      runToEnd = true;
      return;
    }
  } finally {
    if (runToEnd) await runOut(bytes, sheets, current);
    bytes.destroy();
  }
}

/**
 * Every row of a platform file as text, streamed; UnreadableFile for a real (binary) .xls, which no
 * platform sends today. `onBytes` hears how many bytes of the file each step read.
 */
export async function* streamRows(open: OpenBytes, onBytes: (bytes: number) => void = () => {}): AsyncGenerator<string[]> {
  const head = await headOf(open);
  const format = formatOf(head);
  if (format === 'legacy-xls') throw new UnreadableFile('legacy-xls');
  if (format === 'xlsx') yield* sheetRows(counted(open(), onBytes));
  else if (format === 'html') yield* htmlRows(counted(open(), onBytes), encodingOf(head));
  else yield* csvRows(counted(open(), onBytes), encodingOf(head));
}

/** Every row of a file held in memory (small files, tests). */
export async function readRows(bytes: Uint8Array): Promise<TextRows> {
  const rows: TextRows = [];
  for await (const row of streamRows(() => Readable.from([Buffer.from(bytes)]))) rows.push(row);
  return rows;
}
