/**
 * One platform file from its bytes to saved lines, streamed in two passes so memory stays flat
 * whatever the file's size. The first pass (reading) finds the header, reads every row, counts the
 * refused ones and notes which orders' sub-orders are scattered through the file; a preview stops
 * there. The second pass (writing) reads the file again and writes it in chunks, each order only
 * once all its sub-orders are summed, so importing the same file twice changes nothing.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { BatchWriter } from '../db/batch';
import { RECON_REPORT_MAX_ERRORS, type ReconImportReport } from '../../src/contract/api/reconciliation';
import { Code } from '../../src/contract/envelope';
import { ApiError } from '../http/errors';
import { FILE_KIND_INFO, type ColumnMap, type FileKind, type FileKindInfo } from './file-kinds';
import { findHeader, HEADER_SEARCH_ROWS, type HeaderMatch } from './headers';
import { parseRow, type Line, type OrderLine, type RowError, type SettlementLine, type ShipmentLine } from './lines';
import { SourceReadError, streamRows, UnreadableFile, type OpenBytes } from './read-table';
import { SeenKeys } from './seen-keys';
import { addSubOrder, applyShipmentChunk, CHUNK, columnMapOf, emptyCounts, saveOrderChunk, saveSettlementChunk, type SaveCounts } from './store';

const SAMPLE_ROWS = 20;
/** Rows between two looks at whether the job was cancelled. */
const ABORT_CHECK_ROWS = 1000;

export interface ImportTarget {
  db: Kysely<Database>;
  /** Chunks are written through the batch writer: one transaction each, shared with writes of the same moment. */
  writes: BatchWriter;
}

export interface ImportRequest {
  team: number;
  kind: FileKind;
  shop: string;
  /** Opens the file from its start; called once per pass. */
  open: OpenBytes;
  /** Preview reads and reports, writing nothing. */
  write: boolean;
}

/** Hears where a pass is: the file's bytes read so far and its data rows read (reading) or handed to the writer (writing). */
export type ImportProgress = (state: 'reading' | 'writing', bytes: number, rows: number) => void;

interface DataRow {
  cells: string[];
  /** 1-based, as a spreadsheet numbers it. */
  row: number;
}

/** The rows of a pass, the header's failures turned into the caller's errors. */
async function* rowsOf(open: OpenBytes, onBytes: (bytes: number) => void): AsyncGenerator<string[]> {
  try {
    yield* streamRows(open, onBytes);
  } catch (error) {
    if (error instanceof UnreadableFile) throw new ApiError(Code.badRequest, 'reconLegacyXls');
    // The file on the server's disk failed to read: no fault of the file's, but nothing to import until it is sent again.
    if (error instanceof SourceReadError) throw new ApiError(Code.serverError, 'reconReadFailed');
    if (error instanceof ApiError || (error as Error).name === 'AbortError') throw error;
    throw new ApiError(Code.badRequest, 'reconUnreadable', {}, null, { cause: error });
  }
}

/** The data rows below the header, which is looked for among the first rows (held until it is found, then let go). */
async function* dataRows(open: OpenBytes, map: ColumnMap, info: FileKindInfo, onBytes: (bytes: number) => void, onHeader: (header: HeaderMatch) => void): AsyncGenerator<DataRow> {
  const head: string[][] = [];
  let header: HeaderMatch | null = null;
  const found = () => {
    const match = findHeader(head, map, info.required);
    if (!match) throw new ApiError(Code.badRequest, 'reconHeaderNotFound', { kind: info.zh, columns: info.required.map((field) => map[field]?.[0] ?? field).join('、') });
    onHeader(match);
    return match;
  };
  let index = 0;
  for await (const cells of rowsOf(open, onBytes)) {
    index++;
    if (header) {
      yield { cells, row: index };
      continue;
    }
    head.push(cells);
    if (head.length < HEADER_SEARCH_ROWS) continue;
    header = found();
    for (let i = header.row + 1; i < head.length; i++) yield { cells: head[i], row: i + 1 };
  }
  if (!header) {
    header = found();
    for (let i = header.row + 1; i < head.length; i++) yield { cells: head[i], row: i + 1 };
  }
}

