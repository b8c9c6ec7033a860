import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadConfig } from '../config.js';
import type { Clock } from '../lib/clock.js';
import type { BlobStore } from '../storage/blob-store.js';
import { LocalDiskBlobStore } from '../storage/local-disk-blob-store.js';
import { UrlSigner } from './url-signer.js';

const SECRET = 'a-signing-secret-of-at-least-32-characters';
const TTL = 3600;
const config = loadConfig(
  { LIKENESS_PUBLIC_URL: 'https://avatars.example.com', LIKENESS_DOWNLOAD_URL_TTL: String(TTL) },
  '/srv',
);

/** A clock the test moves by hand. */
function manualClock(): Clock & { advance(sec: number): void } {
  let ms = Date.UTC(2030, 0, 1);
  return { now: () => new Date(ms), advance: (sec) => (ms += sec * 1000) };
}

/**
 * A store that presigns like S3 and records each call; any other method is a call the signer must
 * never make, so it fails the test.
 */
function presigningStore(): BlobStore & { calls: { key: string; expiresInSec: number }[] } {
  const calls: { key: string; expiresInSec: number }[] = [];
  const unexpected = () => Promise.reject(new Error('UrlSigner must only presign'));
  return {
    kind: 's3',
    calls,
    async presignedDownloadUrl(key, opts) {
      calls.push({ key, expiresInSec: opts.expiresInSec });
      return `https://bucket.s3.example.com/${key}?X-Amz-Expires=${opts.expiresInSec}&X-Amz-Signature=${calls.length}`;
    },
    write: unexpected,
    putFile: unexpected,
    toLocalPath: unexpected,
    stat: unexpected,
    read: unexpected,
    delete: unexpected,
    sweepPartials: unexpected,
    ping: unexpected,
    close: unexpected,
  };
}

test('local store: a /files/<key> URL of likeness, signed for the download TTL and verifiable', async () => {
  const clock = manualClock();
  const urls = new UrlSigner(config, SECRET, clock, new LocalDiskBlobStore('/srv/data/blobs'));
  const url = new URL(await urls.downloadUrl('works/t 1/vídeo.mp4'));
  assert.equal(url.origin, 'https://avatars.example.com');
  assert.equal(url.pathname, '/files/works/t%201/v%C3%ADdeo.mp4');
  const exp = Number(url.searchParams.get('exp'));
  assert.equal(exp, clock.now().getTime() / 1000 + TTL);
  const query = { exp: url.searchParams.get('exp'), sig: url.searchParams.get('sig') };
  assert.equal(urls.verifyDownload('works/t 1/vídeo.mp4', query), 'ok');
  assert.equal(urls.verifyDownload('works/t 2/vídeo.mp4', query), 'bad-signature');
});

test('local store: the same URL until half its life has passed, then a new one', async () => {
  const clock = manualClock();
  const urls = new UrlSigner(config, SECRET, clock, new LocalDiskBlobStore('/srv/data/blobs'));
  const first = await urls.downloadUrl('works/t_1/video.mp4');
  clock.advance(TTL / 2 - 1);
  assert.equal(await urls.downloadUrl('works/t_1/video.mp4'), first);
  clock.advance(1);
  const second = await urls.downloadUrl('works/t_1/video.mp4');
  assert.notEqual(second, first);
  assert.equal(Number(new URL(second).searchParams.get('exp')), clock.now().getTime() / 1000 + TTL);
});

test('a store that presigns: its URL, asked for the download TTL, reused until half-life', async () => {
  const clock = manualClock();
  const store = presigningStore();
  const urls = new UrlSigner(config, SECRET, clock, store);
  const first = await urls.downloadUrl('covers/a_1/cov_1.png');
  assert.equal(
    first,
    'https://bucket.s3.example.com/covers/a_1/cov_1.png?X-Amz-Expires=3600&X-Amz-Signature=1',
  );
  assert.deepEqual(store.calls, [{ key: 'covers/a_1/cov_1.png', expiresInSec: TTL }]);
  clock.advance(TTL / 2 - 1);
  assert.equal(await urls.downloadUrl('covers/a_1/cov_1.png'), first);
  assert.equal(store.calls.length, 1);
  clock.advance(1);
  assert.match(await urls.downloadUrl('covers/a_1/cov_1.png'), /X-Amz-Signature=2$/);
  assert.equal(store.calls.length, 2);
});

test('upload URLs stay likeness’s own, whatever the store', async () => {
  const urls = new UrlSigner(config, SECRET, manualClock(), presigningStore());
  const { url } = urls.uploadUrl('file_1', 'video/mp4');
  assert.match(url, /^https:\/\/avatars\.example\.com\/files\/upload\/file_1\?exp=\d+&sig=/);
});
