import { sendFrame, type Peer } from './outbox';

/** This process's open chat sockets, by user. */
export interface SocketRegistry {
  /** True when this is the user's first socket in this process. */
  add(userId: number, peer: Peer): boolean;
  /** True when that was the user's last socket in this process. */
  remove(userId: number, peer: Peer): boolean;
  has(userId: number): boolean;
  users(): number[];
  /** Writes an already serialised frame to every socket of these users here, or of everyone. */
  send(userIds: readonly number[] | 'all', text: string): void;
}

export function createRegistry(): SocketRegistry {
  const byUser = new Map<number, Set<Peer>>();

  return {
    add(userId, peer) {
      const peers = byUser.get(userId);
      if (peers) {
        peers.add(peer);
        return false;
      }
      byUser.set(userId, new Set([peer]));
      return true;
    },
    remove(userId, peer) {
      const peers = byUser.get(userId);
      if (!peers?.delete(peer)) return false;
      if (peers.size > 0) return false;
      byUser.delete(userId);
      return true;
    },
    has: (userId) => byUser.has(userId),
    users: () => [...byUser.keys()],
    send(userIds, text) {
      // Encoded once for every socket, not by each socket's send.
      const bytes = Buffer.from(text);
      if (userIds === 'all') {
        for (const peers of byUser.values()) for (const peer of peers) sendFrame(peer, bytes);
        return;
      }
      for (const userId of new Set(userIds)) {
        for (const peer of byUser.get(userId) ?? []) sendFrame(peer, bytes);
      }
    },
  };
}
