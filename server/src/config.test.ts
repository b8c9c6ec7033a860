import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './config.js';

test('defaults are documented values', () => {
  const c = loadConfig({}, '/srv');
  assert.equal(c.server.port, 3000);
  assert.equal(c.server.host, '127.0.0.1');
  assert.equal(c.server.publicUrl, 'http://127.0.0.1:3000');
  assert.equal(c.dataDir, '/srv/data');
  assert.deepEqual(c.fetch.allow, []);
  assert.equal(c.prices.videoPerMinute, 10);
  assert.equal(c.limits.maxActiveWorks, 100);
  assert.equal(c.plans.gates, false);
  assert.equal(c.plans.minimums.video_sing, 'free');
  assert.equal(c.contract.mode, 'lenient');
  assert.deepEqual(c.callbacks.retryScheduleSec, [10, 30, 60, 120]);
  assert.ok(Object.isFrozen(c.server));
});

test('values are parsed and every bad one is reported at once', () => {
  const c = loadConfig(
    {
      PORT: '8080',
      LIKENESS_PUBLIC_URL: 'https://a.example.com/',
      LIKENESS_FETCH_ALLOW: '127.0.0.1:9000, fixtures.local',
    },
    '/',
  );
  assert.equal(c.server.publicUrl, 'https://a.example.com');
  assert.deepEqual(c.fetch.allow, ['127.0.0.1:9000', 'fixtures.local']);
  assert.throws(
    () =>
      loadConfig({
        PORT: '-1',
        LIKENESS_WORKERS: 'many',
        LIKENESS_CALLBACK_RETRY_SEC: '200,200',
        LIKENESS_DEFAULT_PLAN: 'gold',
      }),
    (e: unknown) => e instanceof ConfigError && e.problems.length === 4 && /retry window/.test(e.message),
  );
});

const SECRET = 'a-signing-secret-of-at-least-32-characters';

test('DATABASE_URL: a postgres URL switches the database; anything else is refused, naming the variable', () => {
  const c = loadConfig(
    { DATABASE_URL: 'postgres://app:pw@db:5432/likeness', LIKENESS_SIGNING_SECRET: SECRET },
    '/srv',
  );
  assert.equal(c.database.url, 'postgres://app:pw@db:5432/likeness');
  assert.equal(loadConfig({}, '/srv').database.url, null);
  assert.throws(
    () => loadConfig({ DATABASE_URL: 'mysql://app:secretpw@db/x', LIKENESS_SIGNING_SECRET: SECRET }, '/srv'),
    (e: unknown) =>
      e instanceof ConfigError &&
      /DATABASE_URL: expected a postgres:\/\/ or postgresql:\/\/ URL/.test(e.message) &&
      !e.message.includes('secretpw'),
  );
});

test('REDIS_URL: a redis:// or rediss:// URL switches the queue to BullMQ, and needs the signing secret', () => {
  const c = loadConfig(
    { REDIS_URL: 'redis://:pw@127.0.0.1:6379/2', LIKENESS_SIGNING_SECRET: SECRET },
    '/srv',
  );
  assert.equal(c.queue.redisUrl, 'redis://:pw@127.0.0.1:6379/2');
  assert.equal(loadConfig({}, '/srv').queue.redisUrl, null);
  assert.throws(
    () =>
      loadConfig({ REDIS_URL: 'http://:secretpw@127.0.0.1:6379', LIKENESS_SIGNING_SECRET: SECRET }, '/srv'),
    (e: unknown) =>
      e instanceof ConfigError &&
      /REDIS_URL: expected a redis:\/\/ or rediss:\/\/ URL/.test(e.message) &&
      !e.message.includes('secretpw'),
  );
  assert.throws(
    () => loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }, '/srv'),
    (e: unknown) =>
      e instanceof ConfigError && /LIKENESS_SIGNING_SECRET: required with REDIS_URL/.test(e.message),
  );
});

