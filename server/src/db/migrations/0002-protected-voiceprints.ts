import type { Kysely } from 'kysely';

// Voiceprints the operator protects from cloning (voice/create answers 1011 when a sample matches).
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('protected_voiceprints')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('voiceprint', 'text', (c) => c.notNull())
    .addColumn('source', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('protected_voiceprints').execute();
}
