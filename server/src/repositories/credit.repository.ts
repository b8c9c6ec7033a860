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

  /**
   * Takes the account row's write lock until the transaction ends (a no-op update: PostgreSQL locks
   * the row, SQLite already runs one writer at a time). Checks that count an account's rows and
   * then insert (1001, 1015, the avatar and voice ceilings) run under it, so concurrent requests of
   * one account, on any process, see each other's rows.
   */
  async lockAccount(accountId: string, trx: Db): Promise<void> {
    await trx
      .updateTable('accounts')
      .set({ credit_balance: sql<number>`credit_balance` })
      .where('id', '=', accountId)
      .execute();
  }

  /** Every ledger entry of an account, oldest first (audits, tests). */
  async entriesOf(accountId: string, trx: Db = this.db) {
    return trx
      .selectFrom('credit_entries')
      .select(['task_id', 'delta', 'reason', 'idempotency_key', 'created_at'])
      .where('account_id', '=', accountId)
      .orderBy('id')
      .execute();
  }

  /** The sum of the ledger entries of an account, or of one of its tasks (audits, doctor, tests). */
  async ledgerSum(where: { accountId: string } | { taskId: string }, trx: Db = this.db): Promise<number> {
    const row = await trx
      .selectFrom('credit_entries')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('delta'), eb.lit(0)).as('s'))
      .where(
        'accountId' in where ? 'account_id' : 'task_id',
        '=',
        'accountId' in where ? where.accountId : where.taskId,
      )
      .executeTakeFirst();
    return Number(row?.s ?? 0);
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
