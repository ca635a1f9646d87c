import { Type, type Static } from '../schema';

/**
 * What notice HTML may keep, for both sanitisers: the server's when a notice is stored and the
 * console's again when it is drawn, so a notice written straight into the database cannot script the page.
 */
export const NOTICE_HTML = {
  tags: ['b', 'strong', 'i', 'em', 'u', 's', 'br', 'p', 'span', 'a', 'ul', 'ol', 'li', 'code'],
  linkAttributes: ['href', 'target', 'rel'],
  linkSchemes: ['http', 'https', 'mailto'],
} as const;

/** 1 a product was added, 2 a price was quoted, 3 a price was changed (spec §3). */
export const NoticeType = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]);
export type NoticeType = Static<typeof NoticeType>;

/** Who receives a notice: one user, everyone holding a role, one team, or everyone. */
export const NoticeTargetKind = Type.Union([Type.Literal('user'), Type.Literal('role'), Type.Literal('team'), Type.Literal('all')]);
export type NoticeTargetKind = Static<typeof NoticeTargetKind>;

const FindId = Type.String({ minLength: 1, maxLength: 64 });

export const Notice = Type.Object({
  id: Type.Integer(),
  type: NoticeType,
  /** Sanitised HTML. */
  content: Type.String(),
  /** The asking record the notice is about; a click opens /main/handlefind?name=<find_id>. */
  find_id: Type.String(),
  created_at: Type.Integer(),
});
export type Notice = Static<typeof Notice>;
export const NoticeList = Type.Object({ rows: Type.Array(Notice) });
export type NoticeList = Static<typeof NoticeList>;

export const NoticeCloseBody = Type.Object({ id: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });
export type NoticeCloseBody = Static<typeof NoticeCloseBody>;

export const CreateNoticeBody = Type.Object(
  {
    type: NoticeType,
    content: Type.String({ minLength: 1, maxLength: 5000 }),
    find_id: FindId,
    target_kind: NoticeTargetKind,
    /** The user, role or team id; absent or null for everyone. */
    target_id: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type CreateNoticeBody = Static<typeof CreateNoticeBody>;
export const CreateNoticeData = Type.Object({ id: Type.Integer() });

export const AdminNotice = Type.Object({
  ...Notice.properties,
  target_kind: NoticeTargetKind,
  target_id: Type.Union([Type.Integer(), Type.Null()]),
  /** Name of the author; null once that user is gone. */
  creator: Type.Union([Type.String(), Type.Null()]),
  /** Name of the team, user or role it was sent to; null when sent to everyone, or once the recipient is gone. */
  target_name: Type.Union([Type.String(), Type.Null()]),
  /** How many users have closed it. */
  closed_count: Type.Integer(),
});
export type AdminNotice = Static<typeof AdminNotice>;
export const AdminNoticeList = Type.Object({ rows: Type.Array(AdminNotice) });
export type AdminNoticeList = Static<typeof AdminNoticeList>;

/** The teams a sender may address, by name. */
export const NoticeTeamList = Type.Object({ rows: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })) });
export type NoticeTeamList = Static<typeof NoticeTeamList>;
