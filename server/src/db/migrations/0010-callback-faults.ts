import type { Kysely } from 'kysely';

// Test mode: how a test work's callback delivery is to misbehave when it is sent (duplicate,
// bad-signature), asked for with `Prefer: likeness-callback=…`. Null: delivered as it should be.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('callback_deliveries').addColumn('test_fault', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('callback_deliveries').dropColumn('test_fault').execute();
}
