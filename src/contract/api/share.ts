import { Type, type Static } from '../schema';

export const SHARE_DAYS_DEFAULT = 7;
export const SHARE_DAYS_MAX = 30;

export const QuoteType = Type.Union([Type.Literal('spot'), Type.Literal('transfer')]);
export type QuoteType = Static<typeof QuoteType>;
export const QuoteStatus = Type.Union([Type.Literal('submitted'), Type.Literal('accepted'), Type.Literal('rejected'), Type.Literal('expired')]);
export type QuoteStatus = Static<typeof QuoteStatus>;

/** A quote as both the team and the customer see it: the goods of the ask and the offer. */
const quoteFields = {
  quote_no: Type.String(),
  goods_name: Type.String(),
  spec: Type.String(),
  quantity: Type.Integer(),
  price_fen: Type.Integer(),
  delivery_days: Type.Integer(),
  quote_type: QuoteType,
};

/** One of the team's quotes, with the goods of the ask it answers. */
export const ShareableQuote = Type.Object({
  id: Type.Integer(),
  ...quoteFields,
  status: QuoteStatus,
  created_at: Type.Integer(),
});
export type ShareableQuote = Static<typeof ShareableQuote>;
export const ShareableQuoteList = Type.Object({ rows: Type.Array(ShareableQuote) });
export type ShareableQuoteList = Static<typeof ShareableQuoteList>;

export const CreateShareBody = Type.Object(
  {
    quote_id: Type.Integer(),
    /** How long the link works; SHARE_DAYS_DEFAULT when omitted. */
    days: Type.Optional(Type.Integer({ minimum: 1, maximum: SHARE_DAYS_MAX })),
  },
  { additionalProperties: false },
);
export type CreateShareBody = Static<typeof CreateShareBody>;
/** The token is answered this once; the server keeps only its hash. */
export const CreateShareData = Type.Object({ id: Type.Integer(), token: Type.String(), expires_at: Type.Integer() });
export type CreateShareData = Static<typeof CreateShareData>;

export const ShareLinkRow = Type.Object({
  id: Type.Integer(),
  quote_no: Type.String(),
  goods_name: Type.String(),
  created_at: Type.Integer(),
  expires_at: Type.Integer(),
  revoked: Type.Boolean(),
  views: Type.Integer(),
});
export type ShareLinkRow = Static<typeof ShareLinkRow>;
export const ShareLinkList = Type.Object({ rows: Type.Array(ShareLinkRow) });
export type ShareLinkList = Static<typeof ShareLinkList>;

export const ShareIdBody = Type.Object({ id: Type.Integer() }, { additionalProperties: false });
export type ShareIdBody = Static<typeof ShareIdBody>;

export const ShareTokenBody = Type.Object({ token: Type.String({ minLength: 16, maxLength: 128 }) }, { additionalProperties: false });
export type ShareTokenBody = Static<typeof ShareTokenBody>;

/** What a customer with the link sees: the quote and who made it, no record ids. */
export const SharedQuote = Type.Object({
  ...quoteFields,
  team_name: Type.String(),
  quoted_at: Type.Integer(),
  expires_at: Type.Integer(),
});
export type SharedQuote = Static<typeof SharedQuote>;
