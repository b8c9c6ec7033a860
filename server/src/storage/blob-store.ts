import type { Readable } from 'node:stream';

/** An inclusive byte range, as HTTP `Range: bytes=start-end` has it. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where files live: local disk by default, an S3-compatible store when scaled out. Keys are
 * relative paths like `works/<task>/video.mp4` (see assertValidBlobKey); every method refuses any
 * other key by throwing.
 */
export interface BlobStore {
  readonly kind: 'local' | 's3';
  /**
   * Streams `source` into `key`; never buffers the whole body. Returns the byte count and SHA-256.
   * Over `maxBytes` it throws BlobTooLargeError, and nothing new is visible under `key`: a write
   * becomes visible all at once when it completes, never partly. `contentType` is stored where the
   * store keeps one (S3), and defaults to the type of the key's extension (contentTypeForKey); the
   * local disk ignores it.
   */
  write(
    key: string,
    source: Readable,
    opts?: { maxBytes?: number; contentType?: string },
  ): Promise<{ bytes: number; sha256: string }>;
  /** Copies a local file into the store (results made by workers); `contentType` as for write. */
  putFile(key: string, localPath: string, opts?: { contentType?: string }): Promise<void>;
  /**
   * A local path to read the blob from: the file itself on local disk (never delete it), a new
   * unique file inside `tmpDir` otherwise (the caller deletes `tmpDir`). Missing key → BlobNotFoundError.
   */
  toLocalPath(key: string, tmpDir: string): Promise<string>;
  /** The blob's size, or null when there is none under `key`. */
  stat(key: string): Promise<{ size: number } | null>;
  /** The blob's bytes (a range of them). Missing key → BlobNotFoundError, before any byte is read. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** Removes the blob; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  /**
   * A URL that downloads the blob with a plain GET (no header needed) until it expires, or null
   * when the store has none of its own (local disk: likeness signs its own /files/... URL).
   */
  presignedDownloadUrl(
    key: string,
    opts: { expiresInSec: number; contentType?: string },
  ): Promise<string | null>;
  /**
   * Removes what interrupted writes left behind once older than `olderThanMs`, and returns how many.
   * The age means different things, so pick the threshold per kind:
   * - local disk: partial files by mtime, which every chunk of a live write refreshes; so the
   *   threshold must exceed the longest *pause* of a live upload;
   * - S3: incomplete multipart uploads by initiation time (the store's clock); so the threshold must
   *   exceed the longest *whole* upload, plus clock skew.
   * 0 removes every partial (only when no other process can be writing).
   */
  sweepPartials(olderThanMs: number): Promise<number>;
  /**
   * Resolves when the store answers (S3: HeadBucket, so it proves read access, not write access;
   * local disk: the directory exists or can be made, and is writable). Otherwise throws an error
   * that says what to fix.
   */
  ping(): Promise<void>;
  /** Releases connections (S3 client); the store is not used afterwards. */
  close(): Promise<void>;
}

/** Raised by write() when the body exceeds maxBytes; nothing is left under the key. */
export class BlobTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`body exceeds ${maxBytes} bytes`);
    this.name = 'BlobTooLargeError';
  }
}

/** Raised by read() and toLocalPath() when there is no blob under the key. */
export class BlobNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`no blob under key ${key}`);
    this.name = 'BlobNotFoundError';
  }
}

/** Raised for a key that is not a plain relative path (a bug of the caller, never user input). */
export class InvalidBlobKeyError extends Error {
  constructor(
    readonly key: string,
    reason: string,
  ) {
    super(`invalid blob key ${JSON.stringify(key)}: ${reason}`);
    this.name = 'InvalidBlobKeyError';
  }
}

// S3 allows 1,024 bytes of UTF-8 per key.
const MAX_KEY_BYTES = 1024;

/**
 * Keys are relative `/`-separated paths: no leading `/`, no empty, `.` or `..` segment, no
 * backslash or control character. The same rule for both stores keeps a key that works on one
 * working on the other, and keeps the local store inside its root.
 */
export function assertValidBlobKey(key: string): void {
  if (key === '') throw new InvalidBlobKeyError(key, 'it is empty');
  if (Buffer.byteLength(key) > MAX_KEY_BYTES) throw new InvalidBlobKeyError(key, 'it exceeds 1024 bytes');
  if (key.startsWith('/')) throw new InvalidBlobKeyError(key, 'it starts with /');
  // Control characters are exactly what this check is for.
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(key))
    throw new InvalidBlobKeyError(key, 'it holds a backslash or a control character');
  for (const segment of key.split('/')) {
    if (segment === '') throw new InvalidBlobKeyError(key, 'it has an empty segment');
    if (segment === '.' || segment === '..')
      throw new InvalidBlobKeyError(key, `it has a ${segment} segment`);
  }
}
