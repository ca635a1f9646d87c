/**
 * 海报设计 (商品 › 海报设计, /goods/poster): a team's promotion posters for its goods.
 *
 *   GET    /api/goods/posters          the team's posters (an administrator's: every team's, or one team's)
 *   GET    /api/goods/posters/:id      one poster with its document
 *   POST   /api/goods/posters          a new poster (an administrator names its team)
 *   PUT    /api/goods/posters/:id      saves a poster over the version it was opened at
 *   DELETE /api/goods/posters/:id
 *
 * The document is the whole design: its size, its background and its elements, drawn in order
 * (the first at the back). The server takes it only as this schema says: known kinds, numbers in
 * bounds, #rrggbb colours, and links that are http(s) or of this site (a QR code's), pictures of
 * this site only (so a canvas that draws them is never tainted and exports).
 */
import { Type, type Static } from '../schema';

export const POSTERS_READ = 'posters:read';
export const POSTERS_WRITE = 'posters:write';
/** The most a document may weigh as JSON, in characters. */
export const POSTER_MAX_CHARS = 100_000;
export const POSTER_MAX_ELEMENTS = 200;
export const POSTER_NAME_MAX = 60;
export const POSTER_MIN_SIDE = 100;
export const POSTER_MAX_SIDE = 3000;
/** The most posters a list answers, newest first. */
export const POSTER_LIST_MAX = 200;

/** A link a QR code may carry: http(s), or a path of this site (never `//host`, `javascript:`…). */
export const LINK_PATTERN = '^(https?://[^\\s<>"]+|/(?!/)[^\\s<>"]*)$';
/** A picture of this site: a path, never another origin's. */
export const PICTURE_PATTERN = '^/(?!/)[^\\s<>"]*$';
const Colour = Type.String({ pattern: '^#[0-9a-fA-F]{6}$' });
const Coordinate = Type.Number({ minimum: -POSTER_MAX_SIDE, maximum: 2 * POSTER_MAX_SIDE });
const Side = Type.Number({ minimum: 1, maximum: 2 * POSTER_MAX_SIDE });
const Money = Type.Integer({ minimum: 0, maximum: 100_000_000 });

/** One colour, or two blended along a direction. */
export const PosterFill = Type.Union([
  Type.Object({ type: Type.Literal('solid'), color: Colour }, { additionalProperties: false }),
  Type.Object(
    {
      type: Type.Literal('gradient'),
      from: Colour,
      to: Colour,
      direction: Type.Union([Type.Literal('vertical'), Type.Literal('horizontal'), Type.Literal('diagonal')]),
    },
    { additionalProperties: false },
  ),
]);
export type PosterFill = Static<typeof PosterFill>;

const Box = {
  id: Type.String({ pattern: '^[A-Za-z0-9_-]{1,40}$' }),
  x: Coordinate,
  y: Coordinate,
  w: Side,
  h: Side,
};
const Align = Type.Union([Type.Literal('left'), Type.Literal('center'), Type.Literal('right')]);

export const PosterText = Type.Object(
  {
    ...Box,
    kind: Type.Literal('text'),
    text: Type.String({ maxLength: 2000 }),
    size: Type.Number({ minimum: 8, maximum: 400 }),
    color: Colour,
    weight: Type.Union([Type.Literal('normal'), Type.Literal('bold')]),
    align: Align,
  },
  { additionalProperties: false },
);

/** A picture by its path on this site (a goods picture, an upload), or a 文件管理 file of the team. */
export const PosterImage = Type.Object(
  {
    ...Box,
    kind: Type.Literal('image'),
    src: Type.Union([Type.Object({ url: Type.String({ pattern: PICTURE_PATTERN, maxLength: 500 }) }, { additionalProperties: false }), Type.Object({ file_id: Type.Integer({ minimum: 1 }) }, { additionalProperties: false })]),
    fit: Type.Union([Type.Literal('cover'), Type.Literal('contain')]),
    radius: Type.Number({ minimum: 0, maximum: 1000 }),
  },
  { additionalProperties: false },
);

