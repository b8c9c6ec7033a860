import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import type { ContractNoteRow } from '../db/schema.js';

export class ContractNoteRepository {
  constructor(private readonly db: Db) {}

  /** Counts one more case: inserts the row or, atomically, adds one to it (safe with several processes). */
  async increment(
    row: Omit<ContractNoteRow, 'count' | 'first_at' | 'last_at'> & { at: string },
    trx: Db = this.db,
  ): Promise<void> {
    const { at, ...rest } = row;
    await trx
      .insertInto('contract_notes')
      .values({ ...rest, count: 1, first_at: at, last_at: at })
      .onConflict((oc) =>
        oc.columns(['account_id', 'operation', 'field', 'kind']).doUpdateSet({
          count: sql<number>`contract_notes.count + 1`,
          last_at: at,
          last_request_id: rest.last_request_id,
          last_done: rest.last_done,
          rule: rest.rule,
        }),
      )
      .execute();
  }

  /** Most frequent first; one account's, or every account's when none is given. */
  async getAll(accountId?: string, trx: Db = this.db): Promise<ContractNoteRow[]> {
    let q = trx.selectFrom('contract_notes').selectAll();
    if (accountId) q = q.where('account_id', '=', accountId);
    return q.orderBy('count', 'desc').orderBy('last_at', 'desc').execute();
  }
}
