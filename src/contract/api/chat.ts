/**
 * The chat API under /chat (spec §3, §7): sessions, records, publishing, read state, groups,
 * contacts and the socket ticket. Frames on /chat/ws are in ../chat.ts.
 *
 * Every route is a POST answering the `{code, msg, data}` envelope; `data` is:
 *   talk/session/list      SessionListBody   → SessionList
 *   talk/session/save      SessionSaveBody   → ChatSession
 *   talk/session/delete    SessionDeleteBody → null
 *   talk/session/assistant (no body)         → ChatSession (the built-in assistant robot's)
 *   talk/records           RecordsBody       → RecordsPage
 *   talk/message/publish   PublishBody       → ChatRecord
 *   talk/unread/clear      ConversationBody  → null
 *   talk/review            ReviewBody        → null
 *   contact/search         ContactSearchBody → ContactList
 *   group/create           GroupCreateBody   → ChatSession (the caller's, for the new group)
 *   group/members          GroupBody         → GroupMembers
 *   group/invite           GroupInviteBody   → GroupMembers
 *   group/leave            GroupBody         → null
 *   upload                 multipart `file`  → ChatUpload
 *   ticket                 (no body)         → SocketTicket
 */
import { Type, type Static } from '../schema';

/** 1 private, 2 group. */
export const TalkType = Type.Union([Type.Literal(1), Type.Literal(2)]);
export type TalkType = Static<typeof TalkType>;

/** 1 text, 2 image, 3 file, 4 code, 1000 system (spec §3: 1 text, 1000 system). */
export const MsgType = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3), Type.Literal(4), Type.Literal(1000)]);
export type MsgType = Static<typeof MsgType>;
export const MSG_TEXT = 1;
export const MSG_IMAGE = 2;
export const MSG_FILE = 3;
export const MSG_CODE = 4;
export const MSG_SYSTEM = 1000;

export const TEXT_MAX = 5000;
export const RECORDS_LIMIT_MAX = 100;
export const CLIENT_MSG_ID_MAX = 64;
export const REMARK_MAX = 50;
/** Largest image and other file a chat message may carry (POST /chat/upload). */
export const CHAT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const CHAT_FILE_MAX_BYTES = 20 * 1024 * 1024;
/** Files other than images that /chat/upload accepts, by extension (never HTML, SVG or scripts). */
export const CHAT_FILE_EXTENSIONS = ['pdf', 'txt', 'csv', 'json', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'zip', 'rar', '7z', 'gz', 'mp3', 'mp4'] as const;

const Flag = Type.Union([Type.Literal(0), Type.Literal(1)]);
const Id = Type.Integer({ minimum: 1 });

/** What an image, file or code message carries beside its text. */
export const MessageExtra = Type.Object({
  /** Image and file messages: where the upload lives. */
  url: Type.Optional(Type.String({ maxLength: 500 })),
  name: Type.Optional(Type.String({ maxLength: 255 })),
  size: Type.Optional(Type.Integer({ minimum: 0 })),
  width: Type.Optional(Type.Integer({ minimum: 0 })),
  height: Type.Optional(Type.Integer({ minimum: 0 })),
  /** Code messages: the language to highlight. */
  lang: Type.Optional(Type.String({ maxLength: 32 })),
});
export type MessageExtra = Static<typeof MessageExtra>;

/** One stored message. `sequence` counts up from 1 in each conversation, with no gaps. */
export const ChatRecord = Type.Object({
  id: Type.Integer(),
  sequence: Type.Integer(),
  talk_type: TalkType,
  /** The author; 0 for a system message. */
  send_id: Type.Integer(),
  /** The other user for a private message, the group for a group message. */
  receiver_id: Type.Integer(),
  msg_type: MsgType,
  content: Type.String(),
  extra: MessageExtra,
  client_msg_id: Type.String(),
  /** The author's name and avatar as they were when the record was read. */
  nickname: Type.String(),
  avatar: Type.String(),
  /** Private messages: 1 once the receiver has read it. Group messages: 1 once every other member has. */
  is_read: Flag,
  created_at: Type.Integer(),
});
export type ChatRecord = Static<typeof ChatRecord>;

/** A row of the session list (spec §3, chat session). */
export const ChatSession = Type.Object({
  id: Type.Integer(),
  talk_type: TalkType,
  receiver_id: Type.Integer(),
  /** The other user's or the group's name. */
  name: Type.String(),
  /** The caller's own note on the other user; '' when none. */
  remark: Type.String(),
  avatar: Type.String(),
  is_disturb: Flag,
  is_top: Flag,
  is_online: Flag,
  is_robot: Flag,
  /** 1 when the editor shows for a robot (spec §3 input contact). */
  is_talk: Flag,
  un_read_num: Type.Integer(),
  /** The last message's text (its name for a file, '' for an image). */
  content: Type.String(),
  draft_text: Type.String(),
  /** The last message as the list shows it: "[图片]", "[文件] name", the text itself… */
  msg_text: Type.String(),
  /** The last message's sequence, 0 when none. */
  last_sequence: Type.Integer(),
  /** `${talk_type}_${receiver_id}` */
  index_name: Type.String(),
  updated_at: Type.Integer(),
});
export type ChatSession = Static<typeof ChatSession>;

export function indexName(talkType: TalkType, receiverId: number): string {
  return `${talkType}_${receiverId}`;
}