test('LIKENESS_SIGNING_SECRET: required with DATABASE_URL, at least 32 characters when set', () => {
  assert.throws(
    () => loadConfig({ DATABASE_URL: 'postgres://db/likeness' }, '/srv'),
    (e: unknown) =>
      e instanceof ConfigError && /LIKENESS_SIGNING_SECRET: required with DATABASE_URL/.test(e.message),
  );
  assert.throws(
    () => loadConfig({ LIKENESS_SIGNING_SECRET: 'short' }, '/srv'),
    (e: unknown) => e instanceof ConfigError && /at least 32 characters/.test(e.message),
  );
  assert.equal(loadConfig({ LIKENESS_SIGNING_SECRET: SECRET }, '/srv').signingSecret, SECRET);
});

test('S3_*: S3_BUCKET switches blobs to S3; unset, they stay on local disk', () => {
  assert.equal(loadConfig({}, '/srv').blobs.s3, null);
  const c = loadConfig(
    {
      S3_BUCKET: 'likeness-blobs',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'minio',
      S3_SECRET_ACCESS_KEY: 'minio-secret',
      LIKENESS_SIGNING_SECRET: SECRET,
    },
    '/srv',
  );
  assert.deepEqual(c.blobs.s3, {
    bucket: 'likeness-blobs',
    region: 'us-east-1',
    endpoint: 'http://127.0.0.1:9000',
    forcePathStyle: true,
    credentials: { accessKeyId: 'minio', secretAccessKey: 'minio-secret' },
  });
  assert.ok(Object.isFrozen(c.blobs.s3));
});

test('S3_*: a bad value is one of the reported problems, naming the variable', () => {
  assert.throws(
    () =>
      loadConfig({ S3_BUCKET: 's3://likeness/blobs', PORT: 'x', LIKENESS_SIGNING_SECRET: SECRET }, '/srv'),
    (e: unknown) =>
      e instanceof ConfigError &&
      e.problems.length === 2 &&
      /^invalid configuration:\n {2}- PORT=x/.test(e.message) &&
      e.problems.some((p) => /^S3_BUCKET must be a bucket name alone/.test(p)),
  );
  assert.throws(
    () => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000', LIKENESS_SIGNING_SECRET: SECRET }, '/srv'),
    (e: unknown) => e instanceof ConfigError && /S3_BUCKET is not set, but S3_ENDPOINT is/.test(e.message),
  );
});

test('LIKENESS_SIGNING_SECRET: required with S3_BUCKET, named like DATABASE_URL', () => {
  assert.throws(
    () => loadConfig({ S3_BUCKET: 'likeness-blobs' }, '/srv'),
    (e: unknown) =>
      e instanceof ConfigError && /LIKENESS_SIGNING_SECRET: required with S3_BUCKET/.test(e.message),
  );
  assert.throws(
    () => loadConfig({ S3_BUCKET: 'likeness-blobs', DATABASE_URL: 'postgres://db/likeness' }, '/srv'),
    (e: unknown) =>
      e instanceof ConfigError &&
      /LIKENESS_SIGNING_SECRET: required with DATABASE_URL and S3_BUCKET/.test(e.message),
  );
});

test('LIKENESS_DOWNLOAD_URL_TTL: at most 7 days with S3 (presigned URLs last no longer)', () => {
  const week = String(7 * 86_400);
  const env = { S3_BUCKET: 'likeness-blobs', LIKENESS_SIGNING_SECRET: SECRET };
  assert.equal(loadConfig({ ...env, LIKENESS_DOWNLOAD_URL_TTL: week }, '/srv').urls.downloadTtlSec, 604_800);
  assert.throws(
    () => loadConfig({ ...env, LIKENESS_DOWNLOAD_URL_TTL: '604801' }, '/srv'),
    (e: unknown) =>
      e instanceof ConfigError &&
      /LIKENESS_DOWNLOAD_URL_TTL=604801: at most 604800 \(7 days\) with S3_BUCKET/.test(e.message),
  );
  assert.equal(loadConfig({ LIKENESS_DOWNLOAD_URL_TTL: '604801' }, '/srv').urls.downloadTtlSec, 604_801);
});

