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
  | 'im.message.read'
  | 'im.message.keyboard'
  | 'im.contact.status';

/** Sent by the server on open; both in seconds. */
export interface ConnectContent {
  ping_interval: number;
  ping_timeout: number;
}

/** Close code for a socket that failed to authenticate (application range 4000–4999). */
export const CLOSE_UNAUTHORIZED = 4401;
