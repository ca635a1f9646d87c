/** Reconciliation's API payloads: importing platform files, matching, the summary per shop × month. */
import { Type, type Static } from '../schema';

export const RECON_FILE_KINDS = ['douyin_orders', 'douyin_flows', 'kuaishou_orders', 'kuaishou_bills', 'wechat_orders', 'wechat_flows', 'shipments'] as const;
export const RECON_PLATFORMS = ['douyin', 'kuaishou', 'wechat'] as const;
export const RECON_OUTCOMES = ['matched', 'mismatch', 'unshipped', 'unsettled', 'refunded', 'duplicate', 'orphan', 'no_shipment', 'pending'] as const;

const FileKind = Type.Union(RECON_FILE_KINDS.map((kind) => Type.Literal(kind)));
const Period = Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$' });

/** The synchronous `/import` and `/import/preview`: they answer the report once the file is read (and written). */
export const ReconImportQuery = Type.Object(
  {
    kind: FileKind,
    /** The shop the file belongs to; shipments need none. */
    shop: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);
export type ReconImportQuery = Static<typeof ReconImportQuery>;

/**
 * `POST /api/reconciliation/imports?kind=&shop=&preview=0|1`, multipart with one file field `file`:
 * the upload is streamed to disk, a job is created and answered at once (state `queued`); reading
 * and writing go on in the background. Poll `GET /api/reconciliation/imports/:id`.
 */
export const ReconImportJobQuery = Type.Object(
  {
    kind: FileKind,
    shop: Type.Optional(Type.String({ maxLength: 100 })),
    /** 1: read and report only, write nothing. Default 0. */
    preview: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1')])),
  },
  { additionalProperties: false },
);
export type ReconImportJobQuery = Static<typeof ReconImportJobQuery>;

const RowError = Type.Object({ row: Type.Integer(), msg: Type.String() });

export const ReconImportReport = Type.Object({
  kind: Type.String(),
  /** 1-based row of the header found in the file. */
  header_row: Type.Integer(),
  /** Fields of the column map the header named; the others are left empty. */
  columns: Type.Array(Type.String()),
  /** Data rows read (explanation lines under the header not counted). */
  rows: Type.Integer(),
  /** Lines that will be (or were) written: orders count once however many sub-orders they have. */
  valid: Type.Integer(),
  /** The first refused rows (at most RECON_REPORT_MAX_ERRORS); `error_count` counts them all. */
  errors: Type.Array(RowError),
  error_count: Type.Integer(),
  /** The first lines as read, for the preview table. */
  sample: Type.Array(Type.Record(Type.String(), Type.Unknown())),
  created: Type.Integer(),
  updated: Type.Integer(),
  unchanged: Type.Integer(),
  /** Order numbers a shipment file named that no order of the team carries (at most RECON_REPORT_MAX_ERRORS); `unknown_count` counts them all. */
  unknown: Type.Array(Type.String()),
  unknown_count: Type.Integer(),
});
export type ReconImportReport = Static<typeof ReconImportReport>;

/** A report lists this many refused rows and unknown order numbers; a million-row file is summed up, not copied. */
export const RECON_REPORT_MAX_ERRORS = 200;

export const RECON_IMPORT_STATES = ['queued', 'reading', 'writing', 'done', 'failed'] as const;
export type ReconImportState = (typeof RECON_IMPORT_STATES)[number];
/** States after which a job never changes again: stop polling. */
export const RECON_IMPORT_FINISHED: readonly ReconImportState[] = ['done', 'failed'];
/** How often the server writes a running job's progress, and so how often polling is worth it. */
export const RECON_IMPORT_PROGRESS_MS = 500;

/**
 * An import as a job kept in the database, so whichever server process answers the poll knows it.
 * A job reads its file twice: `reading` checks every row (a preview ends there), `writing` reads it
 * again and writes it in chunks. In each state bytes_done / bytes_total is that pass's progress
 * (the bar fills once while reading, once while writing) and rows_done the data rows it has reached.
 */
export const ReconImportJob = Type.Object({
  id: Type.Integer(),
  kind: FileKind,
  /** '' for a shipment file. */
  shop: Type.String(),
  file_name: Type.String(),
  preview: Type.Boolean(),
  state: Type.Union(RECON_IMPORT_STATES.map((state) => Type.Literal(state))),
  bytes_total: Type.Integer(),
  bytes_done: Type.Integer(),
  /** Data rows read so far. */
  rows_done: Type.Integer(),
  /** Set when the job is done. */
  report: Type.Union([ReconImportReport, Type.Null()]),
  /** Why the job failed, in the caller's language; null otherwise. */
  msg: Type.Union([Type.String(), Type.Null()]),
  /** Who uploaded the file (display name). */
  created_by: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.Integer(),
  finished_at: Type.Union([Type.Integer(), Type.Null()]),
});
export type ReconImportJob = Static<typeof ReconImportJob>;

/** The job's id as the path carries it (the server does not coerce path parameters to numbers). */
export const ReconImportJobParams = Type.Object({ id: Type.String({ pattern: '^[1-9][0-9]{0,9}$' }) }, { additionalProperties: false });
export type ReconImportJobParams = Static<typeof ReconImportJobParams>;

/** `GET /api/reconciliation/imports`: the team's most recent jobs, newest first (the import history). */
export const ReconImportJobList = Type.Object({ rows: Type.Array(ReconImportJob) });
export type ReconImportJobList = Static<typeof ReconImportJobList>;
/** Jobs the history lists. */
export const RECON_IMPORT_HISTORY = 50;

const OutcomeCounts = Type.Record(Type.String(), Type.Integer());

/** Which orders a match run covered: null fields mean all. */
export const ReconMatchScope = Type.Object({
  platform: Type.Union([Type.String(), Type.Null()]),
  shop: Type.Union([Type.String(), Type.Null()]),
  period: Type.Union([Type.String(), Type.Null()]),
});
export type ReconMatchScope = Static<typeof ReconMatchScope>;

export const ReconMatchReport = Type.Object({
  scope: ReconMatchScope,
  /** Orders (and order numbers settled with no order) in scope, per outcome. */
  counts: OutcomeCounts,
  /** Orders whose outcome or amounts changed in this run. */
  changed: Type.Integer(),
  ms: Type.Number(),
});
export type ReconMatchReport = Static<typeof ReconMatchReport>;

export const ReconSummaryQuery = Type.Object(
  { period: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}$' })), platform: Type.Optional(Type.String({ maxLength: 16 })) },
  { additionalProperties: false },
);
export type ReconSummaryQuery = Static<typeof ReconSummaryQuery>;

export const ReconSummaryRow = Type.Object({
  platform: Type.String(),
  shop_name: Type.String(),
  /** YYYY-MM, China time, of the payment (of the settlement for a line with no order). */
  period: Type.String(),
  orders: Type.Integer(),
  paid_fen: Type.Integer(),
  refund_fen: Type.Integer(),
  fee_service_fen: Type.Integer(),
  fee_commission_fen: Type.Integer(),
  fee_affiliate_fen: Type.Integer(),
  fee_other_fen: Type.Integer(),
  fee_fen: Type.Integer(),
  settled_fen: Type.Integer(),
  difference_fen: Type.Integer(),
  explained: Type.Integer(),
  counts: OutcomeCounts,
});
export type ReconSummaryRow = Static<typeof ReconSummaryRow>;
export const ReconSummary = Type.Object({ rows: Type.Array(ReconSummaryRow) });

/** Matching's defaults: amounts within a fen are equal; a shipment unsettled after ten days is reported. */
export const RECON_TOLERANCE_FEN = 1;
export const RECON_UNSETTLED_DAYS = 10;

/**
 * `POST /api/reconciliation/match`. Scoped by shop and/or month (of the payment; of the settlement
 * for a line with no order): only the orders and settlement lines in scope change.
 */
export const ReconMatchBody = Type.Object(
  {
    platform: Type.Optional(Type.Union(RECON_PLATFORMS.map((platform) => Type.Literal(platform)))),
    shop: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    period: Type.Optional(Period),
    tolerance_fen: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
    unsettled_days: Type.Optional(Type.Integer({ minimum: 1, maximum: 365 })),
  },
  { additionalProperties: false },
);
export type ReconMatchBody = Static<typeof ReconMatchBody>;

/**
 * `GET /api/reconciliation/differences/export?platform=&shop=&period=`: the differences of the
 * scope the summary shows (each left out means all), so the file holds what the table on screen does.
 */
export const ReconDifferencesQuery = Type.Object(
  {
    platform: Type.Optional(Type.Union(RECON_PLATFORMS.map((platform) => Type.Literal(platform)))),
    shop: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    period: Type.Optional(Period),
  },
  { additionalProperties: false },
);
export type ReconDifferencesQuery = Static<typeof ReconDifferencesQuery>;
export type ReconSummary = Static<typeof ReconSummary>;
