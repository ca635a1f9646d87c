import EventEmitter from 'eventemitter3';
import {
  CLOSE_UNAUTHORIZED, type ChatEvent, type ChatFrame, type ConnectContent, type ContactStatusContent, type KeyboardContent,
  type MessageContent, type PublishAck, type QuotingAskContent, type QuotingQuoteContent, type ReadContent,
  type ScreenPublishedContent,
} from '../../contract/chat';
import type { PublishBody } from '../../contract/api/chat';
import { settings } from '../../contract/settings';
import { languageStore } from '../i18n/language-store';

/**
 * connecting: waiting for a ticket or the socket; open: the server said `connect`; waiting: a
 * reconnect is planned; unauthorized: the server refused us twice; stopped: asked to stop.
 */
export type SocketStatus = 'connecting' | 'open' | 'waiting' | 'unauthorized' | 'stopped';

export interface ChatSocketEvents {
  status: [status: SocketStatus];
  /** The server's `connect` frame: the socket is usable. `resumed` is false only the first time. */
  ready: [resumed: boolean];
  'im.message': [content: MessageContent];
  'im.message.read': [content: ReadContent];
  'im.message.keyboard': [content: KeyboardContent];
  'im.contact.status': [content: ContactStatusContent];
  'screen.published': [content: ScreenPublishedContent];
  'quoting.ask': [content: QuotingAskContent];
  'quoting.quote': [content: QuotingQuoteContent];
}

type ServerEvent = Exclude<keyof ChatSocketEvents, 'status' | 'ready'>;
const SERVER_EVENTS: ReadonlySet<string> = new Set<ServerEvent>([
  'im.message', 'im.message.read', 'im.message.keyboard', 'im.contact.status', 'screen.published', 'quoting.ask', 'quoting.quote',
]);

/**
 * Up to this much is added at random to the spec's 3 s reconnect delay, so the clients of a server
 * that restarts do not all come back in the same instant.
 */
export const RECONNECT_JITTER = 1000;

/** A close code the browser lets a page send (1000 or 3000–4999): we gave up on a silent socket. */
const CLOSE_SILENT = 4000;

export interface ChatSocketOptions {
  user: { id: number; name: string };
  /** A fresh one-minute socket ticket (POST /chat/ticket through the request client). */
  ticket: () => Promise<string>;
  /** Where /chat/ws lives, as ws: or wss:; the page's own host by default. */
  base?: string;
  WebSocket?: typeof WebSocket;
  /** 0 ≤ n < 1, for the jitter. */
  random?: () => number;
  /** Reconnects in a row before giving up; the spec's 10 million by default. */
  maxAttempts?: number;
}

export interface ChatSocket extends EventEmitter<ChatSocketEvents> {
  readonly status: SocketStatus;
  start(): void;
  stop(): void;
  /** Sends a frame if the socket is open; false when it is not (the caller keeps what matters). */
  send(event: ChatEvent, content: unknown): boolean;
  /**
   * Sends a message on the socket and resolves with the server's answer to it (`im.message.ack`).
   * Rejects when the socket is not open, or closes or stays silent before the answer comes: the
   * message may or may not be stored, and sending it again under its client_msg_id is safe.
   */
  publish(body: PublishBody): Promise<PublishAck>;
}

/** Raised by `publish` when the socket cannot say what became of a message. */
export class NoAnswerError extends Error {
  constructor() {
    super('no answer on the chat socket');
    this.name = 'NoAnswerError';
  }
}

