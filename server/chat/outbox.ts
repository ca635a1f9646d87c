import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';

/** An open chat socket and the connection under it. */
export interface Peer {
  ws: WebSocket;
  /** The TCP connection the socket was upgraded from (`request.raw.socket`). */
  wire: Duplex;
}

/**
 * A socket with this much unsent data is not keeping up. It is cut (the client sees 1006, reconnects
 * and catches up from the database) rather than letting the process buffer without bound.
 */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

const corked = new Set<Duplex>();

function uncorkAll() {
  for (const wire of corked) wire.uncork();
  corked.clear();
}

/**
 * Writes a frame (JSON text, or its UTF-8 bytes when several sockets get the same frame) to a socket.
 * What one turn of the event loop writes to a connection leaves in one system call: a batch commit
 * answers many messages at once, and a sender's acknowledgement goes with its own copy of the
 * message. The connection is corked at its first frame of the turn and uncorked once the turn's
 * promise callbacks have run (a `nextTick` runs after them), so no frame waits for anything else.
 */
export function sendFrame({ ws, wire }: Peer, data: string | Buffer): void {
  if (ws.readyState !== ws.OPEN) return;
  if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
    ws.terminate();
    return;
  }
  if (!corked.has(wire)) {
    if (corked.size === 0) process.nextTick(uncorkAll);
    wire.cork();
    corked.add(wire);
  }
  // Bytes go out as a text frame all the same.
  ws.send(data, { binary: false });
}
