import type { Logger } from 'pino';
import type { ContractMode } from '../config.js';
import type { ContractNoteRow } from '../db/schema.js';
import { iso, type Clock } from '../lib/clock.js';
import type { ContractNoteRepository } from '../repositories/contract-note.repository.js';

/** A request accepted outside the documented contract (see http/plugins/leniency.ts). */
export interface ContractNoteInput {
  field: string;
  kind: string;
  rule: string;
  done: string;
}

/**
 * Keeps count of what clients send outside the documented contract, per account, operation, field
 * and kind, so the operator (`likeness doctor`) and the console can tell an integrator about it
 * ("your client sent 25-character titles 40 times"). Counting never fails a request.
 */
export class ContractService {
  constructor(
    private readonly notes: ContractNoteRepository,
    readonly mode: ContractMode,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {}

  async record(
    accountId: string,
    operation: string,
    notes: ContractNoteInput[],
    requestId: string,
  ): Promise<void> {
    const at = iso(this.clock.now());
    for (const n of notes) {
      try {
        await this.notes.increment({
          account_id: accountId,
          operation,
          field: n.field,
          kind: n.kind,
          rule: n.rule,
          last_done: n.done,
          last_request_id: requestId,
          at,
        });
      } catch (err) {
        this.log.error({ err, request_id: requestId }, 'could not count a contract note');
      }
    }
  }

  list(accountId?: string): Promise<ContractNoteRow[]> {
    return this.notes.getAll(accountId);
  }
}
