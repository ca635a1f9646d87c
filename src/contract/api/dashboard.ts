/**
 * The dashboard's two reads: 首页 (GET /api/dashboard/overview), the caller's team's figures over the
 * last 7 or 30 days against the period before, and 工作台 (GET /api/dashboard/workbench), the caller's
 * own to-do list. The server scopes both from the token; an administrator may name one team.
 */
import { Type, type Static } from '../schema';

export const DASHBOARD_DAYS = ['7', '30'] as const;

export const DashboardOverviewQuery = Type.Object(
  {
    /** The period the cards and the trend cover, ending today (China time). Default 7. */
    days: Type.Optional(Type.Union(DASHBOARD_DAYS.map((days) => Type.Literal(days)))),
    /** Administrators only: one team's figures instead of every team's. */
    team: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,9}$' })),
  },
  { additionalProperties: false },
);
export type DashboardOverviewQuery = Static<typeof DashboardOverviewQuery>;

/** A figure of the period, the same of the period before it, and today's. */
const Figure = Type.Object({ current: Type.Number(), previous: Type.Number(), today: Type.Number() });
/** A ratio or a duration: null when there is nothing to divide or to take the middle of. */
const Measure = Type.Object({ current: Type.Union([Type.Number(), Type.Null()]), previous: Type.Union([Type.Number(), Type.Null()]) });

export const DashboardTrendDay = Type.Object({ day: Type.String(), asks: Type.Integer(), quotes: Type.Integer() });
export type DashboardTrendDay = Static<typeof DashboardTrendDay>;

export const DashboardWaitingAsk = Type.Object({
  id: Type.Integer(),
  ask_no: Type.String(),
  goods_name: Type.String(),
  quantity: Type.Integer(),
  team_name: Type.String(),
  created_at: Type.Integer(),
});
export type DashboardWaitingAsk = Static<typeof DashboardWaitingAsk>;

export const DashboardQuoting = Type.Object({
  asks: Figure,
  quotes: Figure,
  /** Accepted quotes per quote given in the period, 0…1. */
  accept_rate: Measure,
  /** Median minutes from an ask to its first quote, over the asks of the period that got one. */
  first_quote_minutes: Measure,
  trend: Type.Array(DashboardTrendDay),
  /** The newest open asks no quote has reached yet. */
  waiting: Type.Array(DashboardWaitingAsk),
});
export type DashboardQuoting = Static<typeof DashboardQuoting>;

export const DashboardRecon = Type.Object({
  /** Platform orders and settlement lines imported. */
  orders: Type.Integer(),
  lines: Type.Integer(),
  matched: Type.Integer(),
  /** Paid differently from what was expected, or twice. */
  mismatched: Type.Integer(),
  /** Not shipped, not settled, no shipment record, or a settlement with no order. */
  missing: Type.Integer(),
  paid_fen: Type.Integer(),
  settled_fen: Type.Integer(),
  difference_fen: Type.Integer(),
});
export type DashboardRecon = Static<typeof DashboardRecon>;

export const DashboardTeam = Type.Object({ id: Type.Integer(), name: Type.String() });

export const DashboardOverview = Type.Object({
  days: Type.Integer(),
  /** The first day of the period, 'YYYY-MM-DD' China time. */
  from: Type.String(),
  /** Administrators: the teams they may pick (else null), and the one picked (null: all). */
  teams: Type.Union([Type.Array(DashboardTeam), Type.Null()]),
  team: Type.Union([Type.Integer(), Type.Null()]),
  /** Null when the caller may read neither asks nor quotes. */
  quoting: Type.Union([DashboardQuoting, Type.Null()]),
  /** Null when the caller may not read reconciliation. */
  recon: Type.Union([DashboardRecon, Type.Null()]),
  /** The caller's own unread chat messages and open notices. */
  unread: Type.Object({ chat: Type.Integer(), notices: Type.Integer() }),
});
export type DashboardOverview = Static<typeof DashboardOverview>;

const AskItem = Type.Object({ ask_no: Type.String(), goods_name: Type.String(), quantity: Type.Integer(), at: Type.Integer() });
export type DashboardAskItem = Static<typeof AskItem>;

