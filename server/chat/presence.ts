import type { FastifyBaseLogger } from 'fastify';
import type { SocketRegistry } from './registry';
import type { RedisLink } from './redis';

/** Who has a chat socket open, on this process or any other. */
export interface Presence {
  /** Of these users, the ones online anywhere. */
  online(userIds: readonly number[]): Promise<Set<number>>;
  /** The user's first socket in this process opened: true when that brought them online at all. */
  arrived(userId: number): Promise<boolean>;
  /** The user's last socket in this process closed: true when they are now offline everywhere. */
  departed(userId: number): Promise<boolean>;
  close(): Promise<void>;
}

export function localPresence(registry: SocketRegistry): Presence {
  return {
    online: async (userIds) => new Set(userIds.filter((id) => registry.has(id))),
    arrived: async () => true,
    departed: async (userId) => !registry.has(userId),
    close: async () => {},
  };
}

/** A process that has not renewed its entry for this long is taken as dead. */
const PROCESS_TTL_MS = 30_000;
const RENEW_EVERY_MS = 10_000;

/**
 * Presence shared through Redis: each process keeps the set of its users under its own key and
 * renews a heartbeat in a sorted set of processes. Users of a process that stopped renewing (it was
 * killed) are no longer counted, and the first process to notice announces them offline.
 */
export function redisPresence(
  registry: SocketRegistry,
  redis: RedisLink,
  log: FastifyBaseLogger,
  onLost: (userIds: number[]) => void,
): Presence {
  const processes = `${redis.prefix}:processes`;
  const usersOf = (processId: string) => `${redis.prefix}:presence:${processId}`;
  const mine = usersOf(redis.processId);
  const r = redis.command;

  async function otherLiveProcesses(): Promise<string[]> {
    const live = await r.zrangebyscore(processes, Date.now() - PROCESS_TTL_MS, '+inf');
    return live.filter((id) => id !== redis.processId);
  }

  /** Of these users, the ones with a socket on another live process. */
  async function elsewhere(userIds: readonly number[]): Promise<Set<number>> {
    const found = new Set<number>();
    if (userIds.length === 0) return found;
    const others = await otherLiveProcesses();
    if (others.length === 0) return found;
    const pipeline = r.pipeline();
    for (const id of others) pipeline.smismember(usersOf(id), ...userIds);
    for (const [error, flags] of (await pipeline.exec()) ?? []) {
      if (error) throw error;
      (flags as number[]).forEach((flag, i) => flag && found.add(userIds[i]));
    }
    return found;
  }

  /** Rewrites this process's set from its sockets (correcting any arrival and departure that crossed) and renews the heartbeat. */
  async function renew() {
    const users = registry.users();
    const rewrite = r.multi().zadd(processes, Date.now(), redis.processId).del(mine);
    if (users.length > 0) rewrite.sadd(mine, ...users);
    // The set outlives the heartbeat so that whoever sweeps a dead process can still read it.
    await rewrite.pexpire(mine, PROCESS_TTL_MS * 3).exec();
  }

  async function sweep() {
    const dead = await r.zrangebyscore(processes, '-inf', Date.now() - PROCESS_TTL_MS);
    for (const processId of dead) {
      // ZREM answers 1 to one process only: that one announces the departures.
      if ((await r.zrem(processes, processId)) !== 1) continue;
      const users = (await r.smembers(usersOf(processId))).map(Number);
      await r.del(usersOf(processId));
      const still = await elsewhere(users);
      const lost = users.filter((id) => !registry.has(id) && !still.has(id));
      if (lost.length > 0) onLost(lost);
    }
  }

  const tick = () => renew().then(sweep).catch((err: unknown) => log.warn({ err }, 'chat presence not renewed'));
  const timer = setInterval(tick, RENEW_EVERY_MS);
  timer.unref();
  void tick();

  return {
    async online(userIds) {
      const found = await elsewhere(userIds.filter((id) => !registry.has(id)));
      for (const id of userIds) if (registry.has(id)) found.add(id);
      return found;
    },
    async arrived(userId) {
      const before = await elsewhere([userId]);
      await r.pipeline().sadd(mine, userId).pexpire(mine, PROCESS_TTL_MS * 3).exec();
      return !before.has(userId);
    },
    async departed(userId) {
      // A new socket may have opened while the last one was closing.
      if (registry.has(userId)) return false;
      await r.srem(mine, userId);
      return !(await elsewhere([userId])).has(userId);
    },
    async close() {
      clearInterval(timer);
      await r.pipeline().del(mine).zrem(processes, redis.processId).exec();
    },
  };
}
