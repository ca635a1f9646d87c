import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Config } from '../config';
import { createHub, type ChatHub } from './hub';
import type { ChatContext } from './context';
import type { BatchWriter } from '../db/batch';
import { chatSocket } from './socket';
import { flushFrames } from './outbox';
import { sessionRoutes } from './session-routes';
import { talkRoutes } from './talk-routes';
import { groupRoutes } from './group-routes';
import { contactRoutes } from './contact-routes';
import { uploadRoutes } from './upload-routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The chat's live side: `app.chatHub.broadcast(frame)` reaches every open socket on every process. */
    chatHub: ChatHub;
  }
}

/** Instant messaging under /chat: the socket, its hub (with Redis fan-out when REDIS_URL is set) and the HTTP routes. */
export const chatPlugin = fp(async (app: FastifyInstance, { db, writes, config }: { db: Kysely<Database>; writes: BatchWriter; config: Config }) => {
  const hub = await createHub({ db, redisUrl: config.redisUrl, redisPrefix: config.redisPrefix, log: app.log });
  app.decorate('chatHub', hub);
  // After the websocket plugin's preClose has closed every socket: their departures are awaited here.
  app.addHook('onClose', () => hub.close());
  // At the root (fastify-plugin): every HTTP answer first writes out the frames its request delivered.
  app.addHook('onSend', (_request, _reply, payload, done) => {
    flushFrames();
    done(null, payload);
  });
  const deps: ChatContext = { db, hub, writes };
  await app.register(chatSocket, { ...deps, config });
  await app.register(sessionRoutes, deps);
  await app.register(talkRoutes, deps);
  await app.register(groupRoutes, deps);
  await app.register(contactRoutes, deps);
  await app.register(uploadRoutes, { db, dataDir: config.dataDir });
}, { name: 'chat' });
