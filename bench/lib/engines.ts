// The shared engines of the scaled-out mode, for benches: a throwaway PostgreSQL schema and a
// throwaway BullMQ key prefix on Redis per run, both removed at the end. The servers the tests use
// are the defaults (trust authentication on the development and CI machines).
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import pino from 'pino';
import { openRedis } from '../../server/src/jobs/redis-connection.js';

export const BENCH_PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const BENCH_REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A random name part for this run's schema, queue prefix and so on. */
export const runId = (): string => randomBytes(6).toString('hex');

async function pgQuery<R extends pg.QueryResultRow>(
  text: string,
  values: unknown[] = [],
  connectionString = BENCH_PG_URL,
): Promise<R[]> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** null when both servers answer, else what is missing. */
export async function enginesUnavailable(): Promise<string | null> {
  try {
    await pgQuery('select 1');
  } catch (e) {
    return `no PostgreSQL server answers at ${BENCH_PG_URL} (${e instanceof Error ? e.message : String(e)})`;
  }
  try {
    const redis = await openRedis(BENCH_REDIS_URL, pino({ level: 'silent' }), 2000);
    await redis.quit();
    return null;
  } catch (e) {
    return `no Redis server answers at ${BENCH_REDIS_URL} (${e instanceof Error ? e.message : String(e)})`;
  }
}

export interface BenchSchema {
  /** DATABASE_URL of the schema: the server's connections have it as their search_path. */
  url: string;
  /** Runs a query in the schema (for figures the server does not report). */
  query<R extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<R[]>;
  drop(): Promise<void>;
}

/** A fresh schema `bench_<id>` on the benchmark's PostgreSQL server. */
export async function createSchema(id: string): Promise<BenchSchema> {
  const schema = `bench_${id}`;
  await pgQuery(`create schema ${schema}`);
  const u = new URL(BENCH_PG_URL);
  u.searchParams.set('options', `-c search_path=${schema}`);
  const url = u.toString();
  return {
    url,
    query: (text, values = []) => pgQuery(text, values, url),
    drop: async () => {
      await pgQuery(`drop schema if exists ${schema} cascade`);
    },
  };
}

/** Removes every Redis key under a BullMQ prefix (what a run left behind). */
export async function dropRedisPrefix(prefix: string): Promise<void> {
  const redis = new Redis(BENCH_REDIS_URL, { maxRetriesPerRequest: 1 });
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
