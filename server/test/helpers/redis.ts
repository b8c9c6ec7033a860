import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import pino from 'pino';
import { openRedis } from '../../src/jobs/redis-connection.js';

/** The Redis server of the development and CI machines; the BullMQ suites skip when it does not answer. */
export const TEST_REDIS_URL = process.env.LIKENESS_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** null when the server answers, else why not (for the skip message). */
export async function redisUnavailable(): Promise<string | null> {
  try {
    const redis = await openRedis(TEST_REDIS_URL, pino({ level: 'silent' }), 2000);
    await redis.quit();
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

/**
 * The BullMQ key prefix of a test's data dir: tests that share one Redis never see each other's
 * jobs, and a restart of the same test (same dir) sees its own.
 */
export function redisPrefixFor(dataDir: string): string {
  return `lkt-${createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}`;
}

/** Removes every key under a prefix (what a test left in the shared Redis). */
export async function dropRedisPrefix(prefix: string): Promise<void> {
  const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