function throwIfAborted(signal: AbortSignal | undefined) {
  if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('aborted');
}

/** What the first pass learns of a file. */
interface Reading {
  header: HeaderMatch;
  rows: number;
  valid: number;
  errors: RowError[];
  errorCount: number;
  sample: Array<Record<string, unknown>>;
  /** Orders whose sub-orders do not all stand together: the writing pass holds them until the end. */
  scattered: Set<string>;
}

async function readPass(request: ImportRequest, info: FileKindInfo, map: ColumnMap, progress: ImportProgress, signal?: AbortSignal): Promise<Reading> {
  let bytes = 0;
  let header: HeaderMatch | null = null;
  const reading: Omit<Reading, 'header'> = { rows: 0, valid: 0, errors: [], errorCount: 0, sample: [], scattered: new Set() };
  // An order whose run of rows ended: meeting it again means its sub-orders are scattered.
  const ended = new SeenKeys();
  let current: string | null = null;
  const rows = dataRows(request.open, map, info, (read) => (bytes += read), (match) => (header = match));
  for await (const { cells, row } of rows) {
    const parsed = parseRow(request.kind, info, cells, header!, row);
    if (!parsed) continue;
    reading.rows++;
    if (reading.rows % ABORT_CHECK_ROWS === 0) throwIfAborted(signal);
    progress('reading', bytes, reading.rows);
    if (parsed.error) {
      reading.errorCount++;
      if (reading.errors.length < RECON_REPORT_MAX_ERRORS) reading.errors.push(parsed.error);
      continue;
    }
    reading.valid++;
    if (reading.sample.length < SAMPLE_ROWS) reading.sample.push({ ...parsed.line.line });
    if (parsed.line.role !== 'orders') continue;
    const orderNo = parsed.line.line.order_no;
    if (orderNo === current) continue;
    if (current !== null) ended.add(current);
    if (ended.has(orderNo)) reading.scattered.add(orderNo);
    current = orderNo;
  }
  progress('reading', bytes, reading.rows);
  return { header: header!, ...reading };
}

/** Where the writing pass hands its lines: written a chunk at a time. */
interface Sink {
  add(line: Line): Promise<void>;
  end(): Promise<void>;
}

/** What the writing pass wrote; order numbers nobody knows are listed up to the report's limit, and all counted. */
type WriteCounts = SaveCounts & { unknownCount: number };

type WriteChunk<T> = (trx: Kysely<Database>, items: T[], counts: SaveCounts) => Promise<void>;

/** Items gathered into chunks of CHUNK, each written in one transaction of the batch writer. */
function chunked<T>(target: ImportTarget, counts: WriteCounts, writeChunk: WriteChunk<T>) {
  let batch: T[] = [];
  const flush = async () => {
    const items = batch;
    batch = [];
    if (items.length === 0) return;
    // Each chunk counts on its own and is added once committed: a chunk the batch writer runs again is not counted twice.
    const chunk = await target.writes.run(async (trx) => {
      const own = emptyCounts();
      await writeChunk(trx, items, own);
      return own;
    });
    counts.created += chunk.created;
    counts.updated += chunk.updated;
    counts.unchanged += chunk.unchanged;
    counts.unknownCount += chunk.unknown.length;
    counts.unknown.push(...chunk.unknown.slice(0, RECON_REPORT_MAX_ERRORS - counts.unknown.length));
  };
  return {
    async push(item: T) {
      batch.push(item);
      if (batch.length >= CHUNK) await flush();
    },
    flush,
  };
}

