import type { ChatEvent, ChatFrame } from '../../../../src/contract/chat';

/**
 * A WebSocket the test drives from the server's side: it records what the client sends and lets
 * the test deliver frames and closes. Only the socket client's boundary is faked; everything above
 * it (the client's timers, the chat store) is the real code.
 */
export class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static instances: FakeWebSocket[] = [];
  /** The far side's answer to each frame sent on an open socket (a mock server plugs in here). */
  static respond: ((frame: ChatFrame, socket: FakeWebSocket) => void) | null = null;

  readyState = FakeWebSocket.CONNECTING;
  readonly sent: ChatFrame[] = [];
  closedWith: number | undefined;
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;

  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }

  static latest(): FakeWebSocket {
    const socket = FakeWebSocket.instances.at(-1);
    if (!socket) throw new Error('no socket was opened');
    return socket;
  }

  static reset(): void {
    FakeWebSocket.instances = [];
    FakeWebSocket.respond = null;
  }

  get ticket(): string | null {
    return new URL(this.url).searchParams.get('token');
  }

  send(data: string): void {
    const frame = JSON.parse(data) as ChatFrame;
    this.sent.push(frame);
    FakeWebSocket.respond?.(frame, this);
  }

  close(code = 1000): void {
    this.closedWith = code;
    this.readyState = FakeWebSocket.CLOSED;
  }

  /** The server accepts the socket and announces the heartbeat (spec §4). */
  accept(pingInterval = 20, pingTimeout = 75): void {
    this.readyState = FakeWebSocket.OPEN;
    this.onopen?.();
    this.receive('connect', { ping_interval: pingInterval, ping_timeout: pingTimeout });
  }

  receive(event: ChatEvent, content: unknown): void {
    this.onmessage?.({ data: JSON.stringify({ event, content }) });
  }

  /** The connection ends from the far side: 1006 when it simply drops, 4401 when refused. */
  drop(code = 1006): void {
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.({ code });
  }

  pings(): number {
    return this.sent.filter((frame) => frame.event === 'ping').length;
  }
}
