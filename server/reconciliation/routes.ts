import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { DatabaseHandle } from '../db/open';
import type { Config } from '../config';
import {
  RECON_TOLERANCE_FEN,
  RECON_UNSETTLED_DAYS,
  ReconDifferencesQuery,
  ReconImportJob,
  ReconImportJobList,
  ReconImportJobParams,
  ReconImportJobQuery,
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
import { receiveFileToDisk } from '../http/multipart';
import { routeSchema, type App } from '../http/route';
import { differencesXlsx } from './differences-xlsx';
import { FILE_KIND_INFO, type FileKind } from './file-kinds';
import { ImportJobs, type NewJob } from './jobs';
import { OUTCOMES } from './match';
import { matchedOrders, orphanLines } from './store';
import { runMatch } from './run-match';
import { summarize } from './summary';

const TAGS = ['reconciliation'];
/** Platform exports run to a million rows and more; the file goes to disk as it comes, never into memory. */
const IMPORT_MAX_MB = 1024;
const READ = { permission: 'store_orders:read' };
const WRITE = { permission: 'store_orders:write' };

/**
 * Reconciliation: platform files in (as background jobs with progress, or answered when done),
 * matching orders ↔ shipments ↔ settlement lines into one outcome per order for a shop and month,
 * the summary per shop × month and the differences as XLSX. Everything works in the caller's own team.
 */
export async function reconciliationRoutes(app: App, { database, config }: { database: DatabaseHandle; config: Config }) {
  const db = database.db;
  await app.register(multipart, { limits: { fileSize: IMPORT_MAX_MB * 1024 * 1024, files: 1 } });
  const uploads = path.join(config.dataDir, 'tmp', 'recon-imports');
  mkdirSync(uploads, { recursive: true });
  const jobs = new ImportJobs({ db, writes: database.writes }, app.log);
  app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', () => jobs.close());

  /** The upload streamed to a file of its own, and the job it becomes (not yet running). */
  const received = async (request: FastifyRequest, kind: FileKind, shop: string, preview: boolean): Promise<{ id: number; job: NewJob }> => {
    const file = await receiveFileToDisk(
      request,
      {
        field: 'file',
        missing: () => new ApiError(Code.badRequest, 'importFileMissing'),
        tooLarge: () => new ApiError(Code.payloadTooLarge, 'importTooLarge', { mb: IMPORT_MAX_MB }),
      },
      path.join(uploads, randomUUID()),
    );
    if (FILE_KIND_INFO[kind].role !== 'shipments' && !shop.trim()) {
      rmSync(file.path, { force: true });
      throw new ApiError(Code.badRequest, 'reconShopRequired');
    }
    const caller = request.caller!;
    const job: NewJob = { team: caller.teamId, user: caller.userId, kind, shop, fileName: file.filename, preview, path: file.path, bytes: file.size };
    return { id: await jobs.create(job), job };
  };

  const description =
    'multipart/form-data with one file field `file`: a platform export (CSV in UTF-8 or GB18030, XLSX, or an .xls that is an HTML table or XLSX). `kind` names the file; `shop` the shop it belongs to.';

  app.post(
    '/api/reconciliation/imports',
    {
      config: { access: WRITE },
      schema: {
        ...routeSchema({ summary: 'Upload a platform file as an import job, answered at once; poll the job for its progress and report', tags: TAGS, querystring: ReconImportJobQuery, data: ReconImportJob, auth: true }),
        description: `${description} \`preview=1\` reads and reports without writing.`,
      },
    },
    async (request) => {
      const { id, job } = await received(request, request.query.kind, request.query.shop ?? '', request.query.preview === '1');
      // The outcome is in the job row: the caller polls for it.
      jobs.run(id, job).catch(() => {});
      return ok((await jobs.get(job.team, id, request.lang))!);
    },
  );

  app.get(
    '/api/reconciliation/imports',
    { config: { access: READ }, schema: routeSchema({ summary: "The team's latest import jobs, newest first", tags: TAGS, data: ReconImportJobList, auth: true }) },
    async (request) => ok({ rows: await jobs.list(request.caller!.teamId, request.lang) }),
  );

  app.get(
    '/api/reconciliation/imports/:id',
    { config: { access: READ }, schema: routeSchema({ summary: 'One import job of the team: its state, progress and report', tags: TAGS, params: ReconImportJobParams, data: ReconImportJob, auth: true }) },
    async (request) => {
      const job = await jobs.get(request.caller!.teamId, Number(request.params.id), request.lang);
      if (!job) throw new ApiError(Code.notFound, 'reconImportNotFound');
      return ok(job);
    },
  );

  for (const [url, summary, preview] of [
    ['/api/reconciliation/import/preview', 'Read a platform file and report its rows and per-row errors, writing nothing (answered when read)', true],
    ['/api/reconciliation/import', 'Import a platform file, answered when written: the same file twice changes nothing, a newer one updates the rows it shares', false],
  ] as const) {
    app.post(
      url,
      {
        config: { access: WRITE },
        schema: { ...routeSchema({ summary, tags: TAGS, querystring: ReconImportQuery, data: ReconImportReport, auth: true }), description },
      },
      async (request) => {
        const { id, job } = await received(request, request.query.kind, request.query.shop ?? '', preview);
        return ok(await jobs.run(id, job));
      },
    );
  }

  app.post(
    '/api/reconciliation/match',
    {
      config: { access: WRITE },
      schema: routeSchema({
        summary: "Match the team's orders, shipments and settlement lines into one outcome per order, for one shop and month or all",
        tags: TAGS,
        body: ReconMatchBody,
        data: ReconMatchReport,
        auth: true,
      }),
    },
    async (request) => {
      const started = performance.now();
      const team = request.caller!.teamId;
      const { platform, shop, period } = request.body;
      const { results, changed } = await runMatch(
        db,
        team,
        { platform, shop, period },
        {
          toleranceFen: request.body.tolerance_fen ?? RECON_TOLERANCE_FEN,
          unsettledDays: request.body.unsettled_days ?? RECON_UNSETTLED_DAYS,
          now: Date.now(),
        },
      );
      const counts: Record<string, number> = Object.fromEntries(OUTCOMES.map((outcome) => [outcome, 0]));
      for (const result of results) counts[result.outcome]++;
      return ok({ scope: { platform: platform ?? null, shop: shop ?? null, period: period ?? null }, counts, changed, ms: Math.round(performance.now() - started) });
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
        ...routeSchema({
          summary: 'The differences (every outcome but 已对平, 已退款 and 待结算) of a platform, shop and month (each left out means all) as XLSX',
          tags: TAGS,
          querystring: ReconDifferencesQuery,
          data: Type.Null(),
          auth: true,
        }),
        description: 'Answers the file itself.',
      },
    },
    async (request, reply) => {
      const team = request.caller!.teamId;
      const { platform, shop, period } = request.query;
      const scope = { platform, shop, period };
      const bytes = await differencesXlsx(await matchedOrders(db, team, scope), await orphanLines(db, team, scope));
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="differences.xlsx"; filename*=UTF-8''${encodeURIComponent('对账差异.xlsx')}`)
        .header('cache-control', 'no-store')
        .send(bytes);
    },
  );
}
