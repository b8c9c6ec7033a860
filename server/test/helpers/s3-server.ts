import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { S3Config } from '../../src/storage/s3-config.js';

/**
 * A real HTTP S3 endpoint for tests: @20minutes/s3rver (checks SigV4 signatures and presigned URL
 * expiry) on 127.0.0.1, a free port, a fresh temp directory and one bucket, with the gaps it has
 * compared with real S3 filled (see s3GapsMiddleware).
 */
export interface TestS3Server {
  endpoint: string;
  bucket: string;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** A ready S3Config for this server (path style, its credentials). */
  config: S3Config;
  /** The S3 operations received so far, in order (`PutObject`, `UploadPart`, ...), to show which path a write took. */
  operations: string[];
  close(): Promise<void>;
}

// The minimal shapes of the untyped CommonJS package (it ships no type declarations).
interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  params?: Record<string, string>;
  status: number;
  type: string;
  body: unknown;
}
type Next = () => Promise<void>;
type Middleware = (ctx: KoaContext, next: Next) => Promise<void> | void;
interface S3rverInstance {
  middleware: Middleware[];
  store: {
    getBucket(name: string): Promise<unknown>;
    getResourcePath(bucket: string, key: undefined, resource: string): string;
  };
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverConstructor = new (opts: Record<string, unknown>) => S3rverInstance;
type S3ErrorConstructor = new (code: string, message: string, detail?: Record<string, string>) => Error;

const require = createRequire(import.meta.url);
const S3rver = require('@20minutes/s3rver') as S3rverConstructor;
const authentication = require('@20minutes/s3rver/lib/middleware/authentication.js') as () => Middleware;
const S3Error = require('@20minutes/s3rver/lib/models/error.js') as S3ErrorConstructor;

export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export async function startS3Server(opts: { bucket?: string } = {}): Promise<TestS3Server> {
  const bucket = opts.bucket ?? 'likeness-test';
  const directory = await mkdtemp(join(tmpdir(), 'likeness-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const operations: string[] = [];
  server.middleware.unshift((ctx, next) => {
    operations.push(operationOf(ctx));
    return next();
  });
  // Before s3rver's router (the last middleware), which holds its signature check and operations.
  server.middleware.splice(server.middleware.length - 1, 0, s3GapsMiddleware(server));
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  const region = 'us-east-1';
  return {
    endpoint,
    bucket,
    region,
    credentials: S3RVER_CREDENTIALS,
    config: { bucket, region, endpoint, forcePathStyle: true, credentials: S3RVER_CREDENTIALS },
    operations,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/**
 * Fills two gaps of s3rver 4.0.4 that real S3 does not have:
 * - it checks the signature of a bucket-level request (HEAD /<bucket>/, GET /<bucket>/?uploads)
 *   against `/<bucket>`, while SDK v3 sends and signs `/<bucket>/`: the signature is checked here
 *   against the path actually sent, and s3rver's own check then accepts the request it verified;
 * - ListMultipartUploads (GET /<bucket>/?uploads) and AbortMultipartUpload
 *   (DELETE /<bucket>/<key>?uploadId=), which it refuses, are answered here.
 */
function s3GapsMiddleware(server: S3rverInstance): Middleware {
  const checkSignature = authentication();
  return async (ctx, next) => {
    const [bucketPart, ...keyParts] = ctx.path.slice(1).split('/');
    const bucket = decodeURIComponent(bucketPart ?? '');
    const key = keyParts.map(decodeURIComponent).join('/');
    const uploadId = typeof ctx.query.uploadId === 'string' ? ctx.query.uploadId : undefined;
    const list = ctx.method === 'GET' && key === '' && 'uploads' in ctx.query;
    const abort = ctx.method === 'DELETE' && key !== '' && uploadId !== undefined;
    const bucketLevelWithSlash = bucket !== '' && key === '' && ctx.path.endsWith('/');
    if (!list && !abort && !bucketLevelWithSlash) return next();
    // s3rver's check sets ctx.state.account when the signature matches, and throws otherwise.
    ctx.params = key === '' ? { bucket: ctx.path.endsWith('/') ? `${bucket}/` : bucket } : { bucket, key };
    await checkSignature(ctx, async () => {});
    if (!list && !abort) return next();
    if (!(await server.store.getBucket(bucket))) {
      throw new S3Error('NoSuchBucket', 'The specified bucket does not exist', { BucketName: bucket });
    }
    const uploadsDir = server.store.getResourcePath(bucket, undefined, 'uploads');
    if (list) {
      const prefix = typeof ctx.query.prefix === 'string' ? ctx.query.prefix : '';
      ctx.type = 'application/xml';
      ctx.body = listUploadsXml(bucket, await pendingUploads(uploadsDir, prefix));
      return;
    }
    const id = uploadId ?? '';
    const dir = join(uploadsDir, id);
    const owner = /^[0-9a-f]+$/.test(id) ? await readFile(join(dir, 'key'), 'utf8').catch(() => null) : null;
    if (owner !== key) {
      throw new S3Error('NoSuchUpload', 'The specified upload does not exist.', { UploadId: id });
    }
    await rm(dir, { recursive: true, force: true });
    ctx.status = 204;
  };
}

/** Names the object and multipart operations the store uses; anything else as `METHOD ?query`. */
function operationOf(ctx: KoaContext): string {
  const q = ctx.query;
  const hasKey = /^\/[^/]+\/./.test(ctx.path);
  if (ctx.method === 'POST' && 'uploads' in q) return 'CreateMultipartUpload';
  if (ctx.method === 'PUT' && 'uploadId' in q) return 'UploadPart';
  if (ctx.method === 'POST' && 'uploadId' in q) return 'CompleteMultipartUpload';
  if (ctx.method === 'DELETE' && 'uploadId' in q) return 'AbortMultipartUpload';
  if (ctx.method === 'GET' && 'uploads' in q) return 'ListMultipartUploads';
  if (hasKey) {
    const op = { PUT: 'PutObject', GET: 'GetObject', HEAD: 'HeadObject', DELETE: 'DeleteObject' }[ctx.method];
    if (op) return op;
  }
  if (ctx.method === 'HEAD') return 'HeadBucket';
  return `${ctx.method} ?${Object.keys(q).join('&')}`;
}

interface PendingUpload {
  key: string;
  uploadId: string;
  initiated: Date;
}

/** s3rver keeps each upload in `<uploads>/<uploadId>/` with a `key` file written when it was initiated. */
async function pendingUploads(uploadsDir: string, prefix: string): Promise<PendingUpload[]> {
  const ids = await readdir(uploadsDir).catch(() => [] as string[]);
  const uploads: PendingUpload[] = [];
  for (const uploadId of ids) {
    const keyFile = join(uploadsDir, uploadId, 'key');
    const key = await readFile(keyFile, 'utf8').catch(() => null);
    if (key === null || !key.startsWith(prefix)) continue;
    uploads.push({ key, uploadId, initiated: (await stat(keyFile)).mtime });
  }
  // S3 lists by key, then by initiation time.
  return uploads.sort((a, b) =>
    a.key === b.key ? a.initiated.getTime() - b.initiated.getTime() : a.key < b.key ? -1 : 1,
  );
}

function listUploadsXml(bucket: string, uploads: PendingUpload[]): string {
  const items = uploads
    .map(
      (u) =>
        `<Upload><Key>${xml(u.key)}</Key><UploadId>${u.uploadId}</UploadId>` +
        '<Initiator><ID>123456789000</ID><DisplayName>S3rver</DisplayName></Initiator>' +
        '<Owner><ID>123456789000</ID><DisplayName>S3rver</DisplayName></Owner>' +
        `<StorageClass>STANDARD</StorageClass><Initiated>${u.initiated.toISOString()}</Initiated></Upload>`,
    )
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
    `<Bucket>${xml(bucket)}</Bucket><KeyMarker></KeyMarker><UploadIdMarker></UploadIdMarker>` +
    '<NextKeyMarker></NextKeyMarker><NextUploadIdMarker></NextUploadIdMarker>' +
    `<MaxUploads>1000</MaxUploads><IsTruncated>false</IsTruncated>${items}</ListMultipartUploadsResult>`
  );
}

function xml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
