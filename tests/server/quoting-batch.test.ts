/**
 * Automatic quoting in batches (issue 15, speed): many new asks handled in one transaction write
 * what the same asks handled one at a time write — the same quotes by the same rules at the same
 * prices, each log line pointing at its own quote, one queue item per uncovered team, one notice
 * and one 'quote' timeline step per quoted ask — with consecutive quote numbers and no duplicate.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { DIALECTS, startTestServer, type TestServer } from '../support/server-harness';
import type { Database } from '../../server/db/schema';
import { priceQuotes } from '../../server/quoting/resources';
import { handleNewAsk, handleNewAsks, type AskRow } from '../../server/quoting/store';
import { nextNumbers } from '../../server/resources/write-records';

const GOODS: Array<Pick<AskRow, 'goods_name' | 'spec' | 'sku' | 'category' | 'quantity'>> = [
  { goods_name: '蓝牙耳机 降噪款', spec: '黑色', sku: '', category: '数码', quantity: 200 },
  { goods_name: '猫砂 豆腐砂', spec: '6L', sku: '', category: '宠物', quantity: 50 },
  { goods_name: '不锈钢保温杯', spec: '500ml', sku: '', category: '家居', quantity: 300 },
  { goods_name: '充电宝 超大容量', spec: '20000mAh', sku: '', category: '数码', quantity: 9000 },
];

describe.each(DIALECTS)('automatic quoting in batches on %s', (dialect) => {
  let server: TestServer;
  let db: Kysely<Database>;
  let asking: number;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    db = server.database.db;
    asking = (await db.selectFrom('teams').select('id').where('type', '=', 1).orderBy('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => server.close());

  /** The goods as new asks of the asking team, handled together or one transaction each. */
  async function ask(tag: string, together: boolean): Promise<AskRow[]> {
    const now = Date.now();
    return db.transaction().execute(async (trx) => {
      const rows = GOODS.map((g, i) => ({ ...g, team_id: asking, ask_no: `${tag}${i}`, expected_price_fen: null, kind: 'ordinary', status: 'pending', handle_mode: 'manual', deadline_at: null, remark: '', created_by: null, created_at: now, updated_at: now }) as const);
      const stored = await trx.insertInto('price_asks').values(rows).returning(['id', 'ask_no']).execute();
      const asks = rows.map((r) => ({ ...r, id: stored.find((s) => s.ask_no === r.ask_no)!.id }));
      const numbers = (count: number) => nextNumbers(trx, priceQuotes, 'quote_no', 'BJ', now, count);
      if (together) await handleNewAsks(trx, asks, numbers, now);
      else for (const a of asks) await handleNewAsk(trx, a, numbers, now);
      return asks;
    });
  }

  /** What the rules made of the asks, in the goods' order, comparable between two sets of asks. */
  async function outcome(asks: AskRow[]) {
    const ids = asks.map((a) => a.id);
    const position = (askId: number) => ids.indexOf(askId);
    const quotes = await db.selectFrom('price_quotes').selectAll().where('ask_id', 'in', ids).execute();
    const logs = await db.selectFrom('auto_quote_log').selectAll().where('ask_id', 'in', ids).orderBy('id').execute();
    const queue = await db.selectFrom('ask_queue').select(['ask_id', 'team_id', 'status']).where('ask_id', 'in', ids).execute();
    const stored = await db.selectFrom('price_asks').select(['id', 'status', 'handle_mode']).where('id', 'in', ids).execute();
    const steps = await db.selectFrom('workflow_events').select(['record_id', 'action']).where('resource', '=', 'price_asks').where('record_id', 'in', ids).execute();
    const notices = await db.selectFrom('notices').select(['find_id', 'type', 'target_id', 'content']).where('find_id', 'in', asks.map((a) => a.ask_no)).execute();
    for (const log of logs.filter((l) => l.outcome === 'quoted')) {
      // Each log line names the quote its rule made on its ask for its team.
      const quote = quotes.find((q) => q.id === log.quote_id)!;
      expect({ ask: quote.ask_id, team: quote.team_id, rule: quote.rule_id }).toEqual({ ask: log.ask_id, team: log.team_id, rule: log.rule_id });
    }
    return {
      quotes: quotes.map((q) => [position(q.ask_id), q.team_id, q.rule_id, Number(q.price_fen), q.status]).sort(),
      logs: logs.map((l) => [position(l.ask_id), l.team_id, l.outcome, l.detail]),
      queue: queue.map((q) => [position(q.ask_id), q.team_id, q.status]).sort(),
      asks: stored.map((a) => [position(a.id), a.status, a.handle_mode]).sort(),
      quoteSteps: steps.filter((s) => s.action === 'quote').map((s) => position(s.record_id)).sort(),
      notices: notices.map((n) => [asks.findIndex((a) => a.ask_no === n.find_id), n.type, n.target_id, n.content.replace(/<b>[^<]*<\/b>/, '')]).sort(),
      numbers: quotes.map((q) => q.quote_no).sort(),
    };
  }

  it('writes for asks handled together what it writes for the same asks one at a time', async () => {
    const batched = await outcome(await ask('BATCH', true));
    const single = await outcome(await ask('SINGLE', false));
    const { numbers, ...rest } = batched;
    const { numbers: singleNumbers, ...singleRest } = single;
    expect(rest).toEqual(singleRest);

    // The demo rules cover earphones and the power bank's category, not cat litter: some of each.
    expect(batched.quotes.length).toBeGreaterThan(0);
    expect(batched.queue.length).toBeGreaterThan(0);
    expect(batched.asks).toContainEqual([0, 'quoted', 'auto']);
    expect(batched.asks).toContainEqual([1, 'pending', 'manual']);
    expect(batched.notices.map((n) => n[0])).toEqual(batched.quoteSteps);
    // One number per quote, consecutive within the batch, none shared with the asks handled singly.
    const serials = numbers.map((n) => Number(n.slice(-4)));
    expect(serials).toEqual(serials.map((_, i) => serials[0] + i));
    expect(new Set([...numbers, ...singleNumbers]).size).toBe(numbers.length + singleNumbers.length);
  });
});
