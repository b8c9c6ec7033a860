import type { Db } from '../db/connect.js';
import { ERRORS } from '../errors/app-error.js';
import { iso, type Clock } from '../lib/clock.js';
import type { CreditRepository } from '../repositories/credit.repository.js';

/**
 * Credits are an append-only ledger plus a cached balance updated in the same transaction. The
 * balance can never go below zero (a CHECK constraint backs the conditional update). Operations
 * reserve at submission, settle on completion by the output's duration, and refund on failure;
 * idempotency keys make each of those happen at most once per task.
 */
export class CreditService {
  constructor(
    private readonly db: Db,
    private readonly ledger: CreditRepository,
    private readonly clock: Clock,
  ) {}

  balance(accountId: string): Promise<number> {
    return this.ledger.getBalance(accountId);
  }

  async topUp(accountId: string, amount: number, trx: Db): Promise<void> {
    if (!Number.isInteger(amount) || amount === 0) return;
    const ok = await this.ledger.apply(
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
    return this.ledger.lockAccount(accountId, trx);
  }

  /** Debits `amount` for a new task inside the caller's transaction, or throws 1002. */
  async reserve(accountId: string, taskId: string, amount: number, trx: Db): Promise<void> {
    if (amount <= 0) return;
    const ok = await this.ledger.apply(
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
    if (!ok) throw ERRORS.insufficientCredits(amount, await this.ledger.getBalance(accountId, trx));
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
    const ok = await this.ledger.apply(
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
    if (!ok) throw ERRORS.insufficientCredits(extra, await this.ledger.getBalance(accountId, trx));
  }

  /** Gives back the unused part of a reservation when the task completes. */
  async release(accountId: string, taskId: string, amount: number, trx: Db): Promise<void> {
    if (amount <= 0) return;
    await this.ledger.apply(
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
    await this.ledger.apply(
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

  private now(): string {
    return iso(this.clock.now());
  }
}
