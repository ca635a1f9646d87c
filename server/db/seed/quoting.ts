/**
 * Quoting demo data that came about the way real data does: two quoting teams keep rules, new asks
 * meet them (quotes by rule, the rest in each team's manual queue), staff quote by hand, an asker
 * accepts, raises a price, closes an ask; one ask expired. Notices and timelines are those events'.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../schema';
import { nextNumber, nextNumbers } from '../../resources/write-records';
import { priceAsks, priceQuotes } from '../../quoting/resources';
import { acceptOn, askById, handleNewAsk, noticeTeam, quoteArrived, rejectOthers, timeline, type Actor } from '../../quoting/store';
import { expiresAt } from '../../quoting/rules';

export interface QuotingSeedContext {
  now: number;
  /** The asking team, the two quoting teams. */
  teams: { buyer: number; cloud: number; cloud2: number };
  users: { seller: number; staff: number };
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type Rule = [name: string, match: 'keyword' | 'sku' | 'category', value: string, mode: 'markup' | 'fixed', cost: number, pct: number, fixed: number, floor: number, stock: number, maxQty: number, days: number, type: 'spot' | 'transfer'];

const RULES: Record<'cloud' | 'cloud2', Rule[]> = {
  cloud: [
    ['蓝牙耳机现货', 'keyword', '蓝牙耳机', 'markup', 13800, 12, 0, 14500, 3000, 2000, 1, 'spot'],
    ['充电宝现货', 'keyword', '充电宝', 'markup', 7600, 15, 0, 8200, 5000, 5000, 1, 'spot'],
    ['数码类调货', 'category', '数码', 'markup', 0, 0, 0, 0, 0, 0, 5, 'transfer'],
    ['保温杯一口价', 'keyword', '保温杯', 'fixed', 0, 0, 7900, 7500, 2000, 1000, 2, 'spot'],
  ],
  cloud2: [
    ['耳机全系', 'keyword', '耳机', 'markup', 13200, 10, 0, 14000, 800, 500, 2, 'spot'],
    ['空气炸锅调货', 'keyword', '空气炸锅', 'markup', 26800, 8, 0, 27500, 0, 300, 6, 'transfer'],
    ['四件套停用规则', 'keyword', '四件套', 'fixed', 0, 0, 25900, 0, 0, 0, 3, 'spot'],
  ],
};

interface NewAsk {
  goods: string;
  spec: string;
  category: string;
  quantity: number;
  expected: number | null;
  ago: number;
  deadline: number | null;
}

const ASKS: NewAsk[] = [
  { goods: '蓝牙耳机', spec: '白色 标准版', category: '数码', quantity: 300, expected: 15500, ago: 50 * MINUTE, deadline: 3 * DAY },
  { goods: '20000mAh充电宝', spec: '22.5W 快充', category: '数码', quantity: 1000, expected: 8900, ago: 40 * MINUTE, deadline: 2 * DAY },
  { goods: '空气炸锅', spec: '6L 可视窗', category: '小家电', quantity: 200, expected: 29900, ago: 30 * MINUTE, deadline: 4 * DAY },
  { goods: '全棉四件套', spec: '1.8m 床', category: '家纺', quantity: 150, expected: 26900, ago: 20 * MINUTE, deadline: 5 * DAY },
  { goods: '不锈钢保温杯', spec: '500ml 白色', category: '家居', quantity: 500, expected: null, ago: 10 * MINUTE, deadline: 3 * DAY },
  { goods: '冻干双拼猫粮', spec: '3kg', category: '宠物', quantity: 80, expected: 14500, ago: 5 * MINUTE, deadline: DAY },
];

