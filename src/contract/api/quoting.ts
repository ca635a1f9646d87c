/**
 * Quoting's own routes beside the resource API: the ask page behind a notice
 * (/main/handlefind?name=<ask no>) and public asking (bao-jia). Records inside are resource records
 * of `price_asks` and `price_quotes`, already cut to what the caller may see.
 */
import { Type, type Static } from '../schema';
import { patterns } from '../validators';
import { TimelineRow } from './resources';

/** The ask page an ask's number opens, where a notice about it leads too (spec §2). */
export function handleFindPath(askNo: string): string {
  return `/main/handlefind?${new URLSearchParams({ name: askNo })}`;
}

export const HandleFindQuery = Type.Object({ name: Type.String({ minLength: 1, maxLength: 64 }) }, { additionalProperties: false });
export type HandleFindQuery = Static<typeof HandleFindQuery>;

const Row = Type.Record(Type.String(), Type.Unknown());
/** The ask with its photos and timeline, and the quotes the caller may see (cheapest first) with their timelines. */
export const HandleFindAnswer = Type.Object({
  ask: Row,
  photos: Type.Array(Type.String()),
  timeline: Type.Array(TimelineRow),
  quotes: Type.Array(Row),
  /** Quoting team of each quote: quote id → team name. */
  teams: Type.Record(Type.String(), Type.String()),
});
export type HandleFindAnswer = Static<typeof HandleFindAnswer>;

/** POST /api/public/bao-jia: a customer without an account asks for a price. */
export const BaoJiaBody = Type.Object(
  {
    goods_name: Type.String({ minLength: 1, maxLength: 200 }),
    spec: Type.Optional(Type.String({ maxLength: 128 })),
    quantity: Type.Integer({ minimum: 1, maximum: 10_000_000 }),
    contact_name: Type.String({ minLength: 1, maxLength: 64 }),
    mobile: Type.String({ pattern: patterns.mobile }),
    /** The quotation link (/share) the customer came from: the ask goes to that link's team. */
    token: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type BaoJiaBody = Static<typeof BaoJiaBody>;

/** The reference the customer can quote on the phone: the ask's number. */
export const BaoJiaAnswer = Type.Object({ ref: Type.String() });
export type BaoJiaAnswer = Static<typeof BaoJiaAnswer>;

/**
 * POST /api/quoting/rule-preview: what a rule being edited (saved or not) would make of the open
 * asks its team sees — a quote at which price, or why not. Nothing is written.
 */
export const RulePreviewBody = Type.Object(
  {
    name: Type.String({ maxLength: 64 }),
    match_type: Type.Union([Type.Literal('keyword'), Type.Literal('sku'), Type.Literal('category')]),
    match_value: Type.String({ maxLength: 64 }),
    price_mode: Type.Union([Type.Literal('markup'), Type.Literal('fixed')]),
    cost_fen: Type.Integer({ minimum: 0 }),
    markup_pct: Type.Integer({ minimum: 0, maximum: 1000 }),
    fixed_fen: Type.Integer({ minimum: 0 }),
    floor_fen: Type.Integer({ minimum: 0 }),
    stock: Type.Integer({ minimum: 0 }),
    max_quantity: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);
export type RulePreviewBody = Static<typeof RulePreviewBody>;

export const RulePreviewRow = Type.Object({
  ask_id: Type.Integer(),
  ask_no: Type.String(),
  goods_name: Type.String(),
  spec: Type.String(),
  quantity: Type.Integer(),
  expected_price_fen: Type.Union([Type.Integer(), Type.Null()]),
  /** The unit price the rule would quote; null when it would not quote (see reason). */
  price_fen: Type.Union([Type.Integer(), Type.Null()]),
  reason: Type.String(),
});
export type RulePreviewRow = Static<typeof RulePreviewRow>;

/** The open asks the rule names (most recent first), and how many open asks were looked at. */
export const RulePreviewAnswer = Type.Object({ rows: Type.Array(RulePreviewRow), scanned: Type.Integer() });
export type RulePreviewAnswer = Static<typeof RulePreviewAnswer>;
