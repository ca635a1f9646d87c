import type { IncomingHttpHeaders } from 'node:http';
import WebSocket from 'ws';
import type { ChatEvent, ChatFrame } from '../../src/contract/chat';

export interface ChatClient {
  socket: WebSocket;
  /** The headers of the handshake's answer (behind a proxy, which process took the socket). */
  handshake: IncomingHttpHeaders;
  /** Every frame received so far, in order. */
  frames: ChatFrame[];
  /** The received frames of one event. */
  all<T>(event: ChatEvent): Array<ChatFrame<T>>;
  /** Resolves with the first frame (already received or still to come) of this event that matches. */
  next<T>(event: ChatEvent, match?: (content: T) => boolean, timeoutMs?: number): Promise<ChatFrame<T>>;
  send(event: ChatEvent, content: unknown): void;
  closed: Promise<number>;
  close(): Promise<number>;
}

interface Waiter {
  event: ChatEvent;
  match: (content: unknown) => boolean;
  resolve: (frame: ChatFrame) => void;
}

/** A chat socket as the console opens it: resolves once the server's `connect` frame arrived. */
export async function connectChat(baseUrl: string, token: string, query: Record<string, string> = {}): Promise<ChatClient> {
  const params = new URLSearchParams({ ...query, token });
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/chat/ws?${params.toString()}`);
  const frames: ChatFrame[] = [];
  let handshake: IncomingHttpHeaders = {};
  socket.once('upgrade', (response) => (handshake = response.headers));
  let waiters: Waiter[] = [];
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  socket.on('message', (raw) => {
    const frame = JSON.parse(String(raw)) as ChatFrame;
    frames.push(frame);
    const hit = waiters.filter((w) => w.event === frame.event && w.match(frame.content));
    waiters = waiters.filter((w) => !hit.includes(w));
    for (const waiter of hit) waiter.resolve(frame);
  });

  const client: ChatClient = {
    socket,
    get handshake() {
      return handshake;
    },
    frames,
    all: <T>(event: ChatEvent) => frames.filter((f) => f.event === event) as Array<ChatFrame<T>>,
    next<T>(event: ChatEvent, match: (content: T) => boolean = () => true, timeoutMs = 5_000) {
      const found = frames.find((f) => f.event === event && match(f.content as T));
      if (found) return Promise.resolve(found as ChatFrame<T>);
      return new Promise<ChatFrame<T>>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${event} frame within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          event,
          match: match as (content: unknown) => boolean,
          resolve: (frame) => {
            clearTimeout(timer);
            resolve(frame as ChatFrame<T>);
          },
        });
      });
    },
    send: (event, content) => socket.send(JSON.stringify({ event, content })),
    closed,
    close() {
      socket.close();
      return closed;
    },
  };
  await Promise.race([
    client.next('connect', undefined, 10_000),
    closed.then((code) => Promise.reject(new Error(`socket closed with ${code} before connect`))),
  ]);
  return client;
}