function sinkFor(target: ImportTarget, request: ImportRequest, info: FileKindInfo, scattered: Set<string>, counts: WriteCounts, now: number): Sink {
  const shop = request.shop.trim().slice(0, 100);
  if (info.role === 'orders') {
    const orders = chunked<OrderLine>(target, counts, (trx, items, chunk) => saveOrderChunk(trx, request.team, info.platform!, shop, items, now, chunk));
    const subOrders = new SeenKeys();
    const held = new Map<string, OrderLine>();
    let run: OrderLine | undefined;
    return {
      async add(item) {
        const line = item.line as OrderLine;
        // A sub-order listed twice in one file is one sub-order.
        if (!subOrders.add(`${line.order_no}\u0000${line.sub_order_no}`)) return;
        if (scattered.has(line.order_no)) {
          held.set(line.order_no, addSubOrder(held.get(line.order_no), line));
          return;
        }
        if (run && run.order_no !== line.order_no) {
          await orders.push(run);
          run = undefined;
        }
        run = addSubOrder(run, line);
      },
      async end() {
        if (run) await orders.push(run);
        for (const order of held.values()) await orders.push(order);
        await orders.flush();
      },
    };
  }
  if (info.role === 'settlements') {
    const lines = chunked<SettlementLine>(target, counts, (trx, items, chunk) => saveSettlementChunk(trx, request.team, info.platform!, shop, items, now, chunk));
    const flows = new SeenKeys();
    return {
      async add(item) {
        const line = item.line as SettlementLine;
        // One row per flow: a flow the file lists twice is written once, as it first came.
        if (flows.add(line.flow_no)) await lines.push(line);
      },
      end: lines.flush,
    };
  }
  const shipments = chunked<ShipmentLine>(target, counts, (trx, items, chunk) => applyShipmentChunk(trx, request.team, items, now, chunk));
  return { add: (item) => shipments.push(item.line as ShipmentLine), end: shipments.flush };
}

async function writePass(target: ImportTarget, request: ImportRequest, info: FileKindInfo, map: ColumnMap, reading: Reading, progress: ImportProgress, signal?: AbortSignal): Promise<WriteCounts> {
  const counts: WriteCounts = { ...emptyCounts(), unknownCount: 0 };
  const sink = sinkFor(target, request, info, reading.scattered, counts, Date.now());
  let bytes = 0;
  let rows = 0;
  const header = reading.header;
  for await (const { cells, row } of dataRows(request.open, map, info, (read) => (bytes += read), () => {})) {
    const parsed = parseRow(request.kind, info, cells, header, row);
    if (!parsed) continue;
    rows++;
    if (rows % ABORT_CHECK_ROWS === 0) throwIfAborted(signal);
    progress('writing', bytes, rows);
    if (parsed.line) await sink.add(parsed.line);
  }
  await sink.end();
  progress('writing', bytes, rows);
  return counts;
}

export async function importFile(target: ImportTarget, request: ImportRequest, progress: ImportProgress = () => {}, signal?: AbortSignal): Promise<ReconImportReport> {
  const info = FILE_KIND_INFO[request.kind];
  if (info.role !== 'shipments' && !request.shop.trim()) throw new ApiError(Code.badRequest, 'reconShopRequired');
  const map = await columnMapOf(target.db, request.kind);
  const reading = await readPass(request, info, map, progress, signal);
  const counts = request.write && reading.valid > 0 ? await writePass(target, request, info, map, reading, progress, signal) : { ...emptyCounts(), unknownCount: 0 };
  return {
    kind: request.kind,
    header_row: reading.header.row + 1,
    columns: Object.keys(reading.header.columns),
    rows: reading.rows,
    valid: reading.valid,
    errors: reading.errors,
    error_count: reading.errorCount,
    sample: reading.sample,
    created: counts.created,
    updated: counts.updated,
    unchanged: counts.unchanged,
    unknown: counts.unknown,
    unknown_count: counts.unknownCount,
  };
}
