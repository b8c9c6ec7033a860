import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { api, createAccount, startServer, type TestServer } from '../helpers/server.js';

describe('authentication and envelopes', () => {
  let server: TestServer;
  let token: string;
  before(async () => {
    server = await startServer();
    token = (await createAccount(server, { credits: 42 })).token;
  });
  after(() => server.close());

  test('generation API: missing or unknown token is HTTP 401 with code 2003', async () => {
    for (const auth of [undefined, 'Bearer nope', 'Basic abc', token]) {
      const r = await api(server, 'GET', '/api/v2/svc/account/credit', { auth: auth ?? '' });
      assert.equal(r.status, 401, `auth=${auth}`);
      assert.equal(r.body.code, 2003);
      assert.match(r.body.message, /token/);
      assert.equal(r.body.request_id, r.headers.get('x-request-id'));
      assert.match(r.headers.get('content-type') ?? '', /^application\/json/);
    }
  });

  test('a token sent without "Bearer " is refused with 2003 saying the prefix is missing', async () => {
    const bare = await api(server, 'GET', '/api/v2/svc/account/credit', { auth: token });
    assert.equal(bare.status, 401);
    assert.equal(bare.body.code, 2003);
    assert.equal(
      bare.body.message,
      'the Authorization header must be `Bearer <token>`; got a value without the `Bearer ` prefix',
    );
    assert.ok(!bare.body.message.includes(token), 'the token is not repeated');
    const none = await api(server, 'GET', '/api/v2/svc/account/credit', { auth: '' });
    assert.equal(none.body.code, 2003);
    assert.match(none.body.message, /^missing token: send the header "Authorization: Bearer <API_TOKEN>"$/);
    const basic = await api(server, 'GET', '/api/v2/svc/account/credit', { auth: 'Basic abc' });
    assert.match(basic.body.message, /got a "Basic" credential instead/);
  });

  test('every response carries a unique request_id, also in the header', async () => {
    const a = await api(server, 'GET', '/api/v2/svc/account/credit', { token });
    const b = await api(server, 'GET', '/api/v2/svc/account/credit', { token });
    assert.equal(a.status, 200);
    assert.deepEqual(
      { code: a.body.code, message: a.body.message, left: a.body.left },
      { code: 0, message: '', left: 42 },
    );
    assert.ok(a.body.request_id);
    assert.equal(a.body.request_id, a.headers.get('x-request-id'));
    assert.notEqual(a.body.request_id, b.body.request_id);
  });

  test('parameter errors are HTTP 200 with code 11 and a message naming the parameter', async () => {
    const cases: [
      string,
      'GET' | 'POST',
      Record<string, unknown> | undefined,
      Record<string, string | number> | undefined,
      RegExp,
    ][] = [
      ['/api/v2/svc/voice/list', 'GET', undefined, { size: 301 }, /size/],
      ['/api/v2/svc/voice/list', 'GET', undefined, { page: 'abc' }, /page must be a whole number/],
      ['/api/v2/svc/video/lively_templates', 'GET', undefined, { size: 201 }, /size/],
      ['/api/v2/svc/project/cover_styles', 'GET', undefined, { size: 201 }, /size/],
      [
        '/api/v2/svc/video/create_by_tts',
        'POST',
        { text: 'hi', voice: 'v', avatar: 'a', st_primary_color: 'red' },
        undefined,
        /#rrggbb/,
      ],
      [
        '/api/v2/svc/video/create_by_tts',
        'POST',
        { text: 'x'.repeat(10001), voice: 'v', avatar: 'a' },
        undefined,
        /text must be at most 10000/,
      ],
      [
        '/api/v2/svc/avatar/create_by_video',
        'POST',
        { video_url: 'not a url' },
        undefined,
        /video_url must be an http:\/\/ or https:\/\/ URL/,
      ],
      [
        '/api/v2/svc/voice/create',
        'POST',
        { title: 't', voice_type: 8, audio_url: 'ftp://x/a.mp3' },
        undefined,
        /audio_url must be an http/,
      ],
      [
        '/api/v2/svc/audio/create_by_tts',
        'POST',
        { text: '你好<b>世界</b>', voice: 'v' },
        undefined,
        /text must be plain text without HTML tags/,
      ],
      [
        '/api/v2/svc/video/create_by_tts',
        'POST',
        { text: 'hi', voice: 'v', avatar: 'a', aigc_flag: 3 },
        undefined,
        /aigc_flag/,
      ],
      [
        '/api/v2/svc/video/create_by_template',
        'POST',
        { template: 't', text: 'hi', voice: 'v', avatar: 'a', norm_lufs: 101 },
        undefined,
        /norm_lufs/,
      ],
      [
        '/api/v2/svc/voice/edit',
        'POST',
        { voice: 'v', rate: 'fast', volume: '1.0', pitch: '1.0' },
        undefined,
        /rate must be a decimal number/,
      ],
      ['/api/v2/svc/tool/create_upload_url', 'POST', {}, undefined, /file_extension is required/],
      [
        '/api/v2/svc/avatar/create_by_video',
        'POST',
        { video_url: `http://x/${'a'.repeat(500)}` },
        undefined,
        /video_url must be at most 500/,
      ],
    ];
    for (const [path, method, body, query, re] of cases) {
      const r = await api(server, method, path, { token, body, query });
      assert.equal(r.status, 200, path);
      assert.equal(r.body.code, 11, `${path} ${JSON.stringify(r.body)}`);
      assert.match(r.body.message, re, path);
      assert.match(r.headers.get('content-type') ?? '', /^application\/json/, path);
    }
  });

  test('one-of and at-least-one rules', async () => {
    const both = await api(server, 'POST', '/api/v2/svc/avatar/create_by_video', {
      token,
      body: { video_url: 'http://127.0.0.1/x.mp4', file_id: 'file_x' },
    });
    assert.equal(both.body.code, 11);
    assert.match(both.body.message, /either video_url or file_id, not both/);
    const none = await api(server, 'POST', '/api/v2/svc/avatar/create_by_image', { token, body: {} });
    assert.equal(none.body.code, 11);
    assert.match(none.body.message, /one of image_url or file_id/);
    const noAvatar = await api(server, 'POST', '/api/v2/svc/video/create_by_audio', {
      token,
      body: { audio_url: 'http://127.0.0.1/a.mp3' },
    });
    assert.match(noAvatar.body.message, /avatar or video_file_id/);
    const tts = await api(server, 'POST', '/api/v2/svc/video/create_by_tts', {
      token,
      body: { text: 'hello' },
    });
    assert.match(tts.body.message, /voice and avatar are required/);
    const edit = await api(server, 'POST', '/api/v2/svc/voice/edit', {
      token,
      body: { voice: 'v', rate: '2.5', volume: '1.0', pitch: '1.0' },
    });
    assert.match(edit.body.message, /rate must be from 0.5 to 2.0/);
    const vt = await api(server, 'POST', '/api/v2/svc/voice/create', {
      token,
      body: { title: 'x', voice_type: 20, file_id: 'f' },
    });
    assert.equal(vt.body.code, 1009);
    const vt2 = await api(server, 'POST', '/api/v2/svc/voice/create', {
      token,
      body: { title: 'x', voice_type: 7, file_id: 'f' },
    });
    assert.equal(vt2.body.code, 11);
  });

  test('malformed JSON is code 11, unknown endpoint is 404 with code 14', async () => {
    const res = await fetch(`${server.url}/api/v2/svc/avatar/create_by_video`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{not json',
    });
    const body = (await res.json()) as { code: number; message: string };
    assert.equal(res.status, 200);
    assert.equal(body.code, 11);
    const nf = await api(server, 'GET', '/api/v2/svc/nope', { token });
    assert.equal(nf.status, 404);
    assert.equal(nf.body.code, 14);
  });

  test('clone API: code 13 without a credential; accepts Bearer and a bare key', async () => {
    const none = await api(server, 'GET', '/api/app/v1/clone/avatars');
    assert.equal(none.status, 401);
    assert.deepEqual(
      { code: none.body.code, message: none.body.message },
      { code: 13, message: 'unauthenticated' },
    );
    const bearer = await api(server, 'GET', '/api/app/v1/clone/avatars', { token });
    assert.equal(bearer.body.code, 0);
    assert.equal(bearer.body.message, 'ok');
    assert.deepEqual(bearer.body.data, { items: [], next_cursor: '' });
    const bare = await api(server, 'GET', '/api/app/v1/clone/avatars', { auth: token });
    assert.equal(bare.body.code, 0);
    const badCursor = await api(server, 'GET', '/api/app/v1/clone/avatars', {
      token,
      query: { cursor: 'zzz' },
    });
    assert.equal(badCursor.body.code, 12);
    assert.equal(badCursor.body.message, 'invalid input');
    const badLimit = await api(server, 'GET', '/api/app/v1/clone/avatars', { token, query: { limit: 0 } });
    assert.equal(badLimit.body.code, 12);
  });

  test('OpenAPI document and reference page are served', async () => {
    const doc = await fetch(`${server.url}/docs/json`);
    assert.equal(doc.status, 200);
    const spec = (await doc.json()) as { openapi: string; paths: Record<string, unknown> };
    assert.equal(spec.openapi, '3.1.0');
    assert.ok(spec.paths['/api/v2/svc/video/create_by_tts']);
    assert.ok(spec.paths['/api/app/v1/clone/avatar/by_image']);
    const page = await fetch(`${server.url}/docs/`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<html/i);
    // The reference page works offline: its scripts are served by likeness itself.
    const bundle = await fetch(`${server.url}/docs/static/swagger-ui-bundle.js`);
    assert.equal(bundle.status, 200);
    assert.ok((await bundle.arrayBuffer()).byteLength > 100_000);
  });
});