export async function seedQuoting(trx: Transaction<Database>, ctx: QuotingSeedContext): Promise<void> {
  const { now, teams, users } = ctx;
  for (const [key, rules] of Object.entries(RULES) as Array<[keyof typeof RULES, Rule[]]>) {
    for (const [i, [name, match_type, match_value, price_mode, cost_fen, markup_pct, fixed_fen, floor_fen, stock, max_quantity, delivery_days, quote_type]] of rules.entries()) {
      await trx
        .insertInto('quote_rules')
        .values({
          team_id: teams[key],
          name,
          match_type,
          match_value,
          price_mode,
          cost_fen,
          markup_pct,
          fixed_fen,
          floor_fen,
          stock,
          max_quantity,
          delivery_days,
          validity_hours: 48,
          quote_type,
          enabled: name.includes('停用') ? 0 : 1,
          created_by: users.staff,
          created_at: now - 3 * DAY + i * HOUR,
          updated_at: now - 3 * DAY + i * HOUR,
        })
        .execute();
    }
  }

  const seller: Actor = { userId: users.seller, userName: '王小美', teamId: teams.buyer };
  const askIds: number[] = [];
  for (const ask of ASKS) {
    const at = now - ask.ago;
    const { id } = await trx
      .insertInto('price_asks')
      .values({
        team_id: teams.buyer,
        ask_no: await nextNumber(trx, priceAsks, 'ask_no', 'XJ', at),
        goods_name: ask.goods,
        spec: ask.spec,
        category: ask.category,
        quantity: ask.quantity,
        expected_price_fen: ask.expected,
        kind: 'ordinary',
        status: 'pending',
        handle_mode: 'manual',
        deadline_at: ask.deadline === null ? null : at + ask.deadline,
        remark: '',
        created_by: users.seller,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await timeline(trx, 'price_asks', id, 'create', null, 'pending', seller, at);
    await handleNewAsk(trx, (await askById(trx, id))!, (count) => nextNumbers(trx, priceQuotes, 'quote_no', 'BJ', at, count), at + 2000);
    askIds.push(id);
  }

  // A rule of the second team quoted the air fryer; staff of the first quote it by hand from their queue.
  const fryer = (await askById(trx, askIds[2]))!;
  const handQuote = await manualQuote(trx, fryer, teams.cloud, users.staff, 31500, 'transfer', 7, now - 20 * MINUTE);
  await quoteArrived(trx, fryer, handQuote, { userId: users.staff, userName: '李报价', teamId: teams.cloud }, now - 20 * MINUTE);

  // The earphones: both teams quoted by rule; the seller accepts the cheaper, the other is told.
  const earphones = (await askById(trx, askIds[0]))!;
  const quotes = await trx.selectFrom('price_quotes').select(['id', 'price_fen', 'team_id']).where('ask_id', '=', earphones.id).orderBy('price_fen').execute();
  if (quotes.length > 0) {
    const at = now - 15 * MINUTE;
    await trx.updateTable('price_quotes').set({ status: 'accepted', version: 2, updated_at: at }).where('id', '=', quotes[0].id).execute();
    await timeline(trx, 'price_quotes', quotes[0].id, 'accept', 'submitted', 'accepted', seller, at);
    await acceptOn(trx, earphones.id, quotes[0].id, seller, at);
    await noticeTeam(trx, 2, quotes[0].team_id, earphones.ask_no, `您对询价单 <b>${earphones.ask_no}</b> 的报价已被采纳`, at);
  }

  // The power banks: the seller raises the expected price; the teams that quoted hear of it (type 3).
  const banks = (await askById(trx, askIds[1]))!;
  const raised = 9500;
  await trx.updateTable('price_asks').set({ expected_price_fen: raised, kind: 'addprice', version: 3, updated_at: now - 8 * MINUTE }).where('id', '=', banks.id).execute();
  await timeline(trx, 'price_asks', banks.id, 'addprice', banks.status, banks.status, seller, now - 8 * MINUTE);
  const quoted = await trx.selectFrom('price_quotes').select('team_id').distinct().where('ask_id', '=', banks.id).execute();
  for (const { team_id } of quoted) {
    await noticeTeam(trx, 3, team_id, banks.ask_no, `询价单 <b>${banks.ask_no}</b>（20000mAh充电宝）期望单价加价到 95.00 元，可修改报价`, now - 8 * MINUTE);
  }

  // The cat food: closed by the seller before anyone quoted; then one ask whose deadline passed.
  const catFood = (await askById(trx, askIds[5]))!;
  await trx.updateTable('price_asks').set({ status: 'closed', version: 2, updated_at: now - 2 * MINUTE }).where('id', '=', catFood.id).execute();
  await timeline(trx, 'price_asks', catFood.id, 'close', 'pending', 'closed', seller, now - 2 * MINUTE);
  await rejectOthers(trx, catFood, null, seller, now - 2 * MINUTE, `询价单 <b>${catFood.ask_no}</b> 已被询价方关闭`);
  await trx.updateTable('ask_queue').set({ status: 'declined', reason: '询价已关闭' }).where('ask_id', '=', catFood.id).execute();

  const expiredAt = now - 2 * DAY;
  const { id: expired } = await trx
    .insertInto('price_asks')
    .values({
      team_id: teams.buyer,
      ask_no: await nextNumber(trx, priceAsks, 'ask_no', 'XJ', expiredAt),
      goods_name: '加厚防滑瑜伽垫',
      spec: '10mm 灰色',
      category: '运动',
      quantity: 120,
      expected_price_fen: 7900,
      kind: 'ordinary',
      status: 'expired',
      handle_mode: 'manual',
      deadline_at: now - DAY,
      remark: '',
      created_by: users.seller,
      created_at: expiredAt,
      updated_at: now - DAY,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await timeline(trx, 'price_asks', expired, 'create', null, 'pending', seller, expiredAt);
  await timeline(trx, 'price_asks', expired, 'expire', 'pending', 'expired', { userId: null, userName: '系统', teamId: null }, now - DAY);
}

/** A quote typed in by a member of a quoting team. */
async function manualQuote(trx: Transaction<Database>, ask: { id: number; quantity: number }, team: number, user: number, price: number, type: 'spot' | 'transfer', days: number, at: number) {
  const quote_no = await nextNumber(trx, priceQuotes, 'quote_no', 'BJ', at);
  const { id } = await trx
    .insertInto('price_quotes')
    .values({
      team_id: team,
      ask_id: ask.id,
      quote_no,
      quote_type: type,
      price_fen: price,
      quantity: ask.quantity,
      delivery_days: days,
      status: 'submitted',
      quoted_by: user,
      remark: '厂家直发，含税',
      validity_hours: 48,
      expires_at: expiresAt(at, 48),
      created_by: user,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, quote_no, team_id: team, price_fen: price };
}
