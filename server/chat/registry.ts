import type { WebSocket } from 'ws';
import { sendFrame } from './outbox';

/** This process's open chat sockets, by user. */
export interface SocketRegistry {
  /** True when this is the user's first socket in this process. */
  add(userId: number, socket: WebSocket): boolean;
  /** True when that was the user's last socket in this process. */
  remove(userId: number, socket: WebSocket): boolean;
  has(userId: number): boolean;
  users(): number[];
  /** Writes an already serialised frame to every socket of these users here (but `except`), or of everyone. */
  send(userIds: readonly number[] | 'all', text: string, except?: WebSocket): void;
}

export function createRegistry(): SocketRegistry {
  const byUser = new Map<number, Set<WebSocket>>();

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
    send(userIds, text, except) {
      // Encoded once for every socket, not by each socket's send.
      const bytes = Buffer.from(text);
      if (userIds === 'all') {
        for (const sockets of byUser.values()) for (const socket of sockets) sendFrame(socket, bytes);
        return;
      }
      for (const userId of new Set(userIds)) {
        for (const socket of byUser.get(userId) ?? []) if (socket !== except) sendFrame(socket, bytes);
      }
    },
  };
}
