import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { ChatFrame } from '../../src/contract/chat';
import type { SocketRegistry } from './registry';
import type { RedisLink } from './redis';

/** Hands frames to users' sockets, wherever they are connected. Notices only: the database is the truth. */
export interface Fanout {
  /** `frame` as an object, or as its JSON text already; not to `except`, a socket of this process. */
  deliver(userIds: readonly number[], frame: ChatFrame | string, except?: WebSocket): void;
  /** To every socket of every user. */
  broadcast(frame: ChatFrame): void;
  close(): Promise<void>;
}

const frameText = (frame: ChatFrame | string) => (typeof frame === 'string' ? frame : JSON.stringify(frame));

/** One process: the registry is every socket there is. */
export function localFanout(registry: SocketRegistry): Fanout {
  return {
    deliver: (userIds, frame, except) => registry.send(userIds, frameText(frame), except),
    broadcast: (frame) => registry.send('all', JSON.stringify(frame)),
    close: async () => {},
  };
}

interface Notice {
  /** The publishing process, which has already delivered to its own sockets. */
  origin: string;
  users: number[] | 'all';
  frame: string;
}

/**
 * Several processes: every frame is published on one Redis channel that every process hears. The
 * publishing process writes to its own sockets at once instead of waiting for its own notice, so
 * local delivery never depends on Redis; Redis pub/sub keeps the order of one publisher's notices,
 * so each receiving process sees them in the order they were sent.
 */
export async function redisFanout(registry: SocketRegistry, redis: RedisLink, log: FastifyBaseLogger): Promise<Fanout> {
  const channel = `${redis.prefix}:deliver`;
  redis.subscriber.on('message', (from: string, message: string) => {
    if (from !== channel) return;
    let notice: Notice;
    try {
      notice = JSON.parse(message) as Notice;
    } catch {
      log.warn({ channel }, 'unreadable chat notice on Redis');
      return;
    }
    if (notice.origin !== redis.processId) registry.send(notice.users, notice.frame);
  });
  await redis.subscriber.subscribe(channel);

  function publish(users: number[] | 'all', frame: ChatFrame | string, except?: WebSocket) {
    const text = frameText(frame);
    registry.send(users, text, except);
    const notice: Notice = { origin: redis.processId, users, frame: text };
    // A lost notice is not a lost message: clients catch up from the database on their next reconnect.
    redis.command.publish(channel, JSON.stringify(notice)).catch((err: unknown) => log.error({ err }, 'chat notice not published to Redis'));
  }

  return {
    deliver: (userIds, frame, except) => publish([...new Set(userIds)], frame, except),
    broadcast: (frame) => publish('all', frame),
    close: async () => {
      await redis.subscriber.unsubscribe(channel).catch(() => undefined);
    },
  };
}
