import type { Readable } from 'node:stream';
import type { Config } from '../config.js';
import type { FileRow } from '../db/schema.js';
import { AppError, ERRORS } from '../errors/app-error.js';
import { SvcCode } from '../errors/codes.js';
import { addSeconds, iso, type Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import { isProvablyGone } from '../lib/worker-identity.js';
import type { FileRepository } from '../repositories/file.repository.js';
import { uploadKey } from '../storage/blob-keys.js';
import { BlobTooLargeError, type BlobStore } from '../storage/blob-store.js';
import type { Caller } from './account.service.js';
import { baseContentType, lookupExtension, SUPPORTED_EXTENSIONS, type FileCategory } from './file-types.js';
import type { UrlSigner } from './url-signer.js';

/** Why a signed PUT was refused; the HTTP layer maps each to a status. */
export class UploadRejected extends Error {
  constructor(
    readonly reason:
      'bad-signature' | 'expired' | 'not-found' | 'content-type' | 'too-large' | 'empty' | 'already-uploaded',
    message: string,
  ) {
    super(message);
    this.name = 'UploadRejected';
  }
}

export class UploadService {
  constructor(
    private readonly files: FileRepository,
    private readonly blobs: BlobStore,
    private readonly urls: UrlSigner,
    private readonly config: Config,
    private readonly clock: Clock,
    /** This process, as recorded on the uploads it receives (lib/worker-identity). */
    private readonly instance: string,
  ) {}

  /**
   * Makes interrupted uploads retryable: those whose receiving process is provably gone, and those
   * older than the upload URL's lifetime plus a day (whoever received them stopped long ago).
   */
  async recoverInterrupted(): Promise<number> {
    const gone = (await this.files.uploadHolders()).filter((h) => isProvablyGone(h, this.instance));
    const staleBefore = addSeconds(this.clock.now(), -(this.config.urls.uploadTtlSec + 86_400));
    return this.files.resetInterruptedUploads(gone, iso(staleBefore));
  }

  maxBytesFor(category: FileCategory): number {
    const u = this.config.uploads;
    return category === 'video' ? u.maxVideoBytes : category === 'audio' ? u.maxAudioBytes : u.maxImageBytes;
  }

  async createGrant(caller: Caller, extension: string) {
    const type = lookupExtension(extension);
    if (!type) {
      throw new AppError(
        SvcCode.FileTypeUnsupported,
        `file_extension '${extension}' is not supported; use one of ${SUPPORTED_EXTENSIONS.join(', ')}`,
      );
    }
    const id = newId('file');
    const { url, expiresAt } = this.urls.uploadUrl(id, type.contentType);
    await this.files.create({
      id,
      account_id: caller.accountId,
      extension: type.ext,
      content_type: type.contentType,
      category: type.category,
      max_bytes: this.maxBytesFor(type.category),
      size_bytes: null,
      sha256: null,
      state: 'pending',
      blob_key: uploadKey(caller.accountId, id, type.ext),
      upload_expires_at: iso(expiresAt),
      created_at: iso(this.clock.now()),
      uploaded_at: null,
    });
    return { upload_url: url, content_type: type.contentType, file_id: id };
  }

  /**
   * Receives the body of a signed PUT, streaming it to the blob store. Checks, in order: the
   * signature and expiry, the file, the Content-Type, the declared length, then the streamed length.
   */
  async receive(
    fileId: string,
    query: { exp?: unknown; sig?: unknown },
    contentTypeHeader: string | undefined,
    contentLength: number | null,
    body: Readable,
  ): Promise<{ file_id: string; size: number }> {
    const file = await this.files.getForUpload(fileId);
    const contentType = file?.content_type ?? '';
    const verdict = this.urls.verifyUpload(fileId, contentType, query);
    if (!file || verdict === 'bad-signature') {
      throw new UploadRejected(
        'bad-signature',
        'the upload URL is not valid (wrong or altered signature); request a new one',
      );
    }
    if (verdict === 'expired')
      throw new UploadRejected(
        'expired',
        'the upload URL has expired; request a new one with create_upload_url',
      );
    if (baseContentType(contentTypeHeader) !== file.content_type) {
      throw new UploadRejected(
        'content-type',
        `Content-Type must be '${file.content_type}' (as returned by create_upload_url), got '${contentTypeHeader ?? ''}'`,
      );
    }
    if (contentLength !== null && contentLength > file.max_bytes) {
      throw new UploadRejected(
        'too-large',
        `the file is ${contentLength} bytes; ${file.category} uploads are limited to ${file.max_bytes} bytes`,
      );
    }
    if (!(await this.files.claimForUpload(fileId, this.instance, iso(this.clock.now())))) {
      throw new UploadRejected(
        'already-uploaded',
        `file ${fileId} has already been uploaded; request a new upload URL for another file`,
      );
    }
    try {
      // The type checked above is stored with the object (S3), so a presigned GET answers with it.
      const { bytes, sha256 } = await this.blobs.write(file.blob_key, body, {
        maxBytes: file.max_bytes,
        contentType: file.content_type,
      });
      // Zero bytes is no file of any type (and not a size over the limit).
      if (bytes === 0) {
        throw new UploadRejected(
          'empty',
          `the upload body is empty (0 bytes); send the ${file.category} file's bytes as the PUT body`,
        );
      }
      await this.files.markReady(fileId, bytes, sha256, iso(this.clock.now()));
      return { file_id: fileId, size: bytes };
    } catch (err) {
      await this.files.releaseUpload(fileId);
      if (err instanceof BlobTooLargeError) {
        throw new UploadRejected(
          'too-large',
          `${file.category} uploads are limited to ${file.max_bytes} bytes`,
        );
      }
      throw err;
    }
  }

  /**
   * A ready file of the caller's, of the expected category. Another account's file is reported
   * exactly like a missing one.
   */
  async resolve(caller: Caller, fileId: string, expected: FileCategory, param: string): Promise<FileRow> {
    const file = await this.files.get(fileId, caller.accountId);
    if (!file) throw ERRORS.notFound('file', fileId);
    if (file.category !== expected) {
      throw ERRORS.fileType(
        `${param} '${fileId}' is a ${file.category} file (.${file.extension}); this parameter needs a ${expected} file`,
      );
    }
    if (file.state !== 'ready') {
      throw ERRORS.invalid(
        `${param} '${fileId}' has not been uploaded yet; PUT the file to its upload_url first`,
      );
    }
    return file;
  }
}
