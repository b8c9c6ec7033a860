import type { Kysely } from 'kysely';

// Where a video avatar's clip comes back to its own start, found once when the avatar is made
// (material frames at the avatars' rate from the clip's start): renders loop there with no seam
// instead of cross-fading. Null: the clip has no such point, it is a picture, or it was made before.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('avatars').addColumn('loop_cut_frames', 'integer').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('avatars').dropColumn('loop_cut_frames').execute();
}
