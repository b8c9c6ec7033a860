import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import {
  CreateMultipartUploadCommand,
  ListMultipartUploadsCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import {
  BlobNotFoundError,
  BlobTooLargeError,
  InvalidBlobKeyError,
  type BlobStore,
} from '../../src/storage/blob-store.js';
import { LocalDiskBlobStore } from '../../src/storage/local-disk-blob-store.js';
import { S3BlobStore } from '../../src/storage/s3-blob-store.js';
import { startS3Server, type TestS3Server } from '../helpers/s3-server.js';

/** What the shared cases need from each adapter besides the store itself. */
interface Harness {
  store: BlobStore;
  /** A store of the same kind whose backend is missing (no such bucket, an unusable directory). */
  broken: BlobStore;
  /** A scratch directory, as a job's tmp dir. */
  scratch: string;
  /** Leaves what a process that crashed mid-write leaves under `key`. */
  abandonPartial(key: string): Promise<void>;
  /** How many abandoned partial writes the store holds. */
  countPartials(): Promise<number>;
  close(): Promise<void>;
}

const MIB = 1024 * 1024;
const HOUR_MS = 3600_000;

/** Fixed bytes: a pattern whose period (251 × 256) does not line up with part or chunk sizes. */
function pattern(size: number, seed = 0): Buffer {
  const b = Buffer.alloc(size);
  for (let i = 0; i < size; i++) b[i] = (i % 251) ^ ((Math.floor(i / 251) + seed) & 0xff);
  return b;
}

/** Streams `data` in 64 KiB chunks, as an HTTP body arrives. */
function streamOf(data: Buffer): Readable {
  return Readable.from(
    (function* () {
      for (let at = 0; at < data.length; at += 64 * 1024) yield data.subarray(at, at + 64 * 1024);
    })(),
  );
}

async function readAll(r: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of r) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** A port nothing listens on: one the system just gave out and was released. */
async function closedPort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as AddressInfo;
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

const BAD_KEYS = [
  '',
  '/abs/file.mp4',
  'a//b.mp4',
  'dir/',
  '../up.mp4',
  'a/../b.mp4',
  'a/./b.mp4',
  'a\\b.mp4',
];

function blobStoreContract<H extends Harness>(
  name: string,
  makeHarness: () => Promise<H>,
  extra?: (h: () => H) => void,
) {
  describe(`BlobStore contract: ${name}`, () => {
    let h: H;
    before(async () => {
      h = await makeHarness();
    });
    after(() => h.close());

    test('write streams a body in and stat/read give it back, with its byte count and SHA-256', async () => {
      const body = pattern(100_000);
      const got = await h.store.write('works/t1/video.mp4', streamOf(body), { contentType: 'video/mp4' });
      assert.deepEqual(got, { bytes: body.length, sha256: sha256(body) });
      assert.deepEqual(await h.store.stat('works/t1/video.mp4'), { size: body.length });
      assert.ok((await readAll(await h.store.read('works/t1/video.mp4'))).equals(body));
    });

    test('a write over an existing key replaces it', async () => {
      const body = pattern(1000, 7);
      await h.store.write('works/t2/a.bin', streamOf(pattern(5000)));
      await h.store.write('works/t2/a.bin', streamOf(body));
      assert.ok((await readAll(await h.store.read('works/t2/a.bin'))).equals(body));
    });

    test('a ranged read returns the inclusive byte range', async () => {
      const body = pattern(10_000, 3);
      await h.store.write('works/t3/range.bin', streamOf(body));
      const part = await readAll(await h.store.read('works/t3/range.bin', { start: 1000, end: 1999 }));
      assert.ok(part.equals(body.subarray(1000, 2000)));
      const one = await readAll(await h.store.read('works/t3/range.bin', { start: 9999, end: 9999 }));
      assert.deepEqual([...one], [body[9999]]);
    });

    test('an 11 MiB body streams through (multipart on S3: three 5 MiB parts)', async () => {
      const body = pattern(11 * MIB, 11);
      const got = await h.store.write('uploads/big/clip.mp4', streamOf(body));
      assert.deepEqual(got, { bytes: body.length, sha256: sha256(body) });
      assert.deepEqual(await h.store.stat('uploads/big/clip.mp4'), { size: body.length });
      assert.equal(sha256(await readAll(await h.store.read('uploads/big/clip.mp4'))), sha256(body));
      await h.store.delete('uploads/big/clip.mp4');
    });

    test('a body over maxBytes throws BlobTooLargeError and leaves nothing, not even a partial', async () => {
      await assert.rejects(
        h.store.write('uploads/small/too-big.png', streamOf(pattern(1000)), { maxBytes: 999 }),
        BlobTooLargeError,
      );
      assert.equal(await h.store.stat('uploads/small/too-big.png'), null);
      assert.equal(await h.countPartials(), 0);
    });

    test('a body over maxBytes after a part went up is aborted too (multipart path on S3)', async () => {
      await assert.rejects(
        h.store.write('uploads/big/too-big.mp4', streamOf(pattern(11 * MIB)), { maxBytes: 6 * MIB }),
        (err: unknown) => err instanceof BlobTooLargeError && err.maxBytes === 6 * MIB,
      );
      assert.equal(await h.store.stat('uploads/big/too-big.mp4'), null);
      assert.equal(await h.countPartials(), 0);
    });

    test('a body that fails mid-stream rejects with its error and leaves nothing', async () => {
      const failing = Readable.from(
        (function* () {
          yield pattern(1000);
          throw new Error('client went away');
        })(),
      );
      await assert.rejects(h.store.write('uploads/cut/cut.mp4', failing), /client went away/);
      assert.equal(await h.store.stat('uploads/cut/cut.mp4'), null);
      assert.equal(await h.countPartials(), 0);
    });

    test('putFile copies a local file in', async () => {
      const body = pattern(70_000, 5);
      const file = join(h.scratch, 'result.png');
      await writeFile(file, body);
      await h.store.putFile('avatars/a1/poster.png', file, { contentType: 'image/png' });
      assert.deepEqual(await h.store.stat('avatars/a1/poster.png'), { size: body.length });
      assert.ok((await readAll(await h.store.read('avatars/a1/poster.png'))).equals(body));
    });

    test('toLocalPath gives a file with the same bytes; a missing key is BlobNotFoundError', async () => {
      const body = pattern(30_000, 9);
      await h.store.write('avatars/a2/media.mp4', streamOf(body));
      const jobTmp = join(h.scratch, 'job-1');
      const path = await h.store.toLocalPath('avatars/a2/media.mp4', jobTmp);
      assert.ok((await readFile(path)).equals(body));
      assert.match(path, /\.mp4$/);
      await assert.rejects(h.store.toLocalPath('avatars/none/media.mp4', jobTmp), BlobNotFoundError);
    });

    test('a missing key: stat is null, read is BlobNotFoundError, delete is a no-op', async () => {
      assert.equal(await h.store.stat('works/none/video.mp4'), null);
      await assert.rejects(h.store.read('works/none/video.mp4'), BlobNotFoundError);
      await h.store.delete('works/none/video.mp4');
    });

    test('delete removes a blob and can be repeated', async () => {
      await h.store.write('works/t4/gone.mp4', streamOf(pattern(10)));
      await h.store.delete('works/t4/gone.mp4');
      assert.equal(await h.store.stat('works/t4/gone.mp4'), null);
      await h.store.delete('works/t4/gone.mp4');
    });

    test('keys that are not plain relative paths are refused by every method', async () => {
      const file = join(h.scratch, 'any.bin');
      await writeFile(file, pattern(10));
      for (const key of BAD_KEYS) {
        const calls: Array<[string, () => Promise<unknown>]> = [
          ['write', () => h.store.write(key, streamOf(pattern(10)))],
          ['putFile', () => h.store.putFile(key, file)],
          ['toLocalPath', () => h.store.toLocalPath(key, h.scratch)],
          ['stat', () => h.store.stat(key)],
          ['read', () => h.store.read(key)],
          ['delete', () => h.store.delete(key)],
          ['presignedDownloadUrl', () => h.store.presignedDownloadUrl(key, { expiresInSec: 60 })],
        ];
        for (const [method, call] of calls) {
          await assert.rejects(call(), InvalidBlobKeyError, `${method}(${JSON.stringify(key)})`);
        }
      }
    });

    test('presignedDownloadUrl: null on local disk; on S3 a plain GET of it downloads the bytes', async () => {
      const body = pattern(4000, 2);
      await h.store.write('works/t5/video.mp4', streamOf(body));
      const url = await h.store.presignedDownloadUrl('works/t5/video.mp4', {
        expiresInSec: 600,
        contentType: 'video/mp4',
      });
      if (h.store.kind === 'local') return assert.equal(url, null);
      assert.ok(url);
      const res = await fetch(url);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('content-type'), 'video/mp4');
      assert.ok(Buffer.from(await res.arrayBuffer()).equals(body));
    });

    test('sweepPartials keeps a partial younger than the threshold and removes it at 0', async () => {
      await h.abandonPartial('uploads/crash/file.mp4');
      assert.equal(await h.countPartials(), 1);
      assert.equal(await h.store.sweepPartials(HOUR_MS), 0);
      assert.equal(await h.countPartials(), 1);
      assert.equal(await h.store.sweepPartials(0), 1);
      assert.equal(await h.countPartials(), 0);
      assert.equal(await h.store.stat('uploads/crash/file.mp4'), null);
    });

    test('ping answers for a working store and throws, saying what is wrong, for a missing one', async () => {
      await h.store.ping();
      await assert.rejects(h.broken.ping(), /does not exist|not usable/);
    });

    extra?.(() => h);
  });
}

