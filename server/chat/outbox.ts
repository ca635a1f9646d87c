import type { WebSocket } from 'ws';

/**
 * A socket with this much unsent data is not keeping up. It is cut (the client sees 1006, reconnects
 * and catches up from the database) rather than letting the process buffer without bound.
 */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/**
 * Writes a frame to a socket: JSON text, or its UTF-8 bytes when several sockets get the same frame
 * (encoded once for all of them rather than by each socket's send).
 */
export function sendFrame(ws: WebSocket, data: string | Buffer): void {
  if (ws.readyState !== ws.OPEN) return;
  if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
    ws.terminate();
    return;
  }
  // Bytes go out as a text frame all the same.
  ws.send(data, { binary: false });
}
