/**
 * The rule editor's preview: what a rule as being edited would quote among the open asks the
 * caller's team sees. Reads go through the resource API's reader, so the market's visibility holds;
 * matching and pricing are the rules' own pure functions, so the preview says what a save would do.
 */
import { RulePreviewAnswer, RulePreviewBody, type RulePreviewRow } from '../../src/contract/api/quoting';
import type { DatabaseHandle } from '../db/open';
import { ok } from '../http/envelope';
import { routeSchema, type App } from '../http/route';
import { assertAction, resourceCaller } from '../resources/caller';
import { resourceRegistry } from '../resources/definitions';
import { listRecords, type ResourceContext } from '../resources/read-records';
import { keptCache } from '../resources/kept';
import { priceAsks, quoteRules } from './resources';
import { naiveCandidates, priceOf, refusalOf, type AskToMatch, type QuoteRule } from './rules';

/** The open asks looked at: the newest of the market, enough for an editor's glance. */
const SCAN = 200;

export async function quotingPreviewRoutes(app: App, { database }: { database: DatabaseHandle }) {
  const { db } = database;
  const ctx: ResourceContext = { db, reads: database.reads, dialect: database.dialect, registry: resourceRegistry(database), kept: keptCache() };

  app.post(
    '/api/quoting/rule-preview',
    {
      config: { access: 'authenticated' },
      schema: routeSchema({ summary: 'Which open asks a rule being edited would quote, at what price, or why not', tags: ['quoting'], body: RulePreviewBody, data: RulePreviewAnswer, auth: true }),
    },
    async (request) => {
      const caller = await resourceCaller(request);
      assertAction(quoteRules, caller, 'update');
      const body = request.body;
      const rule: QuoteRule = { ...body, id: 0, team_id: caller.teamId, delivery_days: 0, validity_hours: 24, quote_type: 'spot', enabled: true };
      const open = await listRecords(ctx, priceAsks, caller, {
        filters: [{ field: 'status', op: 'in', value: ['pending', 'quoted'] }],
        sort: [{ field: 'created_at', order: 'desc' }],
        pageSize: SCAN,
      });
      const rows: RulePreviewRow[] = [];
      for (const record of open.rows) {
        const ask: AskToMatch = {
          goods_name: String(record.goods_name ?? ''),
          spec: String(record.spec ?? ''),
          sku: String(record.sku ?? ''),
          category: String(record.category ?? ''),
          quantity: Number(record.quantity ?? 0),
        };
        if (naiveCandidates([rule], ask).length === 0) continue;
        const refusal = refusalOf(rule, ask);
        rows.push({
          ask_id: record.id,
          ask_no: String(record.ask_no),
          goods_name: ask.goods_name,
          spec: ask.spec,
          quantity: ask.quantity,
          expected_price_fen: record.expected_price_fen === null || record.expected_price_fen === undefined ? null : Number(record.expected_price_fen),
          price_fen: refusal ? null : priceOf(rule),
          reason: refusal ?? '',
        });
      }
      return ok({ rows, scanned: open.rows.length });
    },
  );
}
