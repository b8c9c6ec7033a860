import { existsSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { ConfigError, loadConfig, type Config } from '../config.js';
import { environmentWithFile } from '../env-file.js';
import { createContainer, type Container } from '../container.js';
import { databaseLabel, readServerRecord, type ServerRecord } from './server-record.js';

type Env = Record<string, string | undefined>;

/** Where an admin command's URLs (console links) point, and why. */
export type UrlSource = 'LIKENESS_PUBLIC_URL' | 'running server' | 'HOST and PORT';

/**
 * The base URL for an admin command: an explicit LIKENESS_PUBLIC_URL (environment or config file)
 * wins; else the running server's own, from its record in the data dir; else http://HOST:PORT of
 * this command's settings, as the server would compute it with the same settings. Pure.
 */
export function adminPublicUrl(
  env: Env,
  config: Config,
  running: ServerRecord | null,
): { url: string; from: UrlSource } {
  if (env.LIKENESS_PUBLIC_URL?.trim()) return { url: config.server.publicUrl, from: 'LIKENESS_PUBLIC_URL' };
  if (running) return { url: running.url, from: 'running server' };
  return { url: config.server.publicUrl, from: 'HOST and PORT' };
}

export interface AdminSetup {
  /** The server's configuration as this command reads it, its public URL chosen by adminPublicUrl. */
  config: Config;
  /** The server running from this data dir (its record), or null. */
  server: ServerRecord | null;
  urlFrom: UrlSource;
}

/**
 * The configuration an admin command runs with: the server's own (the same environment, the same
 * `likeness.env` in the working directory or LIKENESS_ENV_FILE, the same `./data` default), with
 * the URL of the server running from that data dir where there is one. Throws ConfigError.
 */
export function loadAdminSetup(env: Env = environmentWithFile(), cwd = process.cwd()): AdminSetup {
  const config = loadConfig(env, cwd);
  const found = readServerRecord(config.dataDir);
  const server = found?.state === 'running' ? found.record : null;
  const { url, from } = adminPublicUrl(env, config, server);
  if (from !== 'running server' || !server) return { config, server, urlFrom: from };
  return {
    config: Object.freeze({
      ...config,
      server: Object.freeze({
        ...config.server,
        publicUrl: url,
        host: server.listen.host,
        port: server.listen.port,
      }),
    }),
    server,
    urlFrom: from,
  };
}

function exitOnConfigError<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(2);
    }
    throw e;
  }
}

/** Where a command looked, for its messages: the database, and how to point it at the server's. */
export function whereLooked(config: Config): string {
  const hint = config.database.url
    ? 'DATABASE_URL; give this command the value the server has'
    : `data dir ${config.dataDir}; set LIKENESS_DATA_DIR or run from the server's directory`;
  return `${databaseLabel(config)} (${hint})`;
}

/**
 * Opens the data dir for an admin command (no HTTP, no workers), runs `fn`, closes. An embedded
 * database that is not there is not created (the command exits 2, naming the data dir it looked
 * in) unless `create` says the command may start one (`accounts create` before the first start).
 */
export async function withContainer<T>(
  fn: (c: Container, setup: AdminSetup) => Promise<T>,
  opts: { create?: boolean } = {},
): Promise<T> {
  const setup = exitOnConfigError(() => loadAdminSetup());
  const { config } = setup;
  const file = join(config.dataDir, 'likeness.db');
  const created = config.database.url === null && !existsSync(file);
  if (created && !opts.create) {
    console.error(
      `no likeness database in data dir ${config.dataDir} (no likeness.db there; this command creates none): ` +
        "set LIKENESS_DATA_DIR to the server's data dir, or run from the server's directory (where its likeness.env and ./data are)",
    );
    process.exit(2);
  }
  // Admin commands translate nothing: no translation engine is looked for (that would load every
  // model pack, seconds each, for an account listing).
  const c = await createContainer(config, { log: pino({ level: 'warn' }), translationEngines: [] });
  try {
    const result = await fn(c, setup);
    if (created) console.error(`(a new, empty database was created: ${whereLooked(config)})`);
    return result;
  } finally {
    await c.close();
  }
}

export function print(data: unknown, json: boolean): void {
  if (json) console.log(JSON.stringify(data, null, 2));
  else if (Array.isArray(data)) console.table(data);
  else console.log(data);
}

/**
 * The account an admin command names by `--token` or `--account`; exits 2 with a message that
 * says which database was searched when there is none.
 */
export async function accountOrExit(c: Container, ref: { token?: string; account?: string }) {
  if (!ref.token && !ref.account) {
    console.error('pass --token <API token> or --account <id>');
    process.exit(2);
  }
  const account = await c.services.accounts.resolve({ accountId: ref.account, token: ref.token });
  if (!account) {
    const which = ref.token ? 'with that token' : `'${ref.account}'`;
    const found = readServerRecord(c.config.dataDir);
    const other =
      found?.state === 'running' && found.record.database !== databaseLabel(c.config)
        ? `; the server running from this data dir (pid ${found.record.pid}) uses ${found.record.database}`
        : '';
    console.error(`no account ${which} in ${whereLooked(c.config)}${other}`);
    process.exit(2);
  }
  return account;
}
