import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { redactUrl } from '../config.js';

/**
 * A Redis connection for BullMQ, ready to use. It fails at once with a message naming REDIS_URL
 * (without its password) when the server does not answer at start; once connected it reconnects
 * for ever, as BullMQ's workers require (`maxRetriesPerRequest: null`), and says so in the log.
 */
export async function openRedis(url: string, log: Logger, timeoutMs = 10_000): Promise<Redis> {
  const redis = new Redis(url, {
    maxRetriesPerRequest: null,
    lazyConnect: true,
    connectTimeout: timeoutMs,
    // Before the first connection: give up (the start fails); afterwards: retry, backing off to 5 s.
    retryStrategy: (times) => (ready ? Math.min(times * 200, 5000) : null),
  });
  let ready = false;
  let down = false;
  // Before the first connection, the socket's own error (ECONNREFUSED, ENOTFOUND, auth) says more
  // than the "Connection is closed" that connect() rejects with.
  let firstError: Error | null = null;
  redis.on('error', (err: Error) => {
    firstError ??= err;
    if (ready && !down) {
      down = true;
      log.error({ err: err.message }, 'lost the connection to Redis (REDIS_URL); reconnecting');
    }
  });
  redis.on('ready', () => {
    if (down) log.info('connected to Redis again');
    down = false;
  });
  try {
    await redis.connect();
    await redis.ping();
    ready = true;
  } catch (err) {
    redis.disconnect();
    throw new Error(
      `REDIS_URL: cannot use the Redis server at ${redactUrl(url)}: ${(firstError ?? (err as Error)).message}`,
      {
        cause: err,
      },
    );
  }
  return redis;
}
