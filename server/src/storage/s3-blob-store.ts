import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { pipeline as pipelineCb, Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  assertValidBlobKey,
  BlobNotFoundError,
  BlobTooLargeError,
  type BlobStore,
  type ByteRange,
} from './blob-store.js';
import { contentTypeForKey } from './content-types.js';
import { S3_MAX_PRESIGN_SEC, type S3Config } from './s3-config.js';

export interface S3BlobStoreOptions {
  /**
   * The signing time of presigned URLs. The store checks their expiry against its own clock, so this
   * is real time in production; a test passes a past time to get a URL that has already expired.
   */
  now?: () => Date;
  /** Bytes per multipart part (S3's minimum, 5 MiB, by default). Memory per write: partSize × queueSize. */
  partSize?: number;
  /** Parts uploaded at once per write. */
  queueSize?: number;
}

const MIB = 1024 * 1024;
const PING_TIMEOUT_MS = 10_000;

/** Blobs in one bucket of an S3-compatible store, streamed in and out. */
export class S3BlobStore implements BlobStore {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly now: () => Date;
  private readonly partSize: number;
  private readonly queueSize: number;

  constructor(
    private readonly cfg: S3Config,
    opts: S3BlobStoreOptions = {},
  ) {
    this.bucket = cfg.bucket;
    this.now = opts.now ?? (() => new Date());
    this.partSize = opts.partSize ?? 5 * MIB;
    this.queueSize = opts.queueSize ?? 2;
    this.client = new S3Client({
      region: cfg.region,
      ...(cfg.endpoint !== undefined && { endpoint: cfg.endpoint }),
      forcePathStyle: cfg.forcePathStyle,
      // A copy: the SDK writes into the credentials object it is given (`$source`), and the
      // config's is frozen.
      ...(cfg.credentials !== undefined && { credentials: { ...cfg.credentials } }),
      // Since 3.729 the SDK adds CRC checksums by default: streamed uploads then use a trailer
      // encoding that several S3-compatible stores refuse. Only send them where S3 requires them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /**
   * Parts go up as they fill (at most partSize × queueSize bytes held at once); the object appears
   * under `key` only when the last part is in. Over maxBytes the multipart upload is aborted.
   */
  async write(key: string, source: Readable, opts: { maxBytes?: number; contentType?: string } = {}) {
    assertValidBlobKey(key);
    const max = opts.maxBytes ?? Number.POSITIVE_INFINITY;
    const hash = createHash('sha256');
    let bytes = 0;
    let tooLarge = false;
    const meter = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        bytes += chunk.length;
        if (bytes > max) {
          tooLarge = true;
          return cb(new BlobTooLargeError(max));
        }
        hash.update(chunk);
        cb(null, chunk);
      },
    });
    // pipeline, not pipe: an error of the source reaches the upload through the meter, and
    // destroying the meter when the upload fails destroys the source too. Errors surface via done().
    pipelineCb(source, meter, () => {});
    try {
      await this.upload(key, meter, opts.contentType);
    } catch (err) {
      // The upload may report its abort (or a failed abort) rather than the cause; the cause wins.
      // A multipart upload whose abort failed is left for sweepPartials.
      if (tooLarge) throw new BlobTooLargeError(max);
      throw err;
    }
    return { bytes, sha256: hash.digest('hex') };
  }

  async putFile(key: string, localPath: string, opts: { contentType?: string } = {}): Promise<void> {
    assertValidBlobKey(key);
    await this.upload(key, createReadStream(localPath), opts.contentType);
  }

