import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  sql,
  type Migration,
  type MigrationProvider,
  type MigrationResultSet,
} from 'kysely';
import pg from 'pg';
import { redactUrl } from '../config.js';
import * as m0001 from './migrations/0001-init.js';
import * as m0002 from './migrations/0002-protected-voiceprints.js';
import * as m0003 from './migrations/0003-contract-notes.js';
import * as m0004 from './migrations/0004-scale-out.js';
import * as m0005 from './migrations/0005-rate-buckets.js';
import * as m0006 from './migrations/0006-console.js';
import * as m0007 from './migrations/0007-avatar-media-hash.js';
import * as m0008 from './migrations/0008-avatar-loop-cut.js';
import * as m0009 from './migrations/0009-test-accounts.js';
import * as m0010 from './migrations/0010-callback-faults.js';
import { dialectOf } from './dialect.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

/** Migrations are compiled in, so a built server needs no migrations folder at run time. */
const MIGRATIONS: Record<string, Migration> = {
  '0001-init': m0001,
  '0002-protected-voiceprints': m0002,
  '0003-contract-notes': m0003,
  '0004-scale-out': m0004,
  '0005-rate-buckets': m0005,
  '0006-console': m0006,
  '0007-avatar-media-hash': m0007,
  '0008-avatar-loop-cut': m0008,
  '0009-test-accounts': m0009,
  '0010-callback-faults': m0010,
};

class StaticMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return MIGRATIONS;
  }
}

/**
 * The SQLite driver prepares every query anew, which costs more than running it. Queries are
 * built from a small set of shapes, so prepared statements are kept by SQL text. Safe because the
 * driver runs one statement at a time (it holds a connection mutex) and never iterates lazily.
 */
function withStatementCache(database: SQLite.Database): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>();
  const prepare = database.prepare.bind(database);
  return new Proxy(database, {
    get(target, prop, receiver) {
      if (prop === 'prepare') {
        return (sql: string) => {
          let stmt = cache.get(sql);
          if (!stmt) {
            stmt = prepare(sql);
            if (cache.size < 1000) cache.set(sql, stmt);
          }
          return stmt;
        };
      }
      const v = Reflect.get(target, prop, receiver);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
}

export function openSqlite(file: string): Db {
  mkdirSync(dirname(file), { recursive: true });
  const database = new SQLite(file);
  // WAL keeps readers from blocking the writer; busy_timeout covers a CLI writing beside the server.
  database.pragma('journal_mode = WAL');
  database.pragma('busy_timeout = 5000');
  database.pragma('foreign_keys = ON');
  database.pragma('synchronous = NORMAL');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) });
}

/** pg type ids whose text form is turned into a JS number (64-bit counts and sizes, numeric sums). */
const INT8_OID = 20;
const NUMERIC_OID = 1700;

function toSafeNumber(text: string): number {
  const n = Number(text);
  // Sizes, credits and counts stay far below 2^53; a larger value is a bug, not a rounding matter.
  if (!Number.isSafeInteger(n) && !text.includes('.')) throw new Error(`database value ${text} exceeds 2^53`);
  return n;
}

/**
 * pg hands 64-bit integers and numerics back as strings; every column of likeness fits a JS number,
 * so they are parsed here once instead of at each call site (`count(*)` is 64-bit in PostgreSQL).
 */
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8_OID || oid === NUMERIC_OID) return toSafeNumber;
    return pg.types.getTypeParser(oid, format);
  },
};

export interface PostgresOptions {
  /** Connections in this process's pool. */
  poolSize?: number;
}

/**
 * A PostgreSQL database through a pg pool. Fails with a message naming DATABASE_URL (without its
 * password) when the server does not answer or refuses the login.
 */
export async function openPostgres(url: string, opts: PostgresOptions = {}): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.poolSize ?? 10,
    types: pgTypes,
    connectionTimeoutMillis: 10_000,
    // A session left idle inside a transaction would hold row locks for ever.
    idle_in_transaction_session_timeout: 60_000,
  });
  // An idle client that loses its connection emits 'error' on the pool; without a listener Node
  // would exit. The next query reconnects.
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  try {
    await sql`select 1`.execute(db);
  } catch (err) {
    await db.destroy().catch(() => undefined);
    throw new Error(
      `DATABASE_URL: cannot use the PostgreSQL server at ${redactUrl(url)}: ${(err as Error).message}`,
      { cause: err },
    );
  }
  return db;
}

export async function migrateToLatest(db: Db): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    // Kysely looks for its migration tables by name in every schema it can see; on PostgreSQL they
    // are pinned to the schema this connection works in (its search_path), so two installations in
    // two schemas of one database never read each other's migration state. Kysely takes a lock
    // row there, so processes starting together migrate one after the other.
    const migrationTableSchema = (
      await sql<{ schema: string }>`select current_schema() as schema`.execute(db)
    ).rows[0]?.schema;
    const migrator = new Migrator({ db, provider: new StaticMigrationProvider(), migrationTableSchema });
    // Kysely checks for its tables by listing the columns of every schema; a schema another
    // installation drops at that moment makes the listing fail ("schema … does not exist", SQLSTATE
    // 3F000) although nothing is wrong with ours. Nothing was migrated then: list again.
    for (let attempt = 1; ; attempt++) {
      const result = await migrator.migrateToLatest();
      if (attempt < 4 && isSchemaGone(result.error) && !result.results?.length) continue;
      report(result);
      return;
    }
  }
  // Kysely takes no lock on SQLite (it assumes one process). Processes sharing the file (an API
  // and a worker started together) migrate inside one IMMEDIATE transaction: the second waits for
  // the write lock (busy_timeout), then finds every migration done. DDL is transactional in SQLite.
  await db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      const result = await new Migrator({
        db: conn,
        provider: new StaticMigrationProvider(),
      }).migrateToLatest();
      report(result);
      await sql`commit`.execute(conn);
    } catch (err) {
      await sql`rollback`.execute(conn);
      throw err;
    }
  });
}

/** A listing of the catalogue that met a schema dropped meanwhile (PostgreSQL's invalid_schema_name). */
function isSchemaGone(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '3F000';
}

function report({ error, results }: MigrationResultSet): void {
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(
      `database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`,
    );
  }
}
