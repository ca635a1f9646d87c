import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import type { ChatEvent } from '../../src/contract/chat';

/**
 * A socket with this much unsent data is not keeping up. It is cut (the client sees 1006, reconnects
 * and catches up from the database) rather than letting the process buffer without bound.
 */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/** The TCP connection under each chat socket, known from the moment it is upgraded. */
const wires = new WeakMap<WebSocket, Duplex>();

/** Connections holding this turn's frames, written out once the turn's callbacks have run. */
let corked: Duplex[] = [];

/**
 * Writes out the frames held so far in this turn. Also run before an HTTP answer leaves, so that a
 * client that hears the answer (a message published over HTTP) has already been sent its frames (the
 * author's own copy on their socket).
 */
export function flushFrames(): void {
  // Taken out first: a write that fails may close a socket whose handlers send again.
  const wires = corked;
  corked = [];
  for (const wire of wires) wire.uncork();
}

/** Ties a chat socket to the connection it was upgraded from (`request.raw.socket`). */
export function bindWire(ws: WebSocket, wire: Duplex): void {
  wires.set(ws, wire);
}

/**
 * Writes a frame to a socket: JSON text, or its UTF-8 bytes when several sockets get the same frame
 * (encoded once for all of them rather than by each socket's send).
 *
 * A system call per frame was the largest cost of a message (its acknowledgement and the sender's
 * own copy, the receiver's copy, often the receiver's own acknowledgement from the same commit). So
 * what one turn of the event loop writes to a connection leaves in one call: the connection is
 * corked at its first frame of the turn and uncorked by a `nextTick`, which runs once the turn's
 * promise callbacks have all run; no frame waits for anything but the end of its turn.
 */
export function sendFrame(ws: WebSocket, data: string | Buffer): void {
  if (ws.readyState !== ws.OPEN) return;
  if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
    ws.terminate();
    return;
  }
  const wire = wires.get(ws);
  if (wire && !wire.writableCorked) {
    if (corked.length === 0) process.nextTick(flushFrames);
    wire.cork();
    corked.push(wire);
  }
  // Bytes go out as a text frame all the same.
  ws.send(data, { binary: false });
}

/**
 * A frame's JSON text whose content's `data` is JSON already (a record, written once for its
 * delivery and its author's acknowledgement); the rest of the content is a few small fields.
 */
export function frameWithData(event: ChatEvent, content: object, data: string): string {
  const fields = JSON.stringify(content).slice(1, -1);
  return `{"event":${JSON.stringify(event)},"content":{${fields}${fields ? ',' : ''}"data":${data}}}`;
}