export const SessionListBody = Type.Object({ send_id: Id }, { additionalProperties: false });
export type SessionListBody = Static<typeof SessionListBody>;
export const SessionList = Type.Object({ rows: Type.Array(ChatSession) });
export type SessionList = Static<typeof SessionList>;

/** Creates or returns the session; the optional fields pin, mute or keep a draft. */
export const SessionSaveBody = Type.Object(
  {
    send_id: Id,
    receiver_id: Id,
    talk_type: Type.Optional(TalkType),
    is_top: Type.Optional(Flag),
    is_disturb: Type.Optional(Flag),
    draft_text: Type.Optional(Type.String({ maxLength: TEXT_MAX })),
    /** The caller's own note on the other user. */
    remark: Type.Optional(Type.String({ maxLength: REMARK_MAX })),
  },
  { additionalProperties: false },
);
export type SessionSaveBody = Static<typeof SessionSaveBody>;

/** Removes the session from the caller's list; the conversation and its records stay. */
export const SessionDeleteBody = Type.Object({ send_id: Id, talk_type: TalkType, receiver_id: Id }, { additionalProperties: false });
export type SessionDeleteBody = Static<typeof SessionDeleteBody>;

const Conversation = { talk_type: TalkType, receiver_id: Id };

/**
 * A page of records. With `record_id` (0 = newest): up to `limit` records older than it.
 * With `after_sequence`: every record after that sequence (catch-up after a reconnect), up to `limit`.
 */
export const RecordsBody = Type.Object(
  {
    ...Conversation,
    record_id: Type.Optional(Type.Integer({ minimum: 0 })),
    after_sequence: Type.Optional(Type.Integer({ minimum: 0 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: RECORDS_LIMIT_MAX })),
  },
  { additionalProperties: false },
);
export type RecordsBody = Static<typeof RecordsBody>;
export const RecordsPage = Type.Object({
  /** Oldest first, ready to draw. */
  rows: Type.Array(ChatRecord),
  /** The cursor for the next older page; 0 when there is none. */
  record_id: Type.Integer(),
  limit: Type.Integer(),
});
export type RecordsPage = Static<typeof RecordsPage>;

export const PublishBody = Type.Object(
  {
    ...Conversation,
    msg_type: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3), Type.Literal(4)]),
    content: Type.String({ maxLength: TEXT_MAX }),
    /** Chosen by the client; the same id sent again returns the stored record instead of a second one. */
    client_msg_id: Type.String({ minLength: 8, maxLength: CLIENT_MSG_ID_MAX }),
    extra: Type.Optional(MessageExtra),
  },
  { additionalProperties: false },
);
export type PublishBody = Static<typeof PublishBody>;

export const ConversationBody = Type.Object(Conversation, { additionalProperties: false });
export type ConversationBody = Static<typeof ConversationBody>;

/** Marks these records read (the HTTP twin of the socket's im.message.read). */
export const ReviewBody = Type.Object(
  { ...Conversation, ids: Type.Array(Id, { minItems: 1, maxItems: 500 }) },
  { additionalProperties: false },
);
export type ReviewBody = Static<typeof ReviewBody>;

/** Someone the caller can start a conversation with. */
export const ChatContact = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  avatar: Type.String(),
  team_name: Type.String(),
  is_online: Flag,
  is_robot: Flag,
});
export type ChatContact = Static<typeof ChatContact>;
export const ContactSearchBody = Type.Object({ keyword: Type.String({ maxLength: 50 }) }, { additionalProperties: false });
export type ContactSearchBody = Static<typeof ContactSearchBody>;
export const ContactList = Type.Object({ rows: Type.Array(ChatContact) });
export type ContactList = Static<typeof ContactList>;

export const GroupCreateBody = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 50 }), member_ids: Type.Array(Id, { minItems: 1, maxItems: 500 }) },
  { additionalProperties: false },
);
export type GroupCreateBody = Static<typeof GroupCreateBody>;
export const GroupBody = Type.Object({ group_id: Id }, { additionalProperties: false });
export type GroupBody = Static<typeof GroupBody>;
export const GroupInviteBody = Type.Object(
  { group_id: Id, member_ids: Type.Array(Id, { minItems: 1, maxItems: 500 }) },
  { additionalProperties: false },
);
export type GroupInviteBody = Static<typeof GroupInviteBody>;
export const GroupMember = Type.Object({
  user_id: Type.Integer(),
  name: Type.String(),
  avatar: Type.String(),
  /** 1 for the group's owner. */
  is_owner: Flag,
  is_online: Flag,
});
export type GroupMember = Static<typeof GroupMember>;
export const GroupMembers = Type.Object({ group_id: Type.Integer(), name: Type.String(), rows: Type.Array(GroupMember) });
export type GroupMembers = Static<typeof GroupMembers>;

/**
 * The answer of POST /chat/upload (multipart/form-data, one file field `file`): the URL an image
 * (`msg_type` 2) or file (`msg_type` 3) message then names in `extra.url`.
 */
export const ChatUpload = Type.Object({
  url: Type.String(),
  name: Type.String(),
  size: Type.Integer(),
  /** image when the bytes are a PNG, JPEG, GIF or WebP picture. */
  kind: Type.Union([Type.Literal('image'), Type.Literal('file')]),
});
export type ChatUpload = Static<typeof ChatUpload>;

/** A one-minute ticket for /chat/ws?token=…, so the access token stays out of URLs and logs. */
export const SocketTicket = Type.Object({ ticket: Type.String(), expires_in: Type.Integer() });
export type SocketTicket = Static<typeof SocketTicket>;
