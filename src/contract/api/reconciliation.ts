/** Reconciliation's API payloads: importing platform files, matching, the summary per shop × month. */
import { Type, type Static } from '../schema';

export const RECON_FILE_KINDS = ['douyin_orders', 'douyin_flows', 'kuaishou_orders', 'kuaishou_bills', 'wechat_orders', 'wechat_flows', 'shipments'] as const;
export const RECON_OUTCOMES = ['matched', 'mismatch', 'unshipped', 'unsettled', 'refunded', 'duplicate', 'orphan', 'no_shipment', 'pending'] as const;

export const ReconImportQuery = Type.Object(
  {
    kind: Type.Union(RECON_FILE_KINDS.map((kind) => Type.Literal(kind))),
    /** The shop the file belongs to; shipments need none. */
    shop: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);
export type ReconImportQuery = Static<typeof ReconImportQuery>;

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
  errors: Type.Array(RowError),
  /** The first lines as read, for the preview table. */
  sample: Type.Array(Type.Record(Type.String(), Type.Unknown())),
  created: Type.Integer(),
  updated: Type.Integer(),
  unchanged: Type.Integer(),
  /** Order numbers a shipment file named that no order of the team carries. */
  unknown: Type.Array(Type.String()),
});
export type ReconImportReport = Static<typeof ReconImportReport>;

const OutcomeCounts = Type.Record(Type.String(), Type.Integer());

export const ReconMatchReport = Type.Object({
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

export const ReconMatchBody = Type.Object(
  {
    tolerance_fen: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
    unsettled_days: Type.Optional(Type.Integer({ minimum: 1, maximum: 365 })),
  },
  { additionalProperties: false },
);
export type ReconMatchBody = Static<typeof ReconMatchBody>;
export type ReconSummary = Static<typeof ReconSummary>;
