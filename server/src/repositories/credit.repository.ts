import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import { OPEN_STATUSES } from './task.repository.js';

export interface CreditEntry {
  accountId: string;
  delta: number;
  reason: 'topup' | 'reserve' | 'adjust' | 'refund' | 'release';
  taskId: string | null;
  /** Makes an entry happen at most once (e.g. `refund:<task>`), so a retried job cannot refund twice. */
  idempotencyKey: string | null;
  at: string;
}

/** One ledger entry as the console lists it, with the balance it left. */
export interface LedgerLine {
  id: number;
  at: string;
  delta: number;
  reason: string;
  task_id: string | null;
  balance_after: number;
  /** The entry's task's type (video_tts, clone_avatar, ...), so the console can say what it was for. */
  task_type: string | null;
  /** 'raised': a reservation raised once the input's length was known; 'cancelled': refunded because the caller deleted the task. */
  note: 'raised' | 'cancelled' | null;
}

/** A ledger entry as stored, with what the console needs of its task to explain it. */
export interface LedgerRow extends Omit<LedgerLine, 'note'> {
  idempotency_key: string | null;
  /** The task's error message (a refund's cause), null without a task or error. */
  task_error: string | null;
}

/** An account's balance and credit-warning reminder, as an applied entry left them. */
export interface CreditState {
  balance: number;
  /** 0 = no reminder. */
  warningThreshold: number;
  /** The reminder for the current crossing was taken already. */
  warningSent: boolean;
}

/** The balance and reminder threshold of an account whose reminder has just been taken. */
export interface CreditWarning {
  balance: number;
  threshold: number;
}

export class CreditRepository {
  constructor(private readonly db: Db) {}

  /**
   * Applies one ledger entry and the balance change together. Must run inside a transaction.
   * Returns undefined (and changes nothing) when the idempotency key was already used or a debit
   * would take the balance below zero; else the account's credit state as the update left it (the
   * reminder's columns come with it, so most entries need no second statement). The entry is
   * written first: its unique key turns a repeat into a no-op within one statement, so two
   * processes applying the same entry cannot both pass a check.
   */
  async apply(entry: CreditEntry, trx: Db): Promise<CreditState | undefined> {
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
    if (!inserted) return undefined;
    const updated = await trx
      .updateTable('accounts')
      .set({ credit_balance: sql<number>`credit_balance + ${entry.delta}` })
      .where('id', '=', entry.accountId)
      .where(sql<boolean>`credit_balance + ${entry.delta} >= 0`)
      .returning(['credit_balance', 'credit_warning_threshold', 'credit_warning_sent'])
      .executeTakeFirst();
    if (updated)
      return {
        balance: Number(updated.credit_balance),
        warningThreshold: Number(updated.credit_warning_threshold),
        warningSent: Number(updated.credit_warning_sent) === 1,
      };
    // Short of credits: take the entry back, so the caller's transaction may go on unchanged.
    await trx.deleteFrom('credit_entries').where('id', '=', inserted.id).execute();
    return undefined;
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

  /**
   * A page of an account's ledger, newest first, each entry with the balance it left: the balance
   * now minus the entries written after it. One statement, so the balance and the entries are one
   * snapshot on both databases; the window sum runs before LIMIT/OFFSET, so later pages are exact.
   */
  async getLedgerPage(
    accountId: string,
    page: number,
    size: number,
    trx: Db = this.db,
  ): Promise<{ data: LedgerRow[]; total: number }> {
    const balanceNow = trx.selectFrom('accounts').select('credit_balance').where('id', '=', accountId);
    const rows = await trx
      .selectFrom('credit_entries')
      .select(['id', 'created_at', 'delta', 'reason', 'task_id', 'idempotency_key'])
      .select(
        sql<number>`${balanceNow} - (sum(delta) over (order by id desc rows between unbounded preceding and current row) - delta)`.as(
          'balance_after',
        ),
      )
      .where('account_id', '=', accountId)
      .orderBy('id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute();
    const count = await trx
      .selectFrom('credit_entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    // The page's tasks (another statement: what a task is does not change with the balance).
    const taskIds = [...new Set(rows.map((r) => r.task_id).filter((id) => id !== null))];
    const tasks = taskIds.length
      ? await trx
          .selectFrom('tasks')
          .select(['id', 'type', 'error_message'])
          .where('id', 'in', taskIds)
          .execute()
      : [];
    const taskOf = new Map(tasks.map((t) => [t.id, t]));
    return {
      data: rows.map((r) => {
        const task = r.task_id ? taskOf.get(r.task_id) : undefined;
        return {
          id: Number(r.id),
          at: r.created_at,
          delta: Number(r.delta),
          reason: r.reason,
          task_id: r.task_id,
          balance_after: Number(r.balance_after),
          idempotency_key: r.idempotency_key,
          task_type: task?.type ?? null,
          task_error: task?.error_message ?? null,
        };
      }),
      total: Number(count?.n ?? 0),
    };
  }

  /**
   * Credits still held by the account's waiting and processing tasks: what their rows reserve
   * (settled on completion, refunded on failure or a delete, which also closes the task).
   */
  async getReservedByOpenTasks(accountId: string, trx: Db = this.db): Promise<number> {
    const row = await trx
      .selectFrom('tasks')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('credits_reserved'), eb.lit(0)).as('s'))
      .where('account_id', '=', accountId)
      .where('status', 'in', [...OPEN_STATUSES])
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(row?.s ?? 0);
  }

  /**
   * Takes the account's credit-warning reminder when its balance is below a threshold that is set
   * and the reminder is not already taken: one conditional update, so of concurrent debits only
   * the one that flips the flag sees it. Returns the balance and threshold then, or undefined.
   */
  async takeWarning(accountId: string, trx: Db): Promise<CreditWarning | undefined> {
    const row = await trx
      .updateTable('accounts')
      .set({ credit_warning_sent: 1 })
      .where('id', '=', accountId)
      .where('credit_warning_sent', '=', 0)
      .where('credit_warning_threshold', '>', 0)
      .where(sql<boolean>`credit_balance < credit_warning_threshold`)
      .returning(['credit_balance', 'credit_warning_threshold'])
      .executeTakeFirst();
    return row
      ? { balance: Number(row.credit_balance), threshold: Number(row.credit_warning_threshold) }
      : undefined;
  }

  /** Re-arms the reminder once the balance is at or above the threshold again. */
  async rearmWarning(accountId: string, trx: Db): Promise<void> {
    await trx
      .updateTable('accounts')
      .set({ credit_warning_sent: 0 })
      .where('id', '=', accountId)
      .where('credit_warning_sent', '=', 1)
      .where(sql<boolean>`credit_balance >= credit_warning_threshold`)
      .execute();
  }

  /**
   * Sets the reminder threshold (0 = off) and, in the same statement, whether the balance is
   * already below it: then the reminder counts as given (no callback), else it is armed.
   */
  async setWarningThreshold(accountId: string, threshold: number, trx: Db = this.db): Promise<void> {
    await trx
      .updateTable('accounts')
      .set({
        credit_warning_threshold: threshold,
        credit_warning_sent:
          threshold > 0 ? sql<number>`case when credit_balance < ${threshold} then 1 else 0 end` : 0,
      })
      .where('id', '=', accountId)
      .execute();
  }
}