  /**
   * One PutObject when the body fits in a part, a multipart upload otherwise (aborted on failure).
   * Without a content type the key's extension gives one: the object keeps it, and a presigned GET
   * answers with it (S3 would say binary/octet-stream and players would not play the file inline).
   */
  private async upload(key: string, body: Readable, contentType: string | undefined): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentType: contentType ?? contentTypeForKey(key),
      },
      partSize: this.partSize,
      queueSize: this.queueSize,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (err) {
      // The upload stopped reading: release the source (and, through pipeline, whatever feeds it).
      body.destroy();
      throw err;
    }
  }

  async toLocalPath(key: string, tmpDir: string): Promise<string> {
    await mkdir(tmpDir, { recursive: true });
    const body = await this.read(key);
    // Keep a plain extension: media tools guess formats from it.
    const ext = extname(key);
    const path = join(tmpDir, `blob-${randomUUID()}${/^\.[A-Za-z0-9]{1,10}$/.test(ext) ? ext : ''}`);
    try {
      await pipeline(body, createWriteStream(path, { flags: 'wx' }));
    } catch (err) {
      await rm(path, { force: true });
      throw err;
    }
    return path;
  }

  async stat(key: string): Promise<{ size: number } | null> {
    assertValidBlobKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? 0 };
    } catch (err) {
      if (httpStatus(err) === 404) return null;
      throw err;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    assertValidBlobKey(key);
    try {
      const out = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          ...(range && { Range: `bytes=${range.start}-${range.end}` }),
        }),
      );
      // In Node the SDK's body is the HTTP response itself, a Readable.
      if (!(out.Body instanceof Readable)) throw new Error(`S3 GetObject of ${key} returned no stream`);
      return out.Body;
    } catch (err) {
      if (httpStatus(err) === 404) throw new BlobNotFoundError(key);
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidBlobKey(key);
    // S3 answers 204 for a missing key too.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** A query-string SigV4 GET: works with no header at all, until `expiresInSec` has passed. */
  async presignedDownloadUrl(
    key: string,
    opts: { expiresInSec: number; contentType?: string },
  ): Promise<string> {
    assertValidBlobKey(key);
    if (
      !Number.isInteger(opts.expiresInSec) ||
      opts.expiresInSec < 1 ||
      opts.expiresInSec > S3_MAX_PRESIGN_SEC
    ) {
      throw new RangeError(
        `presigned URLs last 1 to ${S3_MAX_PRESIGN_SEC} seconds; got ${opts.expiresInSec}`,
      );
    }
    const get = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ...(opts.contentType !== undefined && { ResponseContentType: opts.contentType }),
    });
    return getSignedUrl(this.client, get, { expiresIn: opts.expiresInSec, signingDate: this.now() });
  }

  /**
   * Aborts incomplete multipart uploads initiated more than `olderThanMs` ago, in the whole bucket.
   * "Initiated" is the store's clock: keep the threshold far above any clock skew (hours, not seconds).
   */
  async sweepPartials(olderThanMs: number): Promise<number> {
    const cutoff = Date.now() - olderThanMs;
    let removed = 0;
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    for (;;) {
      const page = await this.client.send(
        new ListMultipartUploadsCommand({
          Bucket: this.bucket,
          KeyMarker: keyMarker,
          UploadIdMarker: uploadIdMarker,
        }),
      );
      for (const u of page.Uploads ?? []) {
        if (u.Key === undefined || u.UploadId === undefined) continue;
        if (olderThanMs > 0 && (u.Initiated === undefined || u.Initiated.getTime() > cutoff)) continue;
        try {
          await this.client.send(
            new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: u.Key, UploadId: u.UploadId }),
          );
          removed++;
        } catch (err) {
          // Completed or aborted by its writer (or another sweeper) since the listing.
          if (httpStatus(err) !== 404) throw err;
        }
      }
      if (!page.IsTruncated || page.NextKeyMarker === undefined) return removed;
      keyMarker = page.NextKeyMarker;
      uploadIdMarker = page.NextUploadIdMarker;
    }
  }

  async ping(): Promise<void> {
    const where = this.cfg.endpoint ?? `AWS S3 in ${this.cfg.region}`;
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }), {
        abortSignal: AbortSignal.timeout(PING_TIMEOUT_MS),
      });
    } catch (err) {
      throw new Error(pingFailure(httpStatus(err), this.bucket, where, err), { cause: err });
    }
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}

function pingFailure(status: number | undefined, bucket: string, where: string, err: unknown): string {
  if (status === 404) return `S3 bucket '${bucket}' does not exist at ${where}: create it, or fix S3_BUCKET`;
  if (status === 401 || status === 403) {
    return (
      `S3 refused access to bucket '${bucket}' at ${where} (HTTP ${status}): check S3_ACCESS_KEY_ID, ` +
      'S3_SECRET_ACCESS_KEY and the bucket policy'
    );
  }
  if (status === 301 || status === 400) {
    return `S3 bucket '${bucket}' at ${where} answered HTTP ${status}: it may be in another region; check S3_REGION`;
  }
  const why = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  return `the S3 store at ${where} did not answer (${why}): check S3_ENDPOINT and that the store is running`;
}

/** The HTTP status of an SDK error (HEAD errors have no body, so their name is only "NotFound"). */
function httpStatus(err: unknown): number | undefined {
  const meta = (err as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata;
  return meta?.httpStatusCode;
}
