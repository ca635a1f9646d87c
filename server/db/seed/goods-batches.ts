/**
 * Demo batches of 商品管理 for the shop teams, so 操作记录 opens on a working shop's past: a
 * 双十一调价 (9折 on some goods on sale), a 清仓下架 (the goods now off sale), a 到货入库 (stock
 * added) and a 上架 that was undone. Each is written as the batch that left the goods as they are
 * seeded (its "after" is their value now, its version theirs), so undoing one from the console works.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../schema';
import type { GoodsOperation } from '../../../src/contract/api/goods-management';
import { changeOf, paramsOf, priceAfter, type BatchGoods } from '../../goods/management-rules';
import { insertBatch, type BatchItem } from '../../goods/management-store';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const CST = 8 * HOUR;

export interface GoodsBatchSeed {
  now: number;
  docNo(prefix: string, at: number): string;
  teams: Array<{ team_id: number; user_id: number; goods: BatchGoods[] }>;
}

/** The price before a 9折 that came to `price`: the nearest one the cut rounds to it. */
function priceBefore(price: number, cut: Extract<GoodsOperation, { kind: 'price' }>): number {
  const guess = Math.round(price / 0.9);
  return [guess, guess - 1, guess + 1].find((before) => priceAfter(before, cut) === price) ?? guess;
}

/** 20:00 China time of the last 10 November (双十一's eve, when its prices start) at least a day before now. */
function doubleElevenEve(now: number): number {
  const year = new Date(now + CST).getUTCFullYear();
  const eve = (y: number) => Date.UTC(y, 10, 10, 20) - CST;
  return eve(year) < now - DAY ? eve(year) : eve(year - 1);
}

const item = (goods: BatchGoods, before: BatchItem['before'], after: BatchItem['after']): BatchItem => ({ goods_id: goods.id, sku: goods.sku, name: goods.name, before, after, version_after: goods.version });

export async function seedGoodsBatches(trx: Transaction<Database>, seed: GoodsBatchSeed): Promise<void> {
  const names = new Map((await trx.selectFrom('users').select(['id', 'name']).execute()).map((user) => [user.id, user.name]));
  for (const team of seed.teams) {
    const user = { id: team.user_id, name: names.get(team.user_id) ?? '' };
    const keep = async (kind: string, params: Record<string, string | number>, note: string, at: number, items: BatchItem[], undo_of: number | null = null) =>
      items.length === 0
        ? null
        : insertBatch(trx, { team_id: team.team_id, batch_no: seed.docNo('PL', at), kind, params, note, user_id: user.id, user_name: user.name, undo_of, created_at: at }, items);

    const cut: Extract<GoodsOperation, { kind: 'price' }> = { kind: 'price', mode: 'percent', percent: -10 };
    const onSale = team.goods.filter((goods) => goods.status === 'on_sale');
    const sale = onSale.filter((goods) => goods.category === '服饰' || goods.category === '数码' || goods.category === '美妆').slice(0, 8);
    await keep('price', paramsOf(cut), '双十一调价', doubleElevenEve(seed.now), sale.map((goods) => item(goods, { price_fen: priceBefore(goods.price_fen, cut) }, { price_fen: goods.price_fen })));

    const cleared = team.goods.filter((goods) => goods.status === 'off_sale').slice(0, 6);
    await keep('off_sale', {}, '清仓下架', seed.now - 9 * DAY, cleared.map((goods) => item(goods, { status: 'on_sale' }, { status: 'off_sale' })));

    const restock: GoodsOperation = { kind: 'stock', mode: 'add', quantity: 100, reason: '仓库到货' };
    const arrived = onSale.filter((goods) => goods.stock >= 200 && !sale.includes(goods)).slice(0, 5);
    await keep('stock', paramsOf(restock), '到货入库', seed.now - 4 * DAY, arrived.map((goods) => item(goods, { stock: goods.stock - 100 }, { stock: goods.stock })));

    // A 上架 of drafts taken back the same afternoon: the batch marked undone, and its undo.
    const drafts = team.goods.filter((goods) => goods.status === 'draft').slice(0, 2);
    const listedAt = seed.now - 2 * DAY;
    const listed = drafts.map((goods) => ({ goods, change: changeOf(goods, { kind: 'on_sale' }) }));
    const id = await keep('on_sale', {}, '新品上架', listedAt, listed.map(({ goods, change }) => item(goods, { status: change.before }, { status: change.after })));
    if (id === null) continue;
    const undoneAt = listedAt + 2 * HOUR;
    await trx.updateTable('goods_batches').set({ undone_at: undoneAt, undone_by: user.name }).where('id', '=', id).execute();
    const batchNo = (await trx.selectFrom('goods_batches').select('batch_no').where('id', '=', id).executeTakeFirstOrThrow()).batch_no;
    await keep('undo', { of: batchNo }, '', undoneAt, listed.map(({ goods, change }) => item(goods, { status: change.after }, { status: change.before })), id);
  }
}
