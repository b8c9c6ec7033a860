import type { Db } from '../db/connect.js';
import type { ConsoleSessionRow } from '../db/schema.js';

/** Console sessions and one-time sign-in codes; both are stored by the SHA-256 of their secret. */
export class ConsoleSessionRepository {
  constructor(private readonly db: Db) {}

  async create(row: ConsoleSessionRow, trx: Db = this.db): Promise<void> {
    await trx.insertInto('console_sessions').values(row).execute();
  }

  /** The live session with this hash (not ended, not expired at `now`). */
  async getLive(idHash: string, now: string, trx: Db = this.db): Promise<ConsoleSessionRow | undefined> {
    return trx
      .selectFrom('console_sessions')
      .selectAll()
      .where('id_hash', '=', idHash)
      .where('ended_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
  }

  async end(idHash: string, now: string, trx: Db = this.db): Promise<void> {
    await trx
      .updateTable('console_sessions')
      .set({ ended_at: now })
      .where('id_hash', '=', idHash)
      .where('ended_at', 'is', null)
      .execute();
  }

  async createCode(
    row: { code_hash: string; account_id: string; created_at: string; expires_at: string },
    trx: Db = this.db,
  ): Promise<void> {
    await trx
      .insertInto('console_link_codes')
      .values({ ...row, used_at: null })
      .execute();
  }

  /**
   * Marks the code used and returns its account, or undefined when it is unknown, used or expired.
   * One conditional UPDATE: of two processes presenting the same code, exactly one gets the row.
   */
  async consumeCode(codeHash: string, now: string, trx: Db = this.db): Promise<string | undefined> {
    const row = await trx
      .updateTable('console_link_codes')
      .set({ used_at: now })
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('account_id')
      .executeTakeFirst();
    return row?.account_id;
  }

  /** Forgets sessions and codes that expired before `before` (they can no longer be used). */
  async prune(before: string, trx: Db = this.db): Promise<void> {
    await trx.deleteFrom('console_sessions').where('expires_at', '<', before).execute();
    await trx.deleteFrom('console_link_codes').where('expires_at', '<', before).execute();
  }
}