export const DashboardWorkbench = Type.Object({
  /** Quoting staff: the team's queue items open to anyone or claimed by the caller. */
  queue: Type.Array(Type.Object({ ...AskItem.properties, mine: Type.Boolean() })),
  /** Askers: their own asks with quotes waiting for their answer. */
  to_accept: Type.Array(Type.Object({ ...AskItem.properties, quotes: Type.Integer() })),
  /** The caller's own quotes still open whose validity ends within a day. */
  expiring: Type.Array(Type.Object({ quote_no: Type.String(), ask_no: Type.String(), goods_name: Type.String(), price_fen: Type.Integer(), expires_at: Type.Integer() })),
  /** Shops of the team with differences nobody explained yet, with the last file imported for them. */
  differences: Type.Array(
    Type.Object({
      platform: Type.String(),
      shop_name: Type.String(),
      orders: Type.Integer(),
      difference_fen: Type.Integer(),
      last_file: Type.Union([Type.String(), Type.Null()]),
      last_import_at: Type.Union([Type.Integer(), Type.Null()]),
    }),
  ),
  notices: Type.Array(Type.Object({ id: Type.Integer(), type: Type.Integer(), content: Type.String(), find_id: Type.String(), created_at: Type.Integer() })),
  /** The screens of the caller's own menu a seller or a quoter opens most, in that order. */
  entries: Type.Array(Type.Object({ path: Type.String(), title: Type.Object({ zh: Type.String(), en: Type.String() }) })),
});
export type DashboardWorkbench = Static<typeof DashboardWorkbench>;

/**
 * 数据大屏 (GET /api/dashboard/screen): everything the wall display of a team shows, in one read.
 * Its query is 首页's (days 7 or 30, an administrator's team); each section is null when the
 * caller may not read what it counts.
 */
const Pair = Type.Object({ current: Type.Number(), previous: Type.Number() });
const MeasurePair = Type.Object({ current: Type.Union([Type.Number(), Type.Null()]), previous: Type.Union([Type.Number(), Type.Null()]) });
/** Today against yesterday, and the period against the one before it. */
const Span = Type.Object({ today: Pair, period: Pair });
const RateSpan = Type.Object({ today: MeasurePair, period: MeasurePair });

export const DashboardScreenTrendDay = Type.Object({ day: Type.String(), asks: Type.Integer(), quotes: Type.Integer(), accepted: Type.Integer() });
export type DashboardScreenTrendDay = Static<typeof DashboardScreenTrendDay>;

export const DashboardScreenRank = Type.Object({
  /** The quoting team (a quoting team's own screen: the quoter; null for the automatic rules). */
  name: Type.Union([Type.String(), Type.Null()]),
  accepted: Type.Integer(),
  quoted: Type.Integer(),
});
export type DashboardScreenRank = Static<typeof DashboardScreenRank>;

export const DashboardScreenGoods = Type.Object({ goods_name: Type.String(), quantity: Type.Integer(), amount_fen: Type.Integer() });
export type DashboardScreenGoods = Static<typeof DashboardScreenGoods>;

export const DashboardScreenShare = Type.Object({ platform: Type.String(), amount_fen: Type.Integer(), share: Type.Number() });
export type DashboardScreenShare = Static<typeof DashboardScreenShare>;

export const SCREEN_EVENT_KINDS = ['ask', 'quote', 'accepted', 'import'] as const;
export const DashboardScreenEvent = Type.Object({
  kind: Type.Union(SCREEN_EVENT_KINDS.map((kind) => Type.Literal(kind))),
  at: Type.Integer(),
  /** The ask or quote number, or the imported file's name. */
  no: Type.String(),
  /** The goods asked for, or the shop a file was imported for. */
  title: Type.String(),
  team_name: Type.String(),
});
export type DashboardScreenEvent = Static<typeof DashboardScreenEvent>;

export const DashboardScreen = Type.Object({
  days: Type.Integer(),
  from: Type.String(),
  teams: Type.Union([Type.Array(DashboardTeam), Type.Null()]),
  team: Type.Union([Type.Integer(), Type.Null()]),
  /** The name of the team shown; null for every team. */
  team_name: Type.Union([Type.String(), Type.Null()]),
  /** The server's clock when it answered. */
  at: Type.Integer(),
  quoting: Type.Union([
    Type.Object({
      asks: Span,
      quotes: Span,
      accepted: Span,
      accept_rate: RateSpan,
      trend: Type.Array(DashboardScreenTrendDay),
      /** Quotes accepted in the period per quoting team (or quoter), most first. */
      ranking: Type.Array(DashboardScreenRank),
    }),
    Type.Null(),
  ]),
  /** Store orders paid (refunds left out): pieces and amount, and the goods that sold most in the period. */
  sales: Type.Union([Type.Object({ quantity: Span, amount_fen: Span, top: Type.Array(DashboardScreenGoods) }), Type.Null()]),
  recon: Type.Union([DashboardRecon, Type.Null()]),
  /** Store bills' settled amounts per platform since the month the period starts in, with their shares 0…1. */
  platforms: Type.Union([Type.Array(DashboardScreenShare), Type.Null()]),
  /** Goods on sale at or under the low-stock line. */
  low_stock: Type.Union([Type.Integer(), Type.Null()]),
  /** Users of the scope with the console open now. */
  online: Type.Integer(),
  unread: Type.Object({ chat: Type.Integer(), notices: Type.Integer() }),
  /** The newest business events, newest first. */
  feed: Type.Array(DashboardScreenEvent),
});
export type DashboardScreen = Static<typeof DashboardScreen>;
