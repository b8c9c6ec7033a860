import type { Db } from '../db/connect.js';
import type { AccountRow, AccountsTable, ApiTokenRow, ApiTokensTable } from '../db/schema.js';
import type { Insertable, Updateable } from 'kysely';

export class AccountRepository {
  constructor(private readonly db: Db) {}

  async create(row: Insertable<AccountsTable>, trx: Db = this.db): Promise<void> {
    await trx.insertInto('accounts').values(row).execute();
  }

  async get(id: string, trx: Db = this.db): Promise<AccountRow | undefined> {
    return trx.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Every live account (test twins are listed with theirs, in AccountSettings.test). */
  async getAllLive(trx: Db = this.db): Promise<AccountRow[]> {
    return trx
      .selectFrom('accounts')
      .selectAll()
      .where('live_account_id', 'is', null)
      .orderBy('created_at')
      .execute();
  }

  /** A live account's test twin, if it has one. */
  async getTestTwin(liveAccountId: string, trx: Db = this.db): Promise<AccountRow | undefined> {
    return trx
      .selectFrom('accounts')
      .selectAll()
      .where('live_account_id', '=', liveAccountId)
      .executeTakeFirst();
  }

  async update(id: string, patch: Updateable<AccountsTable>, trx: Db = this.db): Promise<void> {
    await trx.updateTable('accounts').set(patch).where('id', '=', id).execute();
  }

  /** Applies `patch` to an account and to its test twin, if any. */
  async updateWithTestTwin(id: string, patch: Updateable<AccountsTable>, trx: Db = this.db): Promise<void> {
    await trx
      .updateTable('accounts')
      .set(patch)
      .where((eb) => eb.or([eb('id', '=', id), eb('live_account_id', '=', id)]))
      .execute();
  }

  async createToken(row: Insertable<ApiTokensTable>, trx: Db = this.db): Promise<void> {
    await trx.insertInto('api_tokens').values(row).execute();
  }

  /** The live token with this hash and its account, or undefined. */
  async getByTokenHash(
    hash: string,
    trx: Db = this.db,
  ): Promise<{ account: AccountRow; token: ApiTokenRow } | undefined> {
    const token = await trx
      .selectFrom('api_tokens')
      .selectAll()
      .where('token_hash', '=', hash)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (!token) return undefined;
    const account = await this.get(token.account_id, trx);
    return account ? { account, token } : undefined;
  }

  async getTokens(accountId: string, trx: Db = this.db): Promise<ApiTokenRow[]> {
    return trx.selectFrom('api_tokens').selectAll().where('account_id', '=', accountId).execute();
  }

  async revokeTokens(accountId: string, at: string, trx: Db = this.db): Promise<void> {
    await trx
      .updateTable('api_tokens')
      .set({ revoked_at: at })
      .where('account_id', '=', accountId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async setAgentPlatform(accountId: string, value: boolean, trx: Db = this.db): Promise<void> {
    await trx
      .updateTable('api_tokens')
      .set({ agent_platform: value ? 1 : 0 })
      .where('account_id', '=', accountId)
      .where('revoked_at', 'is', null)
      .execute();
  }
}
