import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/** The Redis connections of one server process. */
export interface RedisLink {
  /** Commands and PUBLISH. */
  command: Redis;
  /** SUBSCRIBE only: a subscribed connection takes no other commands. */
  subscriber: Redis;
  /** `<REDIS_PREFIX>:chat`, in front of every key and channel. */
  prefix: string;
  /** Names this process in presence keys and in the notices it publishes. */
  processId: string;
  close(): Promise<void>;
}

/**
 * Connects both clients before the server listens: a REDIS_URL that cannot be reached stops the
 * start-up with a clear message instead of a process that silently delivers to itself only.
 */
export async function connectRedis(url: string, prefix: string, log: FastifyBaseLogger): Promise<RedisLink> {
  // Loaded only when REDIS_URL is set: parsing ioredis cost a third of a second at every start.
  const { Redis } = await import('ioredis');
  const options = { lazyConnect: true, connectionName: 'console-chat' };
  const command = new Redis(url, options);
  const subscriber = new Redis(url, options);
  // ioredis reconnects by itself; what went wrong meanwhile is logged, not thrown at the process.
  for (const client of [command, subscriber]) client.on('error', (err: unknown) => log.warn({ err }, 'Redis connection problem'));
  try {
    await Promise.all([command.connect(), subscriber.connect()]);
  } catch (error) {
    command.disconnect();
    subscriber.disconnect();
    const safe = new URL(url);
    safe.password = '';
    throw new Error(`REDIS_URL: cannot connect to ${safe.toString()}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  return {
    command,
    subscriber,
    prefix: `${prefix}:chat`,
    processId: randomBytes(8).toString('hex'),
    async close() {
      await Promise.allSettled([command.quit(), subscriber.quit()]);
    },
  };
}
