import { PostgresAdapter, type Kysely } from 'kysely';

export type DialectName = 'sqlite' | 'postgres';

/**
 * Which engine a Kysely instance talks to. Repositories stay dialect-neutral; the few statements
 * that differ (row locks, identity columns) ask here.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations pass a Kysely<any>
export function dialectOf(db: Kysely<any>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
