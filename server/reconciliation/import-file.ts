/** One platform file from bytes to saved lines: read, find the header, parse, then write by what the file holds. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ReconImportReport } from '../../src/contract/api/reconciliation';
import { Code } from '../../src/contract/envelope';
import { ApiError } from '../http/errors';
import { FILE_KIND_INFO, type FileKind } from './file-kinds';
import { findHeader } from './headers';
import { parseLines, type OrderLine, type SettlementLine, type ShipmentLine } from './lines';
import { readRows, UnreadableFile } from './read-table';
import { applyShipments, columnMapOf, saveOrders, saveSettlements, type SaveCounts } from './store';

const SAMPLE_ROWS = 20;

export interface ImportRequest {
  team: number;
  kind: FileKind;
  shop: string;
  bytes: Uint8Array;
  /** Preview reads and reports, writing nothing. */
  write: boolean;
}

async function rowsOf(bytes: Uint8Array): Promise<string[][]> {
  try {
    return await readRows(bytes);
  } catch (error) {
    if (error instanceof UnreadableFile) throw new ApiError(Code.badRequest, 'reconLegacyXls');
    throw new ApiError(Code.badRequest, 'reconUnreadable');
  }
}

export async function importFile(db: Kysely<Database>, request: ImportRequest): Promise<ReconImportReport> {
  const info = FILE_KIND_INFO[request.kind];
  if (info.role !== 'shipments' && !request.shop.trim()) throw new ApiError(Code.badRequest, 'reconShopRequired');
  const rows = await rowsOf(request.bytes);
  const map = await columnMapOf(db, request.kind);
  const header = findHeader(rows, map, info.required);
  if (!header) {
    throw new ApiError(Code.badRequest, 'reconHeaderNotFound', { kind: info.zh, columns: info.required.map((field) => map[field]?.[0] ?? field).join('、') });
  }
  const parsed = parseLines(request.kind, info, rows, header);
  const orders: OrderLine[] = [];
  const settlements: SettlementLine[] = [];
  const shipments: ShipmentLine[] = [];
  for (const item of parsed.lines) {
    if (item.role === 'orders') orders.push(item.line);
    else if (item.role === 'settlements') settlements.push(item.line);
    else shipments.push(item.line);
  }
  let counts: SaveCounts = { created: 0, updated: 0, unchanged: 0, unknown: [] };
  if (request.write) {
    const now = Date.now();
    const shop = request.shop.trim().slice(0, 100);
    if (info.role === 'orders') counts = await saveOrders(db, request.team, info.platform!, shop, orders, now);
    else if (info.role === 'settlements') counts = await saveSettlements(db, request.team, info.platform!, shop, settlements, now);
    else counts = await applyShipments(db, request.team, shipments, now);
  }
  return {
    kind: request.kind,
    header_row: header.row + 1,
    columns: Object.keys(header.columns),
    rows: parsed.rows,
    valid: parsed.lines.length,
    errors: parsed.errors,
    error_count: parsed.errors.length,
    sample: parsed.lines.slice(0, SAMPLE_ROWS).map((item) => ({ ...item.line })),
    ...counts,
    unknown_count: counts.unknown.length,
  };
}