test('LIKENESS_COVER_THREADS and LIKENESS_CATALOGUE_PRERENDER: covers on 2 threads, the catalogue rendered at start', () => {
  const c = loadConfig({}, '/srv');
  assert.equal(c.covers.threads, 2);
  assert.equal(c.catalogue.prerender, true);
  const set = loadConfig({ LIKENESS_COVER_THREADS: '4', LIKENESS_CATALOGUE_PRERENDER: 'off' }, '/srv');
  assert.equal(set.covers.threads, 4);
  assert.equal(set.catalogue.prerender, false);
  assert.throws(
    () => loadConfig({ LIKENESS_COVER_THREADS: '0', LIKENESS_CATALOGUE_PRERENDER: 'later' }),
    (e: unknown) =>
      e instanceof ConfigError &&
      e.problems.length === 2 &&
      /LIKENESS_COVER_THREADS/.test(e.message) &&
      /LIKENESS_CATALOGUE_PRERENDER/.test(e.message),
  );
});

test("LIKENESS_CATALOGUE_SHIPPED: the catalogue the build rendered is served from the server package's dist/catalogue; off: none", () => {
  const serverRoot = fileURLToPath(new URL('..', import.meta.url));
  assert.equal(loadConfig({}, '/srv').catalogue.shippedDir, join(serverRoot, 'dist', 'catalogue'));
  assert.equal(
    loadConfig({ LIKENESS_CATALOGUE_SHIPPED: 'on' }, '/srv').catalogue.shippedDir,
    join(serverRoot, 'dist', 'catalogue'),
  );
  assert.equal(loadConfig({ LIKENESS_CATALOGUE_SHIPPED: 'off' }, '/srv').catalogue.shippedDir, null);
  assert.throws(
    () => loadConfig({ LIKENESS_CATALOGUE_SHIPPED: 'maybe' }, '/srv'),
    (e: unknown) => e instanceof ConfigError && /LIKENESS_CATALOGUE_SHIPPED/.test(e.message),
  );
});

test('LIKENESS_LOOP_MEMORY_MB: a render may hold 512 MB of a loop by default; 0 holds none', () => {
  assert.equal(loadConfig({}, '/srv').media.loopMemoryBytes, 512 * 1024 * 1024);
  assert.equal(loadConfig({ LIKENESS_LOOP_MEMORY_MB: '0' }, '/srv').media.loopMemoryBytes, 0);
  assert.equal(loadConfig({ LIKENESS_LOOP_MEMORY_MB: '1024' }, '/srv').media.loopMemoryBytes, 1024 ** 3);
  assert.throws(
    () => loadConfig({ LIKENESS_LOOP_MEMORY_MB: '-1' }, '/srv'),
    (e: unknown) => e instanceof ConfigError && /LIKENESS_LOOP_MEMORY_MB/.test(e.message),
  );
});

test('LIKENESS_TRANSLATION and LIKENESS_MODEL_PACKS: engines looked for by default, no packs unless a folder is named', () => {
  const c = loadConfig({}, '/srv');
  assert.equal(c.media.translation, 'auto');
  assert.equal(c.media.modelPacksDir, null);
  const set = loadConfig({ LIKENESS_TRANSLATION: 'off', LIKENESS_MODEL_PACKS: '/srv/packs' }, '/srv');
  assert.equal(set.media.translation, 'off');
  assert.equal(set.media.modelPacksDir, '/srv/packs');
  assert.throws(
    () => loadConfig({ LIKENESS_TRANSLATION: 'maybe' }, '/srv'),
    (e: unknown) => e instanceof ConfigError && /LIKENESS_TRANSLATION/.test(e.message),
  );
});
