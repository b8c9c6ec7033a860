import type { Updateable } from 'kysely';
import type { Db } from '../db/connect.js';
import type { NewVoice, VoiceRow, VoicesTable } from '../db/schema.js';

export class VoiceRepository {
  constructor(private readonly db: Db) {}

  async create(row: NewVoice, trx: Db = this.db): Promise<void> {
    await trx.insertInto('voices').values(row).execute();
  }

  /** Inserts unless a row with this id exists (catalogue seeding, which several processes may run at once). */
  async createIfAbsent(row: NewVoice, trx: Db = this.db): Promise<void> {
    await trx
      .insertInto('voices')
      .values(row)
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }

  /** A voice the account may speak with: its own or a public one. */
  async getUsable(id: string, accountId: string, trx: Db = this.db): Promise<VoiceRow | undefined> {
    return trx
      .selectFrom('voices')
      .selectAll()
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .where((eb) => eb.or([eb('account_id', '=', accountId), eb('account_id', 'is', null)]))
      .executeTakeFirst();
  }

  async getOwned(id: string, accountId: string, trx: Db = this.db): Promise<VoiceRow | undefined> {
    return trx
      .selectFrom('voices')
      .selectAll()
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  async getForJob(id: string, trx: Db = this.db): Promise<VoiceRow | undefined> {
    return trx.selectFrom('voices').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async update(id: string, patch: Updateable<VoicesTable>, trx: Db = this.db): Promise<void> {
    await trx.updateTable('voices').set(patch).where('id', '=', id).execute();
  }

  /** kind 1: the account's cloned voices (ready); kind 2: public voices. */
  async getPage(
    accountId: string,
    kind: 1 | 2,
    page: number,
    size: number,
    trx: Db = this.db,
  ): Promise<VoiceRow[]> {
    let q = trx.selectFrom('voices').selectAll().where('deleted_at', 'is', null).where('state', '=', 'ready');
    q = kind === 1 ? q.where('account_id', '=', accountId) : q.where('account_id', 'is', null);
    return q
      .orderBy('created_at', kind === 1 ? 'desc' : 'asc')
      .orderBy('id')
      .limit(size)
      .offset((page - 1) * size)
      .execute();
  }

  /** Cloned voices that count against the limit: ready or still being made. */
  async countOwned(accountId: string, trx: Db = this.db): Promise<number> {
    const row = await trx
      .selectFrom('voices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId)
      .where('deleted_at', 'is', null)
      .where('state', '!=', 'failed')
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async getPublic(trx: Db = this.db): Promise<VoiceRow[]> {
    return trx.selectFrom('voices').selectAll().where('account_id', 'is', null).execute();
  }
}
