import { Redis } from 'ioredis';

/** Redis on this machine and in CI. */
export const REDIS_URL = 'redis://127.0.0.1:6379';

/** Removes what a test run left under its own prefix. */
export async function dropRedisPrefix(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
}
