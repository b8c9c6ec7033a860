import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, type Migration, type MigrationProvider } from 'kysely';
import * as m0001 from './migrations/0001-init.js';
import * as m0002 from './migrations/0002-protected-voiceprints.js';
import * as m0003 from './migrations/0003-contract-notes.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

/** Migrations are compiled in, so a built server needs no migrations folder at run time. */
const MIGRATIONS: Record<string, Migration> = {
  '0001-init': m0001,
  '0002-protected-voiceprints': m0002,
  '0003-contract-notes': m0003,
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

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: new StaticMigrationProvider() });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(
      `database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`,
    );
  }
}
