import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { FileRepository } from '../../src/repositories/file.repository.js';
import { api, createAccount, startServer, TestClock, type TestServer } from '../helpers/server.js';

describe('upload grants and signed URLs', () => {
  let server: TestServer;
  let token: string;
  let other: string;
  const clock = new TestClock();
  before(async () => {
    server = await startServer({ LIKENESS_MAX_IMAGE_MB: '1' }, { clock });
    token = (await createAccount(server)).token;
    other = (await createAccount(server)).token;
  });
  after(() => server.close());

  const grant = async (ext: string, t = token) =>
    (
      await api(server, 'POST', '/api/v2/svc/tool/create_upload_url', {
        token: t,
        body: { file_extension: ext },
      })
    ).body;
  const put = (
    url: string,
    body: Uint8Array | ReadableStream,
    contentType: string,
    extra: Record<string, string> = {},
  ) =>
    fetch(url, {
      method: 'PUT',
      headers: { 'content-type': contentType, ...extra },
      body,
      duplex: 'half',
    } as RequestInit);

  test('grant returns a signed upload_url, the content type and a file_id', async () => {
    const g = await grant('MP4');
    assert.equal(g.code, 0);
    assert.equal(g.content_type, 'video/mp4');
    assert.match(g.file_id, /^file_/);
    const u = new URL(g.upload_url);
    assert.ok(u.searchParams.get('sig'));
    assert.ok(Number(u.searchParams.get('exp')) > Date.now() / 1000);
    const bad = await grant('exe');
    assert.equal(bad.code, 2012);
    assert.match(bad.message, /mp4/);
  });

  test('PUT stores the file once; a second upload, wrong type or tampered URL is refused', async () => {
    const g = await grant('png');
    const wrongType = await put(g.upload_url, new Uint8Array([1, 2, 3]), 'image/jpeg');
    assert.equal(wrongType.status, 415);
    assert.match(((await wrongType.json()) as { message: string }).message, /image\/png/);
    const tampered = await put(
      g.upload_url.replace(/sig=([^&])/, 'sig=X$1'),
      new Uint8Array([1]),
      'image/png',
    );
    assert.equal(tampered.status, 403);
    const otherFile = await grant('png');
    const swapped = await put(
      g.upload_url.replace(g.file_id, otherFile.file_id),
      new Uint8Array([1]),
      'image/png',
    );
    assert.equal(swapped.status, 403);
    const ok = await put(g.upload_url, new Uint8Array(1000), 'image/png', {
      authorization: `Bearer ${token}`,
    });
    assert.equal(ok.status, 200);
    const again = await put(g.upload_url, new Uint8Array(10), 'image/png');
    assert.equal(again.status, 409);
  });

  test('size limit per type, by Content-Length and by streamed count', async () => {
    const g = await grant('png');
    const big = await put(g.upload_url, new Uint8Array(1024 * 1024 + 1), 'image/png');
    assert.equal(big.status, 413);
    const body = ((await big.json()) as { code: number }).code;
    assert.equal(body, 2011);
    // Without Content-Length (chunked), the stream is cut at the limit.
    const g2 = await grant('png');
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(ctl) {
        if (sent >= 2 * 1024 * 1024) return ctl.close();
        sent += 64 * 1024;
        ctl.enqueue(new Uint8Array(64 * 1024));
      },
    });
    // Either the 413 answer arrives, or the server closes the connection while the body streams.
    const chunked = await put(g2.upload_url, stream, 'image/png').then(
      (r) => r.status,
      () => 'closed',
    );
    assert.ok(chunked === 413 || chunked === 'closed', `refused, got ${chunked}`);
    const stored = await new FileRepository(server.container.db).getForUpload(g2.file_id);
    assert.equal(stored?.state, 'pending', 'nothing was stored');
    // The file stays uploadable after a refused attempt.
    const retry = await put(g2.upload_url, new Uint8Array(100), 'image/png');
    assert.equal(retry.status, 200);
  });

  test('an expired upload URL is refused', async () => {
    const g = await grant('wav');
    clock.advance(3601);
    try {
      const r = await put(g.upload_url, new Uint8Array(10), 'audio/wav');
      assert.equal(r.status, 403);
      assert.match(((await r.json()) as { message: string }).message, /expired/);
    } finally {
      clock.advance(-3601);
    }
  });

  test('a file_id works only for its own account', async () => {
    const g = await grant('png', other);
    await put(g.upload_url, new Uint8Array(100), 'image/png');
    const r = await api(server, 'POST', '/api/v2/svc/avatar/create_by_image', {
      token,
      body: { file_id: g.file_id },
    });
    assert.equal(r.body.code, 14);
    const mine = await api(server, 'POST', '/api/v2/svc/avatar/create_by_image', {
      token: other,
      body: { file_id: 'file_doesnotexist' },
    });
    assert.equal(mine.body.code, 14);
    assert.equal(r.body.message.replace(g.file_id, 'X'), mine.body.message.replace('file_doesnotexist', 'X'));
  });

  test('a file of the wrong category is code 2012, an unfinished upload code 11', async () => {
    const g = await grant('mp3');
    const notYet = await api(server, 'POST', '/api/v2/svc/avatar/create_by_image', {
      token,
      body: { file_id: (await grant('png')).file_id },
    });
    assert.equal(notYet.body.code, 11);
    assert.match(notYet.body.message, /not been uploaded/);
    await put(g.upload_url, new Uint8Array(100), 'audio/mpeg');
    const r = await api(server, 'POST', '/api/v2/svc/avatar/create_by_image', {
      token,
      body: { file_id: g.file_id },
    });
    assert.equal(r.body.code, 2012);
  });
});
