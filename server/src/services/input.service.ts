import { join } from 'node:path';
import { AppError, ERRORS } from '../errors/app-error.js';
import type { SafeFetcher } from '../net/safe-fetch.js';
import { FetchRefusedError } from '../net/safe-fetch.js';
import type { FileRepository } from '../repositories/file.repository.js';
import type { BlobStore } from '../storage/blob-store.js';
import type { FileCategory } from './file-types.js';

/** A media input as submitted: an uploaded file of the account, or a URL the worker fetches. */
export type InputRef = { fileId: string } | { url: string };

export interface AcquiredInput {
  path: string;
  bytes: number;
  /** 'url:<sha256 of the URL>' or 'file:<id>': identifies the source (same video_url → same avatar). */
  origin: string;
  /** The file's SHA-256 when it is known already: taken as it was stored (an upload) or fetched. */
  sha256?: string;
}

const failFor = (category: FileCategory, message: string): AppError =>
  category === 'video'
    ? ERRORS.video(message)
    : category === 'audio'
      ? ERRORS.audio(message)
      : ERRORS.image(message);

/**
 * Brings a task's media input to a local file for the engine. URLs go through the one SSRF-safe
 * fetcher; uploaded files are read from the blob store. Failures become the spec's resource codes.
 */
export class InputService {
  constructor(
    private readonly files: FileRepository,
    private readonly blobs: BlobStore,
    private readonly fetcher: SafeFetcher,
  ) {}

  async acquire(
    accountId: string,
    ref: InputRef,
    category: FileCategory,
    maxBytes: number,
    tmpDir: string,
    signal: AbortSignal,
  ): Promise<AcquiredInput> {
    if ('fileId' in ref) {
      const file = await this.files.get(ref.fileId, accountId);
      if (!file || file.state !== 'ready') throw ERRORS.notFound('file', ref.fileId);
      return {
        path: await this.blobs.toLocalPath(file.blob_key, tmpDir),
        bytes: file.size_bytes ?? 0,
        origin: `file:${file.id}`,
        ...(file.sha256 ? { sha256: file.sha256 } : {}),
      };
    }
    const dest = join(tmpDir, `input-${category}`);
    try {
      const got = await this.fetcher.fetchToFile(ref.url, dest, { maxBytes, signal });
      return { path: got.path, bytes: got.bytes, origin: ref.url, sha256: got.sha256 };
    } catch (err) {
      if (!(err instanceof FetchRefusedError)) throw err;
      if (err.reason === 'too-large') throw ERRORS.fileTooLarge(`the file at ${category}_url`, maxBytes);
      const why: Record<string, string> = {
        'bad-url': 'the URL is not valid',
        scheme: 'only http and https URLs can be fetched',
        'blocked-address': 'the URL points to a private or local address, which this server does not fetch',
        dns: 'the host name could not be resolved',
        timeout: 'the download timed out',
        'http-status': `the server answered HTTP ${err.status ?? '?'}`,
        'too-many-redirects': 'the URL redirects too many times',
        network: 'the download failed',
      };
      throw failFor(category, `could not fetch the ${category}: ${why[err.reason] ?? err.message}`);
    }
  }
}