function pageBase(): string {
  const { protocol, host } = globalThis.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}`;
}

/**
 * The /chat/ws client (spec §4 chat socket): connects with a fresh ticket, answers `connect` with a
 * ping and a heartbeat at the server's interval, treats a socket silent past the server's timeout as
 * dead, and reconnects 3 s (plus jitter) after any close it did not ask for, up to the spec's attempt
 * limit. A 4401 (not authenticated) is never retried blindly: one new ticket is asked for (the request
 * client refreshes an expired access token on the way), and a second 4401 stops the socket.
 */
export function createChatSocket(options: ChatSocketOptions): ChatSocket {
  const Socket = options.WebSocket ?? globalThis.WebSocket;
  const random = options.random ?? Math.random;
  const maxAttempts = options.maxAttempts ?? settings.chatReconnectMaxAttempts;
  const emitter = new EventEmitter<ChatSocketEvents>();
  let status: SocketStatus = 'stopped';
  let socket: WebSocket | null = null;
  let attempts = 0;
  let everReady = false;
  let authRetried = false;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let watchdog: ReturnType<typeof setTimeout> | undefined;
  let pingTimeout = settings.chatTimeout * 1000;
  // Each connection gets a number: callbacks of an abandoned one (a late ticket, a late close) are ignored.
  let generation = 0;
  /** Messages sent on the current socket that wait for their answer, by client_msg_id. */
  const awaitingAck = new Map<string, { resolve(ack: PublishAck): void; reject(error: Error): void }>();

  const setStatus = (next: SocketStatus) => {
    if (status === next) return;
    status = next;
    emitter.emit('status', next);
  };

  const clearTimers = () => {
    clearTimeout(reconnectTimer);
    clearInterval(heartbeat);
    clearTimeout(watchdog);
    heartbeat = watchdog = reconnectTimer = undefined;
  };

  const sendFrame = (event: ChatEvent, content: unknown): boolean => {
    if (!socket || socket.readyState !== Socket.OPEN) return false;
    socket.send(JSON.stringify({ event, content }));
    return true;
  };

  /** Forgets the current socket without waiting for its close handshake, which a dead link never finishes. */
  const drop = (code: number) => {
    const old = socket;
    socket = null;
    generation += 1;
    clearTimers();
    // Whatever this socket was carrying gets no answer on it now.
    for (const waiter of awaitingAck.values()) waiter.reject(new NoAnswerError());
    awaitingAck.clear();
    if (old) {
      old.onopen = old.onmessage = old.onerror = old.onclose = null;
      if (old.readyState === Socket.OPEN || old.readyState === Socket.CONNECTING) old.close(code);
    }
  };

  const scheduleReconnect = () => {
    if (attempts >= maxAttempts) {
      setStatus('stopped');
      return;
    }
    attempts += 1;
    setStatus('waiting');
    reconnectTimer = setTimeout(connect, settings.chatReconnectDelay + Math.floor(random() * RECONNECT_JITTER));
  };

  const armWatchdog = () => {
    clearTimeout(watchdog);
    watchdog = setTimeout(() => {
      drop(CLOSE_SILENT);
      scheduleReconnect();
    }, pingTimeout);
  };

  const onFrame = (frame: ChatFrame) => {
    if (frame.event === 'connect') {
      const content = frame.content as ConnectContent;
      const interval = (content.ping_interval || settings.chatHeartbeat) * 1000;
      pingTimeout = (content.ping_timeout || settings.chatServerTimeout) * 1000;
      attempts = 0;
      authRetried = false;
      armWatchdog();
      clearInterval(heartbeat);
      sendFrame('ping', {});
      heartbeat = setInterval(() => sendFrame('ping', {}), interval);
      setStatus('open');
      const resumed = everReady;
      everReady = true;
      emitter.emit('ready', resumed);
    } else if (frame.event === 'im.message.ack') {
      const ack = frame.content as PublishAck;
      awaitingAck.get(ack.client_msg_id)?.resolve(ack);
    } else if (SERVER_EVENTS.has(frame.event)) {
      (emitter.emit as (event: string, content: unknown) => boolean)(frame.event, frame.content);
    }
  };

  async function connect() {
    drop(1000);
    const mine = generation;
    setStatus('connecting');
    let ticket: string;
    try {
      ticket = await options.ticket();
    } catch {
      // No ticket: the server is down or the network is; try again like any failed connection.
      if (mine === generation && status === 'connecting') scheduleReconnect();
      return;
    }
    if (mine !== generation || status !== 'connecting') return;
    // The server words its answers on this socket in the console's language.
    const query = new URLSearchParams({ id: String(options.user.id), name: options.user.name, token: ticket, lang: languageStore.get() });
    const ws = new Socket(`${options.base ?? pageBase()}/chat/ws?${query}`);
    socket = ws;
    pingTimeout = settings.chatTimeout * 1000;
    armWatchdog();
    ws.onmessage = (message) => {
      armWatchdog();
      let frame: ChatFrame;
      try {
        frame = JSON.parse(String(message.data)) as ChatFrame;
      } catch {
        return;
      }
      if (frame && typeof frame.event === 'string') onFrame(frame);
    };
    ws.onclose = (event) => {
      drop(1000);
      if (event.code === CLOSE_UNAUTHORIZED) {
        if (authRetried) {
          setStatus('unauthorized');
          return;
        }
        authRetried = true;
        void connect();
        return;
      }
      scheduleReconnect();
    };
  }

  const methods = {
    get status() {
      return status;
    },
    start() {
      if (status !== 'stopped' && status !== 'unauthorized') return;
      attempts = 0;
      authRetried = false;
      void connect();
    },
    stop() {
      drop(1000);
      setStatus('stopped');
    },
    send: sendFrame,
    publish(body: PublishBody): Promise<PublishAck> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => settle(() => reject(new NoAnswerError())), settings.requestTimeout);
        const settle = (then: () => void) => {
          clearTimeout(timer);
          awaitingAck.delete(body.client_msg_id);
          then();
        };
        awaitingAck.set(body.client_msg_id, {
          resolve: (ack) => settle(() => resolve(ack)),
          reject: (error) => settle(() => reject(error)),
        });
        if (status !== 'open' || !sendFrame('im.message.publish', body)) settle(() => reject(new NoAnswerError()));
      });
    },
  };
  // Descriptors, not Object.assign, so `status` stays a live getter.
  return Object.defineProperties(emitter, Object.getOwnPropertyDescriptors(methods)) as ChatSocket;
}
