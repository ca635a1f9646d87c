import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { WebSocket } from 'ws';
import type { Database } from '../db/schema';
import type { ChatFrame, ContactStatusContent } from '../../src/contract/chat';
import { createRegistry } from './registry';
import { localFanout, redisFanout } from './fanout';
import { localPresence, redisPresence } from './presence';
import { connectRedis } from './redis';

/**
 * The chat's live side in one process: which sockets are open here, how a frame reaches a user's
 * sockets on any process, and who is online. Other modules reach it as `app.chatHub`.
 */
export interface ChatHub {
  /**
   * Sends a frame (an object, or its JSON text already) to every socket of these users, on every
   * process, but `except`: a socket that has heard it another way.
   */
  deliver(userIds: readonly number[], frame: ChatFrame | string, except?: WebSocket): void;
  /** Sends a frame to every open socket on every process (e.g. `screen.published`). */
  broadcast(frame: ChatFrame): void;
  /** Of these users, the ones with a socket open anywhere (robots are not counted here). */
  online(userIds: readonly number[]): Promise<Set<number>>;
  /** Takes an authenticated socket in: online status now, and again when it closes. */
  attach(userId: number, socket: WebSocket): void;
  close(): Promise<void>;
}

export interface HubOptions {
  db: Kysely<Database>;
  redisUrl: string | null;
  redisPrefix: string;
  log: FastifyBaseLogger;
}

export async function createHub({ db, redisUrl, redisPrefix, log }: HubOptions): Promise<ChatHub> {
  const registry = createRegistry();
  const redis = redisUrl ? await connectRedis(redisUrl, redisPrefix, log) : null;
  const fanout = redis ? await redisFanout(registry, redis, log) : localFanout(registry);
  // Work started by sockets opening and closing, awaited on shutdown before the database goes.
  const pending = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    const settled = work.catch((err: unknown) => log.warn({ err }, 'chat presence update failed')).finally(() => pending.delete(settled));
    pending.add(settled);
  };

  /** Tells everyone who has the user in their session list that the user came or went. */
  async function announce(userIds: number[], status: 0 | 1) {
    if (userIds.length === 0) return;
    const audience = await db
      .selectFrom('chat_sessions')
      .select(['user_id', 'receiver_id'])
      .where('talk_type', '=', 1)
      .where('receiver_id', 'in', userIds)
      .execute();
    for (const userId of userIds) {
      const content: ContactStatusContent = { user_id: userId, status };
      const to = audience.filter((row) => row.receiver_id === userId).map((row) => row.user_id);
      if (to.length > 0) fanout.deliver(to, { event: 'im.contact.status', content });
    }
  }

  const presence = redis
    ? redisPresence(registry, redis, log, (lost) => track(announce(lost, 0)))
    : localPresence(registry);

  return {
    deliver: (userIds, frame, except) => fanout.deliver(userIds, frame, except),
    broadcast: (frame) => fanout.broadcast(frame),
    online: (userIds) => presence.online(userIds),
    attach(userId, socket) {
      if (registry.add(userId, socket)) {
        track(presence.arrived(userId).then((first) => (first ? announce([userId], 1) : undefined)));
      }
      socket.once('close', () => {
        if (registry.remove(userId, socket)) {
          track(presence.departed(userId).then((last) => (last ? announce([userId], 0) : undefined)));
        }
      });
    },
    async close() {
      await Promise.all(pending);
      await presence.close().catch((err: unknown) => log.warn({ err }, 'chat presence not cleared'));
      await fanout.close();
      await redis?.close();
    },
  };
}
