import type { Db } from '../db/connect.js';
import { ERRORS } from '../errors/app-error.js';
import { iso, type Clock } from '../lib/clock.js';
import type {
  CreditEntry,
  CreditRepository,
  LedgerLine,
  LedgerRow,
} from '../repositories/credit.repository.js';
import { DELETED_BY_CALLER } from './task.service.js';

/**
 * Told when a debit takes an account's balance below its reminder threshold (once per crossing),
 * inside the debit's transaction. CallbackService implements it (an interface here, so this module
 * needs nothing of the callback module at run time).
 */
export interface CreditWarningNotifier {
  onCreditWarning(
    accountId: string,
    taskId: string | null,
    balance: number,
    threshold: number,
    trx: Db,
  ): Promise<void>;
}

/**
 * A ledger entry for the console: a reservation raised once the input's length was known (its
 * idempotency key starts `raise:`), and a refund because the caller deleted the unfinished task, are
 * told apart from the first charge and from a failure.
 */
export function ledgerLine(row: LedgerRow): LedgerLine {
  const { idempotency_key: key, task_error: error, ...line } = row;
  const note =
    row.reason === 'reserve' && key?.startsWith('raise:')
      ? 'raised'
      : row.reason === 'refund' && error === DELETED_BY_CALLER
        ? 'cancelled'
        : null;
  return { ...line, note };
}

/** The console's banner: a reminder threshold is set and the balance is below it. */
export const creditWarningActive = (balance: number, threshold: number): boolean =>
  threshold > 0 && balance < threshold;

/**
 * Credits are an append-only ledger plus a cached balance updated in the same transaction. The
 * balance can never go below zero (a CHECK constraint backs the conditional update). Operations
 * reserve at submission, settle on completion by the output's duration, and refund on failure;
 * idempotency keys make each of those happen at most once per task.
 *
 * The credit-warning reminder rides on the same transactions: a debit that leaves the balance
 * below the account's threshold takes the reminder (once per crossing) and tells the notifier; a
 * credit that brings it back to the threshold or above re-arms it.
 */
export class CreditService {
  constructor(
    private readonly db: Db,
    private readonly entries: CreditRepository,
    private readonly clock: Clock,
    /** Absent: the reminder is still recorded (the console's banner), but no callback goes out. */
    private readonly warnings?: CreditWarningNotifier,
  ) {}

  balance(accountId: string): Promise<number> {
    return this.entries.getBalance(accountId);
  }

  /** A page (from 1) of the account's ledger, newest first, each entry with the balance it left. */
  async ledger(
    accountId: string,
    page: number,
    size: number,
  ): Promise<{ data: LedgerLine[]; total: number }> {
    if (!Number.isInteger(page) || page < 1) throw ERRORS.invalid('page must be a whole number, 1 or more');
    if (!Number.isInteger(size) || size < 1) throw ERRORS.invalid('size must be a whole number, 1 or more');
    const { data, total } = await this.entries.getLedgerPage(accountId, page, size);
    return { data: data.map(ledgerLine), total };
  }

  /** Credits held by the account's waiting and processing tasks (not in the balance any more). */
  reserved(accountId: string): Promise<number> {
    return this.entries.getReservedByOpenTasks(accountId);
  }

  /**
   * Sets the reminder threshold (0 = off). The balance is judged against it at once, silently: if
   * it is already below, the reminder counts as given (the console shows its banner) and the next
   * one waits for the balance to come back; otherwise it is armed.
   */
  async setWarningThreshold(accountId: string, threshold: number, trx: Db): Promise<void> {
    if (!Number.isInteger(threshold) || threshold < 0)
      throw ERRORS.invalid('credit_warning_threshold must be a whole number, 0 or more (0 = off)');
    await this.entries.setWarningThreshold(accountId, threshold, trx);
  }

  async topUp(accountId: string, amount: number, trx: Db): Promise<void> {
    if (!Number.isInteger(amount) || amount === 0) return;
    const ok = await this.apply(
      {
        accountId,
        delta: amount,
        reason: amount > 0 ? 'topup' : 'adjust',
        taskId: null,
        idempotencyKey: null,
        at: this.now(),
      },
      trx,
    );
    if (!ok) throw new Error(`cannot change the balance by ${amount}: it would go below zero`);
  }

  /** Serialises this account's submissions until `trx` ends (see CreditRepository.lockAccount). */
  lockAccount(accountId: string, trx: Db): Promise<void> {
    return this.entries.lockAccount(accountId, trx);
  }

  /** Debits `amount` for a new task inside the caller's transaction, or throws 1002. */
  async reserve(accountId: string, taskId: string, amount: number, trx: Db): Promise<void> {
    if (amount <= 0) return;
    const ok = await this.apply(
      {
        accountId,
        delta: -amount,
        reason: 'reserve',
        taskId,
        idempotencyKey: `reserve:${taskId}`,
        at: this.now(),
      },
      trx,
    );
    if (!ok) throw ERRORS.insufficientCredits(amount, await this.entries.getBalance(accountId, trx));
  }

  /**
   * Raises a reservation to `total` once the real input length is known (before rendering); throws
   * 1002. Keyed by the new total, so a retried job asking for the same total is not charged again,
   * while a retry that needs a different total can still raise it.
   */
  async raiseReservation(
    accountId: string,
    taskId: string,
    extra: number,
    total: number,
    trx: Db,
  ): Promise<void> {
    if (extra <= 0) return;
    const ok = await this.apply(
      {
        accountId,
        delta: -extra,
        reason: 'reserve',
        taskId,
        idempotencyKey: `raise:${taskId}:${total}`,
        at: this.now(),
      },
      trx,
    );
    if (!ok) throw ERRORS.insufficientCredits(extra, await this.entries.getBalance(accountId, trx));
  }

  /** Gives back the unused part of a reservation when the task completes. */
  async release(accountId: string, taskId: string, amount: number, trx: Db): Promise<void> {
    if (amount <= 0) return;
    await this.apply(
      {
        accountId,
        delta: amount,
        reason: 'release',
        taskId,
        idempotencyKey: `release:${taskId}`,
        at: this.now(),
      },
      trx,
    );
  }

  /** Returns the whole reservation of a failed task, once. */
  async refund(accountId: string, taskId: string, amount: number, trx: Db): Promise<void> {
    if (amount <= 0) return;
    await this.apply(
      {
        accountId,
        delta: amount,
        reason: 'refund',
        taskId,
        idempotencyKey: `refund:${taskId}`,
        at: this.now(),
      },
      trx,
    );
  }

  /**
   * Applies an entry; then a debit may take the reminder and a credit may re-arm it. The state the
   * entry left says whether either can happen (the common case, no threshold, costs nothing more);
   * the conditional update that takes the reminder decides among concurrent debits.
   */
  private async apply(entry: CreditEntry, trx: Db): Promise<boolean> {
    const state = await this.entries.apply(entry, trx);
    if (!state) return false;
    if (entry.delta > 0) {
      if (state.warningSent && state.balance >= state.warningThreshold)
        await this.entries.rearmWarning(entry.accountId, trx);
      return true;
    }
    if (state.warningSent || !creditWarningActive(state.balance, state.warningThreshold)) return true;
    const warning = await this.entries.takeWarning(entry.accountId, trx);
    if (warning && this.warnings)
      await this.warnings.onCreditWarning(
        entry.accountId,
        entry.taskId,
        warning.balance,
        warning.threshold,
        trx,
      );
    return true;
  }

  private now(): string {
    return iso(this.clock.now());
  }
}
