import { sql } from 'kysely';
import type { Db } from '../db/connect.js';

export interface CreditEntry {
  accountId: string;
  delta: number;
  reason: 'topup' | 'reserve' | 'adjust' | 'refund' | 'release';
  taskId: string | null;
  /** Makes an entry happen at most once (e.g. `refund:<task>`), so a retried job cannot refund twice. */
  idempotencyKey: string | null;
  at: string;
}

export class CreditRepository {
  constructor(private readonly db: Db) {}

  /**
   * Applies one ledger entry and the balance change together. Must run inside a transaction.
   * Returns false (and changes nothing) when the idempotency key was already used or a debit would
   * take the balance below zero. The entry is written first: its unique key turns a repeat into a
   * no-op within one statement, so two processes applying the same entry cannot both pass a check.
   */
  async apply(entry: CreditEntry, trx: Db): Promise<boolean> {
    const inserted = await trx
      .insertInto('credit_entries')
      .values({
        account_id: entry.accountId,
        delta: entry.delta,
        reason: entry.reason,
        task_id: entry.taskId,
        idempotency_key: entry.idempotencyKey,
        created_at: entry.at,
      })
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return false;
    const updated = await trx
      .updateTable('accounts')
      .set({ credit_balance: sql<number>`credit_balance + ${entry.delta}` })
      .where('id', '=', entry.accountId)
      .where(sql<boolean>`credit_balance + ${entry.delta} >= 0`)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 1) return true;
    // Short of credits: take the entry back, so the caller's transaction may go on unchanged.
    await trx.deleteFrom('credit_entries').where('id', '=', inserted.id).execute();
    return false;
  }

  async getBalance(accountId: string, trx: Db = this.db): Promise<number> {
    const row = await trx
      .selectFrom('accounts')
      .select('credit_balance')
      .where('id', '=', accountId)
      .executeTakeFirst();
    return row?.credit_balance ?? 0;
  }
}
