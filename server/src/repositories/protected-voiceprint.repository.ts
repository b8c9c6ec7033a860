import type { Db } from '../db/connect.js';
import type { ProtectedVoiceprintRow } from '../db/schema.js';

export class ProtectedVoiceprintRepository {
  constructor(private readonly db: Db) {}

  async create(row: ProtectedVoiceprintRow, trx: Db = this.db): Promise<void> {
    await trx.insertInto('protected_voiceprints').values(row).execute();
  }

  /** Oldest first. Operators protect a handful of voices, so all of them are compared at once. */
  async getAll(trx: Db = this.db): Promise<ProtectedVoiceprintRow[]> {
    return trx.selectFrom('protected_voiceprints').selectAll().orderBy('created_at').orderBy('id').execute();
  }

  /** Whether a row was deleted. */
  async delete(id: string, trx: Db = this.db): Promise<boolean> {
    const r = await trx.deleteFrom('protected_voiceprints').where('id', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }
}
