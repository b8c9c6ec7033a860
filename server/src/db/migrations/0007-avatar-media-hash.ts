import type { Kysely } from 'kysely';

// The SHA-256 of an avatar's stored media, taken once when the avatar is made: a render names the
// mouth region kept for the avatar's clip by it, instead of hashing the clip (up to 500 MB) again
// at every render. Null for pictures and for avatars made before it was kept (they are hashed).
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('avatars').addColumn('media_sha256', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('avatars').dropColumn('media_sha256').execute();
}
