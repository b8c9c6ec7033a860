import type { Kysely } from 'kysely';

// Several processes share the jobs table once scaled out. A claim is a lease the running worker
// renews; a job whose lease ran out (its worker died or lost the database) is taken back by any
// other process. A cancellation (DELETE of a task in progress) is a flag the running worker reads
// when it renews. `published_at` records when the BullMQ adapter handed a committed row to Redis.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('lease_until', 'text').execute();
  await db.schema
    .alterTable('jobs')
    .addColumn('cancel_requested', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('jobs').addColumn('published_at', 'text').execute();
  await db.schema.createIndex('jobs_running').on('jobs').columns(['state', 'lease_until']).execute();
  await db.schema.alterTable('files').addColumn('upload_holder', 'text').execute();
  await db.schema.alterTable('files').addColumn('upload_started_at', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('files').dropColumn('upload_started_at').execute();
  await db.schema.alterTable('files').dropColumn('upload_holder').execute();
  await db.schema.dropIndex('jobs_running').execute();
  for (const c of ['published_at', 'cancel_requested', 'lease_until']) {
    await db.schema.alterTable('jobs').dropColumn(c).execute();
  }
}