/** A goods as it was picked: its picture, name and price (fen) kept in the poster. */
export const PosterGoods = Type.Object(
  {
    ...Box,
    kind: Type.Literal('goods'),
    goods_id: Type.Integer({ minimum: 1 }),
    name: Type.String({ maxLength: 200 }),
    price_fen: Money,
    image: Type.Union([Type.String({ pattern: PICTURE_PATTERN, maxLength: 500 }), Type.Null()]),
    color: Colour,
    accent: Colour,
    background: Colour,
  },
  { additionalProperties: false },
);

export const PosterPrice = Type.Object(
  {
    ...Box,
    kind: Type.Literal('price'),
    label: Type.String({ maxLength: 20 }),
    price_fen: Money,
    color: Colour,
    background: Colour,
  },
  { additionalProperties: false },
);

export const PosterQr = Type.Object(
  {
    ...Box,
    kind: Type.Literal('qr'),
    link: Type.String({ pattern: LINK_PATTERN, minLength: 1, maxLength: 500 }),
    color: Colour,
    background: Colour,
  },
  { additionalProperties: false },
);

export const PosterRect = Type.Object(
  {
    ...Box,
    kind: Type.Literal('rect'),
    fill: PosterFill,
    radius: Type.Number({ minimum: 0, maximum: 1000 }),
  },
  { additionalProperties: false },
);

export const PosterElement = Type.Union([PosterText, PosterImage, PosterGoods, PosterPrice, PosterQr, PosterRect]);
export type PosterElement = Static<typeof PosterElement>;
export type PosterElementKind = PosterElement['kind'];
export type PosterElementOf<K extends PosterElementKind> = Extract<PosterElement, { kind: K }>;

export const PosterDoc = Type.Object(
  {
    width: Type.Integer({ minimum: POSTER_MIN_SIDE, maximum: POSTER_MAX_SIDE }),
    height: Type.Integer({ minimum: POSTER_MIN_SIDE, maximum: POSTER_MAX_SIDE }),
    background: PosterFill,
    elements: Type.Array(PosterElement, { maxItems: POSTER_MAX_ELEMENTS }),
  },
  { additionalProperties: false },
);
export type PosterDoc = Static<typeof PosterDoc>;

const Name = Type.String({ minLength: 1, maxLength: POSTER_NAME_MAX });
/**
 * A document as a body carries it: the server checks it against PosterDoc itself, element by
 * element, so that a refusal names the element and the field (server/goods/poster-rules.ts).
 */
const SentDoc = Type.Unsafe<PosterDoc>(Type.Object({}, { additionalProperties: true, description: 'A PosterDoc' }));

export const NewPosterBody = Type.Object(
  {
    /** An administrator's choice of team; a member's own team whatever is sent. */
    team_id: Type.Optional(Type.Integer({ minimum: 1 })),
    name: Name,
    doc: SentDoc,
  },
  { additionalProperties: false },
);
export type NewPosterBody = Static<typeof NewPosterBody>;

export const SavePosterBody = Type.Object(
  {
    name: Name,
    doc: SentDoc,
    /** The version the designer opened: saved meanwhile by someone else, the save is refused. */
    version: Type.Integer({ minimum: 1 }),
  },
  { additionalProperties: false },
);
export type SavePosterBody = Static<typeof SavePosterBody>;

export const PosterIdParam = Type.Object({ id: Type.String({ pattern: '^[1-9][0-9]{0,9}$' }) });
export const PosterListQuery = Type.Object({ team_id: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,9}$' })) });
export type PosterListQuery = Static<typeof PosterListQuery>;

export const Poster = Type.Object({
  id: Type.Integer(),
  team_id: Type.Integer(),
  team_name: Type.String(),
  name: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
  doc: SentDoc,
  version: Type.Integer(),
  updated_by_name: Type.String(),
  updated_at: Type.Integer(),
});
export type Poster = Static<typeof Poster>;

export const PosterList = Type.Object({ rows: Type.Array(Poster) });
export type PosterList = Static<typeof PosterList>;
