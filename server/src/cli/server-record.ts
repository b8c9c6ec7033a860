import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { redactUrl, type Config } from '../config.js';
import { pidAlive } from '../lib/worker-identity.js';

/**
 * `<data dir>/server.json`: where a serving process (`likeness serve`) listens, written once it
 * listens and removed when it stops, so that admin commands run against the same data dir make
 * links that point at it whatever PORT they were given (decision 48).
 */
export const SERVER_RECORD_FILE = 'server.json';

export interface ServerRecord {
  /** The base of the URLs it hands out: its LIKENESS_PUBLIC_URL, else http://HOST:PORT. */
  url: string;
  /** The address and port it listens on. */
  listen: { host: string; port: number };
  pid: number;
  /** The machine it runs on (a pid means something only there). */
  host: string;
  role: string;
  /** The database it uses, as messages name it (databaseLabel). */
  database: string;
  started_at: string;
}

/** The database a configuration opens, for messages: the SQLite file, or the URL with its password masked. */
export function databaseLabel(config: Config): string {
  return config.database.url
    ? `PostgreSQL database ${redactUrl(config.database.url)}`
    : `SQLite database ${join(config.dataDir, 'likeness.db')}`;
}

const recordPath = (dataDir: string) => join(dataDir, SERVER_RECORD_FILE);

/** Records this process as the server of its data dir (replacing any earlier record). */
export function writeServerRecord(
  config: Config,
  listen: { address: string; port: number },
  role: string,
): ServerRecord {
  const record: ServerRecord = {
    url: config.server.publicUrl,
    listen: { host: listen.address, port: listen.port },
    pid: process.pid,
    host: hostname(),
    role,
    database: databaseLabel(config),
    started_at: new Date().toISOString(),
  };
  // Written aside, then renamed: a reader never sees half a file.
  const tmp = `${recordPath(config.dataDir)}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(record, null, 2)}\n`);
  renameSync(tmp, recordPath(config.dataDir));
  return record;
}

/** Removes the data dir's record if it is this process's (another server may have replaced it). */
export function removeServerRecord(dataDir: string): void {
  const found = readServerRecord(dataDir);
  if (found?.record.pid === process.pid && found.record.host === hostname()) {
    rmSync(recordPath(dataDir), { force: true });
  }
}

/**
 * The data dir's record and whether its server runs: `running` (its pid is alive on this machine),
 * `gone` (a server that was killed before it could remove it), `elsewhere` (another machine's,
 * on a shared mount: nothing tells whether it runs). Null without a readable record.
 */
export function readServerRecord(
  dataDir: string,
  alive: (pid: number) => boolean = pidAlive,
): { state: 'running' | 'gone' | 'elsewhere'; record: ServerRecord } | null {
  let record: ServerRecord;
  try {
    record = JSON.parse(readFileSync(recordPath(dataDir), 'utf8')) as ServerRecord;
  } catch {
    return null;
  }
  if (typeof record?.url !== 'string' || !Number.isInteger(record.pid)) return null;
  if (record.host !== hostname()) return { state: 'elsewhere', record };
  return { state: alive(record.pid) ? 'running' : 'gone', record };
}
