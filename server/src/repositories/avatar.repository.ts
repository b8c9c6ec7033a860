import type { Db } from '../db/connect.js';
import type { AvatarRow, NewAvatar } from '../db/schema.js';
import type { Updateable } from 'kysely';
import type { AvatarsTable } from '../db/schema.js';

export type AvatarListKind = 0 | 1 | 2;

export class AvatarRepository {
  constructor(private readonly db: Db) {}

  async create(row: NewAvatar, trx: Db = this.db): Promise<void> {
    await trx.insertInto('avatars').values(row).execute();
  }

  /** Inserts unless a row with this id exists (catalogue seeding, which several processes may run at once). */
  async createIfAbsent(row: NewAvatar, trx: Db = this.db): Promise<void> {
    await trx
      .insertInto('avatars')
      .values(row)
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }

  /** An avatar the account may use: its own (private or team) or a public one. */
  async getUsable(id: string, accountId: string, trx: Db = this.db): Promise<AvatarRow | undefined> {
    return trx
      .selectFrom('avatars')
      .selectAll()
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .where((eb) => eb.or([eb('account_id', '=', accountId), eb('scope', '=', 'public')]))
      .executeTakeFirst();
  }

  async getForJob(id: string, trx: Db = this.db): Promise<AvatarRow | undefined> {
    return trx.selectFrom('avatars').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async findBySource(
    accountId: string,
    sourceKey: string,
    trx: Db = this.db,
  ): Promise<AvatarRow | undefined> {
    return trx
      .selectFrom('avatars')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('source_key', '=', sourceKey)
      .where('deleted_at', 'is', null)
      .where('state', '!=', 'failed')
      .executeTakeFirst();
  }

  async update(id: string, patch: Updateable<AvatarsTable>, trx: Db = this.db): Promise<void> {
    await trx.updateTable('avatars').set(patch).where('id', '=', id).execute();
  }

  /** Page of ready avatars. kind 0: the account's own first, then public; 1: own; 2: public. */
  async getPage(
    accountId: string,
    kind: AvatarListKind,
    page: number,
    size: number,
    trx: Db = this.db,
  ): Promise<AvatarRow[]> {
    let q = trx
      .selectFrom('avatars')
      .selectAll()
      .where('deleted_at', 'is', null)
      .where('state', '=', 'ready');
    if (kind === 1) q = q.where('account_id', '=', accountId);
    else if (kind === 2) q = q.where('scope', '=', 'public');
    else q = q.where((eb) => eb.or([eb('account_id', '=', accountId), eb('scope', '=', 'public')]));
    return q
      .orderBy((eb) => eb.case().when('scope', '=', 'public').then(1).else(0).end())
      .orderBy('created_at', kind === 2 ? 'asc' : 'desc')
      .orderBy('id')
      .limit(size)
      .offset((page - 1) * size)
      .execute();
  }

  /** Cursor paging for the clone API: newest first, after (created_at, id) of the cursor. */
  async getOwnAfter(
    accountId: string,
    after: { createdAt: string; id: string } | null,
    limit: number,
    trx: Db = this.db,
  ): Promise<AvatarRow[]> {
    let q = trx
      .selectFrom('avatars')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('deleted_at', 'is', null)
      .where('state', '!=', 'failed');
    if (after) {
      q = q.where((eb) =>
        eb.or([
          eb('created_at', '<', after.createdAt),
          eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)]),
        ]),
      );
    }
    return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  }

  async countOwned(accountId: string, trx: Db = this.db): Promise<number> {
    const row = await trx
      .selectFrom('avatars')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId)
      .where('deleted_at', 'is', null)
      .where('state', '!=', 'failed')
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async getPublic(trx: Db = this.db): Promise<AvatarRow[]> {
    return trx.selectFrom('avatars').selectAll().where('scope', '=', 'public').execute();
  }
}
