import type { Kysely } from 'kysely';

// The web console: server-side sessions (the cookie carries only a random id; the row keeps its
// hash), one-time sign-in codes (consumed by one atomic update, whichever API process gets them),
// the credit-warning reminder of the personal area, and how long each callback answer took.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('console_sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('ended_at', 'text')
    .execute();
  await db.schema
    .createIndex('console_sessions_account')
    .on('console_sessions')
    .column('account_id')
    .execute();
  await db.schema
    .createTable('console_link_codes')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  // 0 = no reminder. `credit_warning_sent` is 1 from the debit that crossed the threshold until the
  // balance is back at or above it, so one crossing sends one reminder.
  await db.schema
    .alterTable('accounts')
    .addColumn('credit_warning_threshold', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('accounts')
    .addColumn('credit_warning_sent', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('callback_deliveries').addColumn('last_latency_ms', 'integer').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('callback_deliveries').dropColumn('last_latency_ms').execute();
  await db.schema.alterTable('accounts').dropColumn('credit_warning_sent').execute();
  await db.schema.alterTable('accounts').dropColumn('credit_warning_threshold').execute();
  await db.schema.dropTable('console_link_codes').execute();
  await db.schema.dropTable('console_sessions').execute();
}
