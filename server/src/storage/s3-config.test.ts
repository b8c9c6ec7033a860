import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseS3Config } from './s3-config.js';

const minio = {
  S3_BUCKET: 'likeness-blobs',
  S3_ENDPOINT: 'http://127.0.0.1:9000',
  S3_ACCESS_KEY_ID: 'minio',
  S3_SECRET_ACCESS_KEY: 'minio-secret',
};

test('no S3_* variable (or only empty ones): null, blobs stay on local disk', () => {
  assert.equal(parseS3Config({}), null);
  assert.equal(parseS3Config({ PATH: '/usr/bin', AWS_REGION: 'eu-west-1' }), null);
  assert.equal(parseS3Config({ S3_BUCKET: '', S3_ENDPOINT: '  ' }), null);
});

test('a self-hosted store: endpoint without trailing slash, path style, the given credentials', () => {
  assert.deepEqual(parseS3Config({ ...minio, S3_ENDPOINT: 'http://127.0.0.1:9000/' }), {
    bucket: 'likeness-blobs',
    region: 'us-east-1',
    endpoint: 'http://127.0.0.1:9000',
    forcePathStyle: true,
    credentials: { accessKeyId: 'minio', secretAccessKey: 'minio-secret' },
  });
});

test('AWS itself: only S3_BUCKET; default region, virtual-hosted style, the SDK credential chain', () => {
  assert.deepEqual(parseS3Config({ S3_BUCKET: 'likeness-blobs' }), {
    bucket: 'likeness-blobs',
    region: 'us-east-1',
    forcePathStyle: false,
  });
  const aws = parseS3Config({ S3_BUCKET: 'b-1', S3_ENDPOINT: 'https://s3.eu-west-1.amazonaws.com' });
  assert.equal(aws?.forcePathStyle, false);
  assert.equal(aws?.endpoint, 'https://s3.eu-west-1.amazonaws.com');
});

test('S3_REGION is taken when well formed and refused otherwise', () => {
  assert.equal(parseS3Config({ ...minio, S3_REGION: 'eu-west-1' })?.region, 'eu-west-1');
  assert.equal(parseS3Config({ ...minio, S3_REGION: 'auto' })?.region, 'auto');
  assert.throws(
    () => parseS3Config({ ...minio, S3_REGION: 'EU West' }),
    /^Error: S3_REGION must be .*got 'EU West'/,
  );
});

test('S3_FORCE_PATH_STYLE accepts true/false/1/0 in any case and overrides the default', () => {
  for (const [raw, want] of [
    ['true', true],
    ['TRUE', true],
    ['1', true],
    ['false', false],
    ['False', false],
    ['0', false],
  ] as const) {
    assert.equal(parseS3Config({ ...minio, S3_FORCE_PATH_STYLE: raw })?.forcePathStyle, want, raw);
  }
  assert.equal(parseS3Config({ S3_BUCKET: 'b-1', S3_FORCE_PATH_STYLE: '1' })?.forcePathStyle, true);
  assert.throws(
    () => parseS3Config({ ...minio, S3_FORCE_PATH_STYLE: 'yes' }),
    /^Error: S3_FORCE_PATH_STYLE must be true, false, 1 or 0; got 'yes'$/,
  );
});

test('S3_ENDPOINT must be an http(s) URL without path, query or credentials', () => {
  for (const bad of ['foo', 's3.amazonaws.com', 'ftp://host', 'http://host:9000/bucket', 'http://host?x=1']) {
    assert.throws(
      () => parseS3Config({ ...minio, S3_ENDPOINT: bad }),
      (err: Error) =>
        err.message.startsWith('S3_ENDPOINT must be an http(s) URL like') &&
        err.message.endsWith(`got '${bad}'`),
      bad,
    );
  }
  assert.throws(
    () => parseS3Config({ ...minio, S3_ENDPOINT: 'http://user:pw@host:9000' }),
    /S3_ENDPOINT must not carry credentials; set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/,
  );
  assert.equal(
    parseS3Config({ ...minio, S3_ENDPOINT: 'https://acc.r2.cloudflarestorage.com' })?.forcePathStyle,
    true,
  );
});

test('S3_BUCKET must be a bare bucket name', () => {
  for (const bad of ['s3://likeness', 'likeness/blobs', 'ab', '-likeness', 'a'.repeat(64), 'with space']) {
    assert.throws(
      () => parseS3Config({ ...minio, S3_BUCKET: bad }),
      (err: Error) =>
        err.message.startsWith('S3_BUCKET must be a bucket name alone') &&
        err.message.endsWith(`got '${bad}'`),
      bad,
    );
  }
  assert.equal(parseS3Config({ ...minio, S3_BUCKET: 'my.bucket-01' })?.bucket, 'my.bucket-01');
});

test('any S3_* variable without S3_BUCKET is an error naming S3_BUCKET and what was set', () => {
  assert.throws(
    () => parseS3Config({ S3_ENDPOINT: 'http://127.0.0.1:9000' }),
    /^Error: S3_BUCKET is not set, but S3_ENDPOINT is: set S3_BUCKET to the bucket name/,
  );
  assert.throws(
    () => parseS3Config({ S3_REGION: 'eu-west-1', S3_FORCE_PATH_STYLE: 'true' }),
    /^Error: S3_BUCKET is not set, but S3_REGION, S3_FORCE_PATH_STYLE are: /,
  );
  assert.throws(
    () => parseS3Config({ S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' }),
    /S3_BUCKET is not set/,
  );
});

test('credentials: both or neither', () => {
  const { S3_ACCESS_KEY_ID: _id, S3_SECRET_ACCESS_KEY: _secret, ...noCredentials } = minio;
  assert.equal(parseS3Config(noCredentials)?.credentials, undefined);
  assert.throws(
    () => parseS3Config({ ...noCredentials, S3_ACCESS_KEY_ID: 'k' }),
    /^Error: S3_SECRET_ACCESS_KEY is not set, but S3_ACCESS_KEY_ID is: set both, or neither/,
  );
  assert.throws(
    () => parseS3Config({ ...noCredentials, S3_SECRET_ACCESS_KEY: 's' }),
    /^Error: S3_ACCESS_KEY_ID is not set, but S3_SECRET_ACCESS_KEY is: set both, or neither/,
  );
});

test('values are trimmed', () => {
  const cfg = parseS3Config({ S3_BUCKET: ' likeness-blobs ', S3_REGION: ' eu-west-1\n' });
  assert.equal(cfg?.bucket, 'likeness-blobs');
  assert.equal(cfg?.region, 'eu-west-1');
});