blobStoreContract(
  'local disk',
  async (): Promise<Harness & { root: string }> => {
    const dir = await mkdtemp(join(tmpdir(), 'likeness-blobs-'));
    const root = join(dir, 'blobs');
    const scratch = join(dir, 'scratch');
    await mkdir(scratch);
    // A directory cannot be made under a regular file: the local twin of a missing bucket.
    await writeFile(join(dir, 'not-a-dir'), 'x');
    const partials = async () =>
      (await readdir(root, { recursive: true }).catch(() => [] as string[])).filter((p) =>
        p.includes('.part-'),
      );
    return {
      root,
      store: new LocalDiskBlobStore(root),
      broken: new LocalDiskBlobStore(join(dir, 'not-a-dir', 'blobs')),
      scratch,
      async abandonPartial(key) {
        const path = join(root, `${key}.part-999999-1700000000000-0badf00d`);
        await mkdir(dirname(path), { recursive: true });
        await writeFile(path, pattern(100));
      },
      countPartials: async () => (await partials()).length,
      close: () => rm(dir, { recursive: true, force: true }),
    };
  },
  (h) => {
    test('sweepPartials removes only partials older than the threshold, by mtime, old names included', async () => {
      const { store, root } = h();
      const fresh = join(root, 'uploads/u/fresh.png.part-1-1700000000000-00aa11bb');
      const old = join(root, 'uploads/u/old.png.part-2-1700000000000-00cc22dd');
      const legacy = join(root, 'uploads/u/legacy.png.part-123-456');
      await mkdir(dirname(fresh), { recursive: true });
      for (const p of [fresh, old, legacy]) await writeFile(p, pattern(10));
      const twoHoursAgo = new Date(Date.now() - 2 * HOUR_MS);
      await utimes(old, twoHoursAgo, twoHoursAgo);
      await utimes(legacy, twoHoursAgo, twoHoursAgo);
      assert.equal(await store.sweepPartials(HOUR_MS), 2);
      assert.deepEqual(
        (await readdir(dirname(fresh))).filter((n) => n.includes('.part-')),
        ['fresh.png.part-1-1700000000000-00aa11bb'],
      );
      assert.equal(await store.sweepPartials(0), 1);
    });

    test('a key named like a partial write is refused', async () => {
      await assert.rejects(h().store.stat('uploads/x.png.part-1-2'), InvalidBlobKeyError);
    });
  },
);

