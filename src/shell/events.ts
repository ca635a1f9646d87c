import EventEmitter from 'eventemitter3';

/** Shell-wide events: the request client speaks, the frame (router, lock screen, toasts) listens. */
export interface ShellEvents {
  /** The session is gone (401, failed refresh): reset and go to login. */
  'session:reset': [reason: string];
  /** The server demands the lock screen (205). */
  'session:locked': [msg: string];
  /** The caller may not do this (403). */
  'session:forbidden': [];
  /** A message for the user. */
  'notify:error': [msg: string];
}

export const shellEvents = new EventEmitter<ShellEvents>();
