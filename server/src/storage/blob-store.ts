import type { Readable } from 'node:stream';

/** Where files live. Local disk by default; an S3-compatible store when scaled out. */
export interface BlobStore {
  /** Streams `source` into `key`; never buffers the whole body. Returns the byte count and SHA-256. */
  write(
    key: string,
    source: Readable,
    opts?: { maxBytes?: number },
  ): Promise<{ bytes: number; sha256: string }>;
  /** Copies a local file into the store (results made by workers). */
  putFile(key: string, localPath: string): Promise<void>;
  /** A local path to read the blob from (the file itself on disk stores; a temp copy otherwise). */
  toLocalPath(key: string, tmpDir: string): Promise<string>;
  stat(key: string): Promise<{ size: number } | null>;
  read(key: string, range?: { start: number; end: number }): Readable;
  delete(key: string): Promise<void>;
}

/** Raised by write() when the body exceeds maxBytes; the partial file is removed. */
export class BlobTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`body exceeds ${maxBytes} bytes`);
    this.name = 'BlobTooLargeError';
  }
}