describe('S3 (s3rver)', () => {
  let server: TestS3Server;
  let admin: S3Client;
  before(async () => {
    server = await startS3Server();
    admin = new S3Client({
      region: server.region,
      endpoint: server.endpoint,
      forcePathStyle: true,
      credentials: server.credentials,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  });
  after(async () => {
    admin.destroy();
    await server.close();
  });

  blobStoreContract(
    's3',
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'likeness-s3-scratch-'));
      // Frozen, as loadConfig hands it over (the SDK must not write into it).
      const store = new S3BlobStore(
        Object.freeze({ ...server.config, credentials: Object.freeze({ ...server.credentials }) }),
      );
      const broken = new S3BlobStore({ ...server.config, bucket: 'no-such-bucket' });
      return {
        store,
        broken,
        scratch: dir,
        async abandonPartial(key) {
          const { UploadId } = await admin.send(
            new CreateMultipartUploadCommand({ Bucket: server.bucket, Key: key }),
          );
          await admin.send(
            new UploadPartCommand({
              Bucket: server.bucket,
              Key: key,
              UploadId,
              PartNumber: 1,
              Body: pattern(100),
            }),
          );
        },
        async countPartials() {
          const page = await admin.send(new ListMultipartUploadsCommand({ Bucket: server.bucket }));
          return page.Uploads?.length ?? 0;
        },
        async close() {
          await store.close();
          await broken.close();
          await rm(dir, { recursive: true, force: true });
        },
      };
    },
    (h) => {
      const count = (op: string) => server.operations.filter((o) => o === op).length;

      test('a small write is one PutObject; 11 MiB is a multipart upload of three parts', async () => {
        server.operations.length = 0;
        await h().store.write('works/s0/small.mp4', streamOf(pattern(1000)));
        assert.deepEqual(server.operations, ['PutObject']);
        server.operations.length = 0;
        await h().store.write('works/s0/big.mp4', streamOf(pattern(11 * MIB)));
        assert.equal(count('CreateMultipartUpload'), 1);
        assert.equal(count('UploadPart'), 3);
        assert.equal(count('CompleteMultipartUpload'), 1);
        assert.equal(count('PutObject'), 0);
        await h().store.delete('works/s0/big.mp4');
      });

      test('a write over maxBytes after a part went up aborts its multipart upload', async () => {
        server.operations.length = 0;
        await assert.rejects(
          h().store.write('works/s0/too-big.mp4', streamOf(pattern(11 * MIB)), { maxBytes: 6 * MIB }),
          BlobTooLargeError,
        );
        assert.equal(count('CreateMultipartUpload'), 1);
        assert.ok(count('UploadPart') >= 1);
        assert.equal(count('AbortMultipartUpload'), 1);
        assert.equal(count('CompleteMultipartUpload'), 0);
      });

      test('a presigned URL with a tampered signature is refused with 403', async () => {
        await h().store.write('works/s1/video.mp4', streamOf(pattern(100)));
        const url = new URL(
          (await h().store.presignedDownloadUrl('works/s1/video.mp4', { expiresInSec: 600 }))!,
        );
        const sig = url.searchParams.get('X-Amz-Signature')!;
        url.searchParams.set('X-Amz-Signature', (sig[0] === '0' ? '1' : '0') + sig.slice(1));
        assert.equal((await fetch(url)).status, 403);
      });

      test('a presigned URL stops working once expired (signed two hours ago for 60 s)', async () => {
        const signedEarlier = new S3BlobStore(server.config, {
          now: () => new Date(Date.now() - 2 * HOUR_MS),
        });
        try {
          await h().store.write('works/s2/video.mp4', streamOf(pattern(100)));
          const url = await signedEarlier.presignedDownloadUrl('works/s2/video.mp4', { expiresInSec: 60 });
          const res = await fetch(url!);
          assert.equal(res.status, 403);
          assert.match(await res.text(), /expired/);
        } finally {
          await signedEarlier.close();
        }
      });

      test('the content type given to write is what a presigned GET answers with', async () => {
        await h().store.write('works/s3/audio.mp3', streamOf(pattern(100)), { contentType: 'audio/mpeg' });
        const url = await h().store.presignedDownloadUrl('works/s3/audio.mp3', { expiresInSec: 600 });
        const res = await fetch(url!);
        assert.equal(res.headers.get('content-type'), 'audio/mpeg');
        await res.arrayBuffer();
      });

      test("without a content type, write and putFile store the type of the key's extension", async () => {
        const file = join(h().scratch, 'cover-s4.png');
        await writeFile(file, pattern(100));
        await h().store.putFile('covers/s4/cover.png', file);
        await h().store.write('works/s4/video.mp4', streamOf(pattern(100)));
        await h().store.write('avatars/s4/face-track.bin', streamOf(pattern(100)));
        const typeOf = async (key: string) => {
          const url = await h().store.presignedDownloadUrl(key, { expiresInSec: 600 });
          const res = await fetch(url!);
          await res.arrayBuffer();
          return res.headers.get('content-type');
        };
        assert.equal(await typeOf('covers/s4/cover.png'), 'image/png');
        assert.equal(await typeOf('works/s4/video.mp4'), 'video/mp4');
        assert.equal(await typeOf('avatars/s4/face-track.bin'), 'application/octet-stream');
      });

      test('ping names the cause: wrong credentials, or no store at the endpoint', async () => {
        const wrongSecret = new S3BlobStore({
          ...server.config,
          credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'wrong' },
        });
        const closed = await closedPort();
        const nobody = new S3BlobStore({ ...server.config, endpoint: `http://127.0.0.1:${closed}` });
        try {
          await assert.rejects(wrongSecret.ping(), /refused access .*S3_ACCESS_KEY_ID/);
          await assert.rejects(nobody.ping(), /did not answer.*check S3_ENDPOINT/);
        } finally {
          await wrongSecret.close();
          await nobody.close();
        }
      });

      test('presigned URLs are refused beyond the 7 days S3 allows', async () => {
        await assert.rejects(
          h().store.presignedDownloadUrl('works/s3/audio.mp3', { expiresInSec: 8 * 24 * 3600 }),
          RangeError,
        );
      });
    },
  );
});
