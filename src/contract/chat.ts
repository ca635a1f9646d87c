import type { ChatRecord, TalkType } from './api/chat';

/** Frames on /chat/ws: JSON `{event, content}` both ways. */
export interface ChatFrame<T = unknown> {
  event: ChatEvent;
  content: T;
}

export type ChatEvent =
  | 'connect'
  | 'ping'
  | 'pong'
  | 'im.message'
  | 'im.message.publish'
  | 'im.message.ack'
  | 'im.message.read'
  | 'im.message.keyboard'
  | 'im.contact.status'
  | 'screen.published'
  | 'quoting.ask'
  | 'quoting.quote';

/** Sent by the server on open; both in seconds. */
export interface ConnectContent {
  ping_interval: number;
  ping_timeout: number;
}

/** Close code for a socket that failed to authenticate (application range 4000–4999). */
export const CLOSE_UNAUTHORIZED = 4401;

/** `im.message`: a record was stored in one of the receiver's conversations. */
export interface MessageContent {
  sender_id: number;
  receiver_id: number;
  talk_type: TalkType;
  data: ChatRecord;
}

/**
 * `im.message.ack`, server → the socket that sent `im.message.publish` (a PublishBody, the socket
 * twin of POST /chat/talk/message/publish): the stored record, or why it was refused, in the
 * envelope's terms. The record also reaches every participant as `im.message`.
 */
export interface PublishAck {
  client_msg_id: string;
  code: number;
  msg: string;
  data: ChatRecord | null;
}

/**
 * `im.message.read`, server → client: `sender_id` read these records in its conversation with
 * `receiver_id` (for a group: these records are now read by every other member). Client → server:
 * `{talk_type, receiver_id, ids}` (ReviewBody), the socket twin of POST /chat/talk/review.
 */
export interface ReadContent {
  sender_id: number;
  receiver_id: number;
  talk_type: TalkType;
  ids: number[];
}

/** `im.message.keyboard`: client → server `{talk_type, receiver_id}`; server → client adds `sender_id`. */
export interface KeyboardContent {
  sender_id?: number;
  receiver_id: number;
  talk_type: TalkType;
}

/** `im.contact.status`: a user came online (1) or went offline (0). */
export interface ContactStatusContent {
  user_id: number;
  status: 0 | 1;
}

/** `screen.published`: an admin published a new version of the screen behind `vue_path`. */
export interface ScreenPublishedContent {
  vue_path: string;
  version: number;
}

/**
 * The chat API's first path segments under /chat. The chat menu's pages live under /chat too
 * (/chat/assistant, /chat/speech), so only these belong to the server; any other /chat/… path is a
 * console page that history routing must answer with the app.
 */
export const CHAT_API_SEGMENTS = ['ws', 'talk', 'contact', 'group', 'ticket', 'upload'] as const;
export const CHAT_API_PATH = new RegExp(`^/chat/(${CHAT_API_SEGMENTS.join('|')})(/|$)`);

/**
 * `quoting.ask`: an ask appeared or changed state where the receiver sees it (a new ask reaches
 * the quoting teams' boards and queues). Ids and state only: the console reads the record through
 * the resource API, which applies the receiver's visibility.
 */
export interface QuotingAskContent {
  ask_id: number;
  ask_no: string;
  status: string;
}

/** `quoting.quote`: a quote on an ask the receiver sees arrived or changed (never its price: sealed bids). */
export interface QuotingQuoteContent {
  ask_id: number;
  ask_no: string;
  quote_id: number;
  status: string;
}
