import type { WebSocket } from 'ws';

/**
 * A socket with this much unsent data is not keeping up. It is cut (the client sees 1006, reconnects
 * and catches up from the database) rather than letting the process buffer without bound.
 */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/** This process's open chat sockets, by user. */
export interface SocketRegistry {
  /** True when this is the user's first socket in this process. */
  add(userId: number, socket: WebSocket): boolean;
  /** True when that was the user's last socket in this process. */
  remove(userId: number, socket: WebSocket): boolean;
  has(userId: number): boolean;
  users(): number[];
  /** Writes an already serialised frame to every socket of these users here, or of everyone. */
  send(userIds: readonly number[] | 'all', text: string): void;
}

export function createRegistry(): SocketRegistry {
  const byUser = new Map<number, Set<WebSocket>>();

  function write(socket: WebSocket, text: string) {
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      socket.terminate();
      return;
    }
    socket.send(text);
  }

  return {
    add(userId, socket) {
      const sockets = byUser.get(userId);
      if (sockets) {
        sockets.add(socket);
        return false;
      }
      byUser.set(userId, new Set([socket]));
      return true;
    },
    remove(userId, socket) {
      const sockets = byUser.get(userId);
      if (!sockets?.delete(socket)) return false;
      if (sockets.size > 0) return false;
      byUser.delete(userId);
      return true;
    },
    has: (userId) => byUser.has(userId),
    users: () => [...byUser.keys()],
    send(userIds, text) {
      if (userIds === 'all') {
        for (const sockets of byUser.values()) for (const socket of sockets) write(socket, text);
        return;
      }
      for (const userId of new Set(userIds)) {
        for (const socket of byUser.get(userId) ?? []) write(socket, text);
      }
    },
  };
}
