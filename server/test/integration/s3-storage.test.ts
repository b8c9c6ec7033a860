import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { signUrlParams } from '../../src/storage/signed-url.js';
import { TEST_SIGNING_SECRET } from '../helpers/database.js';
import { startS3Server, type TestS3Server } from '../helpers/s3-server.js';
import { api, createAccount, freePort, startServer, type TestServer } from '../helpers/server.js';

/** The service's environment for the test S3 server (`bucket` overrides its bucket). */
function s3Env(s3: TestS3Server, bucket = s3.bucket): Record<string, string> {
  return {
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: bucket,
    S3_REGION: s3.region,
    S3_ACCESS_KEY_ID: s3.credentials.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
    LIKENESS_SIGNING_SECRET: TEST_SIGNING_SECRET,
  };
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('blobs in S3 (S3_*)', () => {
  let s3: TestS3Server;
  let admin: S3Client;
  let server: TestServer;
  let account: { account_id: string; token: string };
  before(async () => {
    s3 = await startS3Server({ bucket: `likeness-${randomUUID().slice(0, 8)}` });
    admin = new S3Client({
      region: s3.region,
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: s3.credentials,
    });
    server = await startServer(s3Env(s3));
    account = await createAccount(server);
  });
  after(async () => {
    await server?.close();
    admin?.destroy();
    await s3?.close();
  });

  test('an upload streams through likeness into the bucket, Authorization header and all; once only', async () => {
    const grant = await api(server, 'POST', '/api/v2/svc/tool/create_upload_url', {
      token: account.token,
      body: { file_extension: 'png' },
    });
    assert.equal(grant.body.code, 0, JSON.stringify(grant.body));
    // Still likeness's own URL: its type, size, expiry and once-only checks apply.
    assert.ok(grant.body.upload_url.startsWith(`${server.url}/files/upload/${grant.body.file_id}?`));
    const bytes = randomBytes(4096);
    const put = (body: Buffer) =>
      fetch(grant.body.upload_url, {
        method: 'PUT',
        headers: { 'content-type': grant.body.content_type, authorization: 'Bearer x' },
        body: new Uint8Array(body),
      });
    const first = await put(bytes);
    assert.equal(first.status, 200, await first.clone().text());
    assert.equal(((await first.json()) as { size: number }).size, 4096);

    const Key = `uploads/${account.account_id}/${grant.body.file_id}.png`;
    const head = await admin.send(new HeadObjectCommand({ Bucket: s3.bucket, Key }));
    assert.equal(head.ContentLength, 4096);
    assert.equal(head.ContentType, 'image/png');
    const got = await admin.send(new GetObjectCommand({ Bucket: s3.bucket, Key }));
    assert.ok(Buffer.from(await got.Body!.transformToByteArray()).equals(bytes));

    const again = await put(randomBytes(10));
    assert.equal(again.status, 409);
    await again.arrayBuffer();
  });

  test('a result URL is a presigned S3 GET that downloads the bytes with a plain fetch', async () => {
    const r = await api(server, 'POST', '/api/v2/svc/project/covers', {
      token: account.token,
      body: { template: 'cover-vlog', content: 'A weekend by the sea', output_format: 'png' },
    });
    assert.equal(r.body.code, 0, JSON.stringify(r.body));
    const url = new URL(r.body.url);
    assert.equal(url.origin, s3.endpoint);
    assert.ok(url.searchParams.get('X-Amz-Signature'));
    assert.equal(url.searchParams.get('X-Amz-Expires'), '86400');
    const res = await fetch(url);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'image/png');
    const png = Buffer.from(await res.arrayBuffer());
    assert.ok(png.subarray(0, 8).equals(PNG_MAGIC));

    // /files/<key> still serves from the bucket (links handed out before the switch), ranges too.
    const key = `covers/${account.account_id}/${r.body.cover_id}.png`;
    const exp = Math.floor(Date.now() / 1000) + 600;
    const { sig } = signUrlParams(TEST_SIGNING_SECRET, 'download', key, exp);
    const ranged = await fetch(`${server.url}/files/${key}?exp=${exp}&sig=${sig}`, {
      headers: { range: 'bytes=0-7' },
    });
    assert.equal(ranged.status, 206);
    assert.equal(ranged.headers.get('content-range'), `bytes 0-7/${png.length}`);
    assert.equal(ranged.headers.get('content-type'), 'image/png');
    assert.ok(Buffer.from(await ranged.arrayBuffer()).equals(PNG_MAGIC));
  });

  test('start fails, naming the variable, for a missing bucket or an endpoint where no store answers', async () => {
    await assert.rejects(
      startServer(s3Env(s3, 'likeness-missing')),
      /S3 bucket 'likeness-missing' does not exist at http:\/\/127\.0\.0\.1:\d+: create it, or fix S3_BUCKET/,
    );
    const nobody = `http://127.0.0.1:${await freePort()}`;
    await assert.rejects(
      startServer({ ...s3Env(s3), S3_ENDPOINT: nobody }),
      /the S3 store at http:\/\/127\.0\.0\.1:\d+ did not answer .*check S3_ENDPOINT/,
    );
  });
});
