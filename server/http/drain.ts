import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Code } from '../../src/contract/envelope';
import { ApiError } from './errors';

/** How long close() lets running requests finish before it ends the connections still open. */
const CLOSE_GRACE_MS = 5_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Starts the drain before close(): requests already running finish, every new one answers 503. */
    drain(): void;
  }
}

/**
 * The shutdown drain. From drain() (or close()) on, a request that arrives, on a new connection or on
 * a kept-alive one, answers 503 in the envelope so its client retries elsewhere, and every answer
 * ends its connection: a socket left idle would otherwise hold the process until its keep-alive
 * timeout, or be cut under a request the client is just sending.
 */
export const drainPlugin = fp(async (app: FastifyInstance) => {
  let draining = false;
  app.decorate('drain', () => {
    draining = true;
  });
  app.addHook('preClose', async () => {
    draining = true;
    // A connection whose last answer went out just before the drain began stays open and idle, and
    // close() would wait for its keep-alive timeout (72 s): past a grace period, every socket is ended.
    setTimeout(() => app.server.closeAllConnections(), CLOSE_GRACE_MS).unref();
  });
  app.addHook('onRequest', async () => {
    if (draining) throw new ApiError(Code.unavailable, 'unavailable');
  });
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });
}, { name: 'drain' });
