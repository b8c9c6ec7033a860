import type { Insertable } from 'kysely';
import type { Db } from '../db/connect.js';
import type { CoverRow, CoversTable } from '../db/schema.js';

export class CoverRepository {
  constructor(private readonly db: Db) {}

  async create(row: Insertable<CoversTable>, trx: Db = this.db): Promise<void> {
    await trx.insertInto('covers').values(row).execute();
  }

  async get(id: string, accountId: string, trx: Db = this.db): Promise<CoverRow | undefined> {
    return trx
      .selectFrom('covers')
      .selectAll()
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
  }

  /** The account's covers, newest first (the console's library). */
  async recentOf(accountId: string, limit: number, trx: Db = this.db): Promise<CoverRow[]> {
    return trx
      .selectFrom('covers')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }
}
