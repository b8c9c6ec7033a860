import type { Kysely } from 'kysely';

// Test mode: an account's test tokens belong to its test twin, an account of its own whose
// live_account_id names the live one. Everything a test token makes (avatars, voices, works,
// covers, files, credit entries) is the twin's, so no query can cross between test and live.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('accounts').addColumn('live_account_id', 'text').execute();
  await db.schema
    .createIndex('accounts_live_account_id')
    .unique()
    .on('accounts')
    .column('live_account_id')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('accounts_live_account_id').execute();
  await db.schema.alterTable('accounts').dropColumn('live_account_id').execute();
}
