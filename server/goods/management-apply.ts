/**
 * 商品管理's writes, each in one transaction: applying a previewed batch and undoing one. Every
 * goods is written through the resource layer (its checks, version guard, record history and log
 * entry, as an edit in the console would be), and the batch is kept with each goods' values before
 * and after. Nothing is half-applied: a goods changed since the preview, or since the batch an undo
 * undoes, refuses the whole of it.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { GOODS_BATCH_MAX, type GoodsApplyBody } from '../../src/contract/api/goods-management';
import type { ResourceRecord } from '../../src/contract/resource';
import { Code } from '../../src/contract/envelope';
import { recordLog } from '../audit/system-log';
import { ApiError } from '../http/errors';
import { assertAction, type ResourceCaller } from '../resources/caller';
import type { ResourceRegistry } from '../resources/definitions';
import { readRow } from '../resources/read-records';
import type { ResourceStore } from '../resources/store';
import { lookupTargets, nextNumber, updateIn } from '../resources/write-records';
import { batchRefusal, categoryMoveRefusal, isChange, paramsOf, preview, type BatchGoods } from './management-rules';
import { categoryNames, insertBatch, markUndone, readBatch, readItems, type BatchItem, type NewBatch } from './management-store';

type Db = Kysely<Database>;

const asBatchGoods = (record: ResourceRecord): BatchGoods => ({
  id: record.id,
  sku: String(record.sku ?? ''),
  name: String(record.name ?? ''),
  category: typeof record.category === 'string' && record.category !== '' ? record.category : null,
  price_fen: Number(record.price_fen ?? 0),
  cost_fen: record.cost_fen === null || record.cost_fen === undefined ? null : Number(record.cost_fen),
  stock: Number(record.stock ?? 0),
  status: String(record.status ?? ''),
  version: record.version,
});

/** Refuses a batch of more goods than one may change at once. */
export function assertBatchSize(count: number): void {
  if (count > GOODS_BATCH_MAX) throw new ApiError(Code.badRequest, 'goodsBatchTooMany', { most: GOODS_BATCH_MAX, count });
}

async function goodsStore(registry: ResourceRegistry, caller: ResourceCaller) {
  const goods = (await registry.get('goods'))!;
  assertAction(goods, caller, 'update');
  return { goods, targets: await lookupTargets({ registry }, goods) };
}

/** The team's goods by id, read for writing; ids not found (or another team's) come back as null. */
async function readOwn(trx: Db, goods: ResourceStore, caller: ResourceCaller, team: number, id: number): Promise<ResourceRecord | null> {
  const record = await readRow(trx, goods, id, caller);
  return record && record.team_id === team ? record : null;
}

async function keepBatch(trx: Db, caller: ResourceCaller, batch: Omit<NewBatch, 'batch_no' | 'created_at' | 'user_id' | 'user_name'>, items: BatchItem[], now: number): Promise<number> {
  const batchNo = await nextNumber(trx, { table: 'goods_batches' }, 'batch_no', 'PL', now);
  const id = await insertBatch(trx, { ...batch, batch_no: batchNo, user_id: caller.userId, user_name: caller.userName, created_at: now }, items);
  // One line for the batch (its kind and size) beside each goods' own update line.
  const action = batch.kind === 'undo' ? 'goods-batch-undo' : 'goods-batch';
  await recordLog(trx, { userId: caller.userId, username: caller.username, action, target: `goods_batches:${batchNo}`, ip: caller.ip, result: 'ok', detail: `${batch.kind},${items.length}` }, now);
  return id;
}

/** Applies the batch as previewed to the team's goods; answers the kept batch's id. */
export async function applyBatch(db: Db, registry: ResourceRegistry, caller: ResourceCaller, team: number, body: GoodsApplyBody): Promise<number> {
  const ids = [...new Set(body.goods.map((one) => one.id))];
  assertBatchSize(ids.length);
  const { goods, targets } = await goodsStore(registry, caller);
  const { operation } = body;
  return db.transaction().execute(async (trx) => {
    const now = Date.now();
    const previewed = new Map(body.goods.map((one) => [one.id, one.version]));
    const records: ResourceRecord[] = [];
    let stale = 0;
    for (const id of ids) {
      const record = await readOwn(trx, goods, caller, team, id);
      const moved = record && (operation.kind === 'rename_category' || operation.kind === 'merge_category') && record.category !== operation.from;
      if (!record || record.version !== previewed.get(id) || moved) stale++;
      else records.push(record);
    }
    if (stale > 0) throw new ApiError(Code.conflict, 'goodsBatchStale', { count: stale });
    if (operation.kind === 'rename_category' || operation.kind === 'merge_category') {
      const refusal = categoryMoveRefusal(operation, await categoryNames(trx, team));
      if (refusal) throw new ApiError(Code.badRequest, refusal.problem, refusal.params);
    }
    const result = preview(records.map(asBatchGoods), operation);
    const refusal = batchRefusal(result);
    if (refusal) throw new ApiError(Code.badRequest, refusal.problem, refusal.params);

    const items: BatchItem[] = [];
    for (const [index, row] of result.rows.entries()) {
      if (!isChange(row)) continue;
      const after = await updateIn(trx, goods, caller, records[index], row.after, targets, now);
      items.push({ goods_id: row.id, sku: row.sku, name: row.name, before: row.before, after: row.after, version_after: after.version });
    }
    return keepBatch(trx, caller, { team_id: team, kind: operation.kind, params: paramsOf(operation), note: body.note?.trim() ?? '', undo_of: null }, items, now);
  });
}

/**
 * Puts back what a batch changed, if none of its goods changed since (else refuses, naming how
 * many did); the undo is kept as a batch of its own. `team` null: an administrator's, any team's.
 */
export async function undoBatch(db: Db, registry: ResourceRegistry, caller: ResourceCaller, team: number | null, id: number): Promise<number> {
  const { goods, targets } = await goodsStore(registry, caller);
  return db.transaction().execute(async (trx) => {
    const now = Date.now();
    const batch = await readBatch(trx, id, team);
    if (!batch) throw new ApiError(Code.notFound, 'goodsBatchNotFound');
    if (batch.kind === 'undo') throw new ApiError(Code.badRequest, 'goodsBatchUndoUndo');
    if (batch.undone_at !== null) throw new ApiError(Code.badRequest, 'goodsBatchAlreadyUndone', { user: batch.undone_by ?? '' });
    const items = await readItems(trx, batch.id);
    const records: ResourceRecord[] = [];
    let changed = 0;
    for (const item of items) {
      const record = item.goods_id === null ? null : await readOwn(trx, goods, caller, batch.team_id, item.goods_id);
      if (!record || record.version !== item.version_after) changed++;
      else records.push(record);
    }
    if (changed > 0) throw new ApiError(Code.conflict, 'goodsBatchChangedSince', { count: changed, total: items.length });
    if (!(await markUndone(trx, batch.id, now, caller.userName))) throw new ApiError(Code.badRequest, 'goodsBatchAlreadyUndone', { user: '' });

    const undone: BatchItem[] = [];
    for (const [index, item] of items.entries()) {
      const after = await updateIn(trx, goods, caller, records[index], item.before, targets, now);
      undone.push({ goods_id: records[index].id, sku: item.sku, name: item.name, before: item.after, after: item.before, version_after: after.version });
    }
    return keepBatch(trx, caller, { team_id: batch.team_id, kind: 'undo', params: { of: batch.batch_no }, note: '', undo_of: batch.id }, undone, now);
  });
}
