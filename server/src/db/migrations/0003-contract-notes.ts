import type { Kysely } from 'kysely';

// Requests accepted outside the documented contract, counted per account, operation, field and kind,
// so operators and the console can tell an integrator what their client sends.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('contract_notes')
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('operation', 'text', (c) => c.notNull())
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('rule', 'text', (c) => c.notNull())
    .addColumn('count', 'bigint', (c) => c.notNull())
    .addColumn('first_at', 'text', (c) => c.notNull())
    .addColumn('last_at', 'text', (c) => c.notNull())
    .addColumn('last_request_id', 'text', (c) => c.notNull())
    .addColumn('last_done', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('contract_notes_pk', ['account_id', 'operation', 'field', 'kind'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('contract_notes').execute();
}
