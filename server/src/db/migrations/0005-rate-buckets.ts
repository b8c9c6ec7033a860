import type { Kysely } from 'kysely';

// Rate limits (the clone operation's, per account) are token buckets in the database, so every
// process and every route (HTTP or MCP) draws from the same one.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_buckets')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('tokens', 'double precision', (c) => c.notNull())
    .addColumn('refilled_at_ms', 'bigint', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_buckets').execute();
}
