import { createHash } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { migrateToLatest, openPostgres, openSqlite, type Db } from '../../src/db/connect.js';
import { TEST_PG_URL } from '../../scripts/postgres-for-tests.mjs';

/**
 * Which engine the database-backed tests run on: `LIKENESS_TEST_DB=postgres` runs them on the
 * PostgreSQL server at 127.0.0.1:5432 (scripts/run-tests.mjs runs the suites a second time that way
 * when the server answers), each test in a throwaway schema of its own; otherwise SQLite files.
 */
export const TEST_DB: 'sqlite' | 'postgres' =
  process.env.LIKENESS_TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

/** The server the PostgreSQL runs use (trust authentication on the development and CI machines). */
export { TEST_PG_URL };

/** Every schema the tests make starts with this, so a run can drop what an interrupted one left. */
export const TEST_SCHEMA_PREFIX = 'lkt_';

/** A signing secret shared by every process of a test that runs several. */
export const TEST_SIGNING_SECRET = 'test-signing-secret-of-at-least-32-characters';

/**
 * The schema that belongs to a data dir: the same dir (a restart, another process of the same
 * test) gets the same schema, so the test sees one database whatever process it starts.
 */
export function schemaFor(dataDir: string): string {
  return `${TEST_SCHEMA_PREFIX}${createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}`;
}

function withSearchPath(url: string, schema: string): string {
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_PG_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * Environment that points a server (in this process or a child) at the test database of
 * `dataDir`: nothing for SQLite (the file lives in the data dir), DATABASE_URL for PostgreSQL,
 * whose schema is created if missing. `drop` removes the schema.
 */
export async function testDatabaseEnv(
  dataDir: string,
  engine: 'sqlite' | 'postgres' = TEST_DB,
): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  if (engine === 'sqlite') return { env: {}, drop: async () => undefined };
  const schema = schemaFor(dataDir);
  await adminQuery(`create schema if not exists ${schema}`);
  return {
    env: { DATABASE_URL: withSearchPath(TEST_PG_URL, schema), LIKENESS_SIGNING_SECRET: TEST_SIGNING_SECRET },
    drop: () => adminQuery(`drop schema if exists ${schema} cascade`),
  };
}

/**
 * A migrated database for tests that use repositories and services without a server. `keep`:
 * closing it leaves the PostgreSQL schema in place (it belongs to a server the test started).
 */
export async function openTestDatabase(
  dataDir: string,
  opts: { keep?: boolean } = {},
): Promise<{ db: Db; close(): Promise<void> }> {
  if (TEST_DB === 'sqlite') {
    const db = openSqlite(join(dataDir, 'likeness.db'));
    await migrateToLatest(db);
    return { db, close: () => db.destroy() };
  }
  const { env, drop } = await testDatabaseEnv(dataDir);
  const db = await openPostgres(env.DATABASE_URL!);
  await migrateToLatest(db);
  return {
    db,
    async close() {
      await db.destroy();
      if (!opts.keep) await drop();
    },
  };
}
