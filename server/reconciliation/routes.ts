import multipart from '@fastify/multipart';
import type { Kysely } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/schema';
import {
  RECON_TOLERANCE_FEN,
  RECON_UNSETTLED_DAYS,
  ReconImportQuery,
  ReconImportReport,
  ReconMatchBody,
  ReconMatchReport,
  ReconSummary,
  ReconSummaryQuery,
} from '../../src/contract/api/reconciliation';
import { Type } from '../../src/contract/schema';
import { Code } from '../../src/contract/envelope';
import { ok } from '../http/envelope';
import { ApiError } from '../http/errors';
import { receiveFile } from '../http/multipart';
import { routeSchema, type App } from '../http/route';
import { differencesXlsx } from './differences-xlsx';
import { importFile } from './import-file';
import { matchOrders, OUTCOMES } from './match';
import { matchedOrders, matchInput, orphanLines, saveResults } from './store';
import { summarize } from './summary';

const TAGS = ['reconciliation'];
/** Platform exports run to hundreds of thousands of rows. */
const IMPORT_MAX_MB = 100;
const READ = { permission: 'store_orders:read' };
const WRITE = { permission: 'store_orders:write' };

/**
 * Reconciliation: platform files in (preview, then import), matching orders ↔ shipments ↔
 * settlement lines into one outcome per order, the summary per shop × month and the differences as
 * XLSX. Everything works in the caller's own team.
 */
export async function reconciliationRoutes(app: App, { db }: { db: Kysely<Database> }) {
  await app.register(multipart, { limits: { fileSize: IMPORT_MAX_MB * 1024 * 1024, files: 1 } });

  const uploaded = (request: FastifyRequest) =>
    receiveFile(request, {
      field: 'file',
      missing: () => new ApiError(Code.badRequest, 'importFileMissing'),
      tooLarge: () => new ApiError(Code.payloadTooLarge, 'importTooLarge', { mb: IMPORT_MAX_MB }),
    });

  const description =
    'multipart/form-data with one file field `file`: a platform export (CSV in UTF-8 or GB18030, XLSX, or an .xls that is an HTML table or XLSX). `kind` names the file; `shop` the shop it belongs to.';
  for (const [url, summary, write] of [
    ['/api/reconciliation/import/preview', 'Read a platform file and report its rows and per-row errors, writing nothing', false],
    ['/api/reconciliation/import', 'Import a platform file: the same file twice changes nothing, a newer one updates the rows it shares', true],
  ] as const) {
    app.post(
      url,
      {
        config: { access: WRITE },
        schema: { ...routeSchema({ summary, tags: TAGS, querystring: ReconImportQuery, data: ReconImportReport, auth: true }), description },
      },
      async (request) => {
        const file = await uploaded(request);
        return ok(await importFile(db, { team: request.caller!.teamId, kind: request.query.kind, shop: request.query.shop ?? '', bytes: file.bytes, write }));
      },
    );
  }

  app.post(
    '/api/reconciliation/match',
    {
      config: { access: WRITE },
      schema: routeSchema({ summary: "Match the team's orders, shipments and settlement lines into one outcome per order", tags: TAGS, body: ReconMatchBody, data: ReconMatchReport, auth: true }),
    },
    async (request) => {
      const started = performance.now();
      const team = request.caller!.teamId;
      const { orders, lines } = await matchInput(db, team);
      const results = matchOrders(orders, lines, {
        toleranceFen: request.body.tolerance_fen ?? RECON_TOLERANCE_FEN,
        unsettledDays: request.body.unsettled_days ?? RECON_UNSETTLED_DAYS,
        now: Date.now(),
      });
      const changed = await saveResults(db, team, results, Date.now());
      const counts: Record<string, number> = Object.fromEntries(OUTCOMES.map((outcome) => [outcome, 0]));
      for (const result of results) counts[result.outcome]++;
      return ok({ counts, changed, ms: Math.round(performance.now() - started) });
    },
  );

  app.post(
    '/api/reconciliation/summary',
    {
      config: { access: READ },
      schema: routeSchema({ summary: 'What matching found, per platform, shop and month', tags: TAGS, body: ReconSummaryQuery, data: ReconSummary, auth: true }),
    },
    async (request) => {
      const team = request.caller!.teamId;
      return ok({ rows: summarize(await matchedOrders(db, team), await orphanLines(db, team), request.body) });
    },
  );

  app.get(
    '/api/reconciliation/differences/export',
    {
      config: { access: READ },
      schema: {
        ...routeSchema({ summary: 'The differences (every outcome but 已对平, 已退款 and 待结算) as XLSX', tags: TAGS, data: Type.Null(), auth: true }),
        description: 'Answers the file itself.',
      },
    },
    async (request, reply) => {
      const team = request.caller!.teamId;
      const bytes = await differencesXlsx(await matchedOrders(db, team), await orphanLines(db, team));
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="differences.xlsx"; filename*=UTF-8''${encodeURIComponent('对账差异.xlsx')}`)
        .header('cache-control', 'no-store')
        .send(bytes);
    },
  );
}
