import { join } from 'node:path';
import { redactUrl, type Config } from '../config.js';
import type { ProcessRole } from '../container.js';

export const ROLES: readonly ProcessRole[] = ['all', 'api', 'worker'];

/**
 * Whether a process of this role can run with this configuration: null when it can, else the
 * message that says what to set. Separate API and worker processes must share one database the
 * way only PostgreSQL is shared (SQLite belongs to the processes of one machine, and the embedded
 * task cache assumes one); the blob store they share is checked by warnings instead (a local data
 * dir on a shared mount is a legitimate setup).
 */
export function roleProblem(role: ProcessRole, config: Config): string | null {
  if (role === 'all') return null;
  if (config.database.url === null) {
    const what = role === 'api' ? '`likeness serve --role api`' : '`likeness worker`';
    return (
      `DATABASE_URL: ${what} shares the database with other processes, which needs PostgreSQL; ` +
      'set DATABASE_URL (postgres://…) on every API and worker process, or run `likeness serve` ' +
      'to have API and workers in one process on the embedded database'
    );
  }
  return null;
}

/** What an operator should know about how this process shares its work (printed at start). */
export function roleWarnings(role: ProcessRole, config: Config): string[] {
  if (role === 'all' || config.blobs.s3 !== null) return [];
  return [
    `blobs are files under ${config.dataDir}/blobs: every API and worker process must see that same ` +
      'directory (one machine, or a shared mount); set S3_BUCKET to keep them in an S3-compatible store instead',
  ];
}

/** One line per shared engine, so an operator sees at a glance what this process works against. */
export function describeEngines(config: Config): string[] {
  return [
    `database: ${config.database.url ? `PostgreSQL ${redactUrl(config.database.url)}` : `SQLite in ${config.dataDir}`}`,
    `queue:    ${config.queue.redisUrl ? `BullMQ on ${redactUrl(config.queue.redisUrl)}` : 'the database (embedded)'}`,
    `blobs:    ${config.blobs.s3 ? `S3 bucket ${config.blobs.s3.bucket}${config.blobs.s3.endpoint ? ` at ${config.blobs.s3.endpoint}` : ''}` : `files in ${join(config.dataDir, 'blobs')}`}`,
  ];
}
