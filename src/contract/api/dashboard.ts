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
