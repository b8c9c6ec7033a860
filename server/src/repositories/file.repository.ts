import type { Insertable } from 'kysely';
import type { Db } from '../db/connect.js';
import type { FileRow, FilesTable } from '../db/schema.js';

export class FileRepository {
  constructor(private readonly db: Db) {}

  async create(row: Insertable<FilesTable>, trx: Db = this.db): Promise<void> {
    await trx.insertInto('files').values(row).execute();
  }

  /** A file of this account; other accounts' files are invisible. */
  async get(id: string, accountId: string, trx: Db = this.db): Promise<FileRow | undefined> {
    return trx
      .selectFrom('files')
      .selectAll()
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
  }

  /** For the signed upload route, which is authorised by its signature rather than a token. */
  async getForUpload(id: string, trx: Db = this.db): Promise<FileRow | undefined> {
    return trx.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** pending → uploading; false when another upload already claimed or finished this file. */
  async claimForUpload(id: string, trx: Db = this.db): Promise<boolean> {
    const r = await trx
      .updateTable('files')
      .set({ state: 'uploading' })
      .where('id', '=', id)
      .where('state', '=', 'pending')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async markReady(id: string, size: number, sha256: string, at: string, trx: Db = this.db): Promise<void> {
    await trx
      .updateTable('files')
      .set({ state: 'ready', size_bytes: size, sha256, uploaded_at: at })
      .where('id', '=', id)
      .execute();
  }

  /** After a restart no upload can still be running: interrupted ones become retryable again. */
  async resetInterruptedUploads(trx: Db = this.db): Promise<number> {
    const r = await trx
      .updateTable('files')
      .set({ state: 'pending' })
      .where('state', '=', 'uploading')
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  /** A failed upload returns the file to pending so the client can retry with the same URL. */
  async releaseUpload(id: string, trx: Db = this.db): Promise<void> {
    await trx
      .updateTable('files')
      .set({ state: 'pending' })
      .where('id', '=', id)
      .where('state', '=', 'uploading')
      .execute();
  }
}
