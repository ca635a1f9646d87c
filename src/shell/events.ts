import EventEmitter from 'eventemitter3';
import type { QuotingAskContent, QuotingQuoteContent, ScreenPublishedContent } from '../contract/chat';

/** Shell-wide events: the request client and the chat socket speak, the frame (router, lock screen, toasts, screens) listens. */
export interface ShellEvents {
  /** The session is gone (401, failed refresh): reset and go to login. */
  'session:reset': [reason: string];
  /** The server demands the lock screen (205). */
  'session:locked': [msg: string];
  /** The caller may not do this (403). */
  'session:forbidden': [];
  /** A message for the user. */
  'notify:error': [msg: string];
  /**
   * An admin published a screen (the chat socket's `screen.published` frame): open screens for its
   * vue_path revalidate and redraw without a reload.
   */
  'screen.published': [event: ScreenPublishedContent];
  /** Quoting's live frames (`quoting.ask`, `quoting.quote`), handed to the engine's widgets (EngineHost.onLive). */
  'quoting.ask': [event: QuotingAskContent];
  'quoting.quote': [event: QuotingQuoteContent];
}

export const shellEvents = new EventEmitter<ShellEvents>();
