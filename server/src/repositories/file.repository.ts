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
  async claimForUpload(id: string, holder: string, at: string, trx: Db = this.db): Promise<boolean> {
    const r = await trx
      .updateTable('files')
      .set({ state: 'uploading', upload_holder: holder, upload_started_at: at })
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

  /** The processes receiving uploads now, so a process can tell which of them are provably gone. */
  async uploadHolders(trx: Db = this.db): Promise<string[]> {
    const rows = await trx
      .selectFrom('files')
      .select('upload_holder')
      .distinct()
      .where('state', '=', 'uploading')
      .execute();
    return rows.map((r) => r.upload_holder).filter((h): h is string => h !== null);
  }

  /**
   * Interrupted uploads become retryable again: those received by a process that is gone, and
   * those started before `staleBefore` (no upload through a signed URL lasts that long).
   */
  async resetInterruptedUploads(
    goneHolders: string[],
    staleBefore: string,
    trx: Db = this.db,
  ): Promise<number> {
    const r = await trx
      .updateTable('files')
      .set({ state: 'pending', upload_holder: null, upload_started_at: null })
      .where('state', '=', 'uploading')
      .where((eb) => {
        const stale = [eb('upload_started_at', 'is', null), eb('upload_started_at', '<', staleBefore)];
        return eb.or(goneHolders.length > 0 ? [...stale, eb('upload_holder', 'in', goneHolders)] : stale);
      })
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  /** A failed upload returns the file to pending so the client can retry with the same URL. */
  async releaseUpload(id: string, trx: Db = this.db): Promise<void> {
    await trx
      .updateTable('files')
      .set({ state: 'pending', upload_holder: null, upload_started_at: null })
      .where('id', '=', id)
      .where('state', '=', 'uploading')
      .execute();
  }
}
