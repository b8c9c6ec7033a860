import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../db/connect.js';
import type { CallbackDeliveriesTable, CallbackDeliveryRow } from '../db/schema.js';

export class CallbackRepository {
  constructor(private readonly db: Db) {}

  async create(row: Insertable<CallbackDeliveriesTable>, trx: Db = this.db): Promise<void> {
    await trx.insertInto('callback_deliveries').values(row).execute();
  }

  async get(id: string, trx: Db = this.db): Promise<CallbackDeliveryRow | undefined> {
    return trx.selectFrom('callback_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async update(id: string, patch: Updateable<CallbackDeliveriesTable>, trx: Db = this.db): Promise<void> {
    await trx.updateTable('callback_deliveries').set(patch).where('id', '=', id).execute();
  }

  async getAll(accountId: string | null, limit: number, trx: Db = this.db): Promise<CallbackDeliveryRow[]> {
    let q = trx.selectFrom('callback_deliveries').selectAll();
    if (accountId) q = q.where('account_id', '=', accountId);
    return q.orderBy('created_at', 'desc').limit(limit).execute();
  }

  /** Runs `fn` in one transaction (a delivery and its first job commit together). */
  transaction<T>(fn: (trx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }
}
