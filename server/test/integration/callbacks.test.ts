import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { api, createAccount, startServer, type TestServer } from '../helpers/server.js';
import { taggingTranslationEngine } from '../helpers/translation.js';

interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A local receiver that answers each request with the next status from `plan` (then 200). */
async function receiver(plan: number[]): Promise<{ server: Server; url: string; got: Received[] }> {
  const got: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      got.push({ headers: req.headers, body });
      res.statusCode = plan.shift() ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`, got };
}

async function until(cond: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('completion callbacks', () => {
  let server: TestServer;
  let missing: Server;
  let missingUrl: string;
  before(async () => {
    server = await startServer(
      { LIKENESS_CALLBACK_RETRY_SEC: '0.2,0.2,0.2' },
      { translationEngines: [taggingTranslationEngine()] },
    );
    // Serves 404 for everything: tasks that fetch from it fail fast.
    missing = createServer((_q, s) => {
      s.statusCode = 404;
      s.end();
    });
    await new Promise<void>((r) => missing.listen(0, '127.0.0.1', r));
    missingUrl = `http://127.0.0.1:${(missing.address() as { port: number }).port}`;
  });
  after(async () => {
    missing.close();
    await server.close();
  });

  const settings = (
    token: string,
    patch: Parameters<TestServer['container']['services']['accounts']['update']>[1],
  ) =>
    server.container.services.accounts
      .resolve({ token })
      .then((a) => server.container.services.accounts.update(a!.id, patch));

  test('a work callback carries exactly the spec fields, is signed, and is retried until 200', async () => {
    const hook = await receiver([500, 503]);
    const { token } = await createAccount(server);
    const s = await settings(token, { callbackUrl: hook.url });
    const avatar = (await api(server, 'GET', '/api/v2/svc/avatar/list', { token, query: { kind: 2 } })).body
      .data[0].avatar;
    const r = await api(server, 'POST', '/api/v2/svc/video/create_by_audio', {
      token,
      body: { audio_url: `${missingUrl}/a.mp3`, avatar, title: 'hook test' },
    });
    assert.equal(r.body.code, 0);
    await until(() => hook.got.length >= 3);
    const bodies = hook.got.map((g) => JSON.parse(g.body) as Record<string, unknown>);
    assert.deepEqual(
      Object.keys(bodies[0]!).sort(),
      ['code', 'duration', 'message', 'status', 'task_id', 'title', 'type', 'video_Url'].sort(),
    );
    assert.equal(bodies[0]!.task_id, r.body.task_id);
    assert.equal(bodies[0]!.type, 1);
    assert.equal(bodies[0]!.status, 4);
    assert.equal(bodies[0]!.code, 2013);
    assert.equal(bodies[0]!.title, 'hook test');
    assert.match(String(bodies[0]!.message), /HTTP 404/);
    assert.ok(
      hook.got.every((g) => g.body === hook.got[0]!.body),
      'retries resend the same body',
    );
    const { headers, body } = hook.got[2]!;
    const ts = String(headers['x-likeness-timestamp']);
    const expected = `v1=${createHmac('sha256', s.callback_secret).update(`${ts}.${body}`).digest('hex')}`;
    assert.equal(headers['x-likeness-signature'], expected);
    assert.equal(headers['content-type'], 'application/json');
    await server.container.queue.drain();
    const rows = await server.container.services.callbacks.list(s.account_id);
    assert.equal(rows[0]!.state, 'delivered');
    assert.equal(rows[0]!.attempts, 3);
    hook.server.close();
  });

  test('avatar callbacks only with the V2 switch on; dropped after the last retry', async () => {
    const hook = await receiver([500, 500, 500, 500, 500, 500]);
    const { token } = await createAccount(server);
    const s = await settings(token, { callbackUrl: hook.url });
    const off = await api(server, 'POST', '/api/v2/svc/avatar/create_by_video', {
      token,
      body: { video_url: `${missingUrl}/v1.mp4` },
    });
    await server.container.queue.drain();
    assert.equal(hook.got.length, 0, 'no avatar callback without the V2 switch');
    await settings(token, { v2Callback: true });
    const on = await api(server, 'POST', '/api/v2/svc/avatar/create_by_video', {
      token,
      body: { video_url: `${missingUrl}/v2.mp4` },
    });
    await until(() => hook.got.length >= 4);
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(hook.got.length, 4, 'one try plus three retries, then dropped');
    const body = JSON.parse(hook.got[0]!.body) as Record<string, unknown>;
    assert.deepEqual(Object.keys(body).sort(), ['avatar', 'code', 'message', 'status', 'task_id', 'type']);
    assert.equal(body.type, 2);
    assert.equal(body.task_id, on.body.task_id);
    assert.equal(body.code, 2014);
    const rows = await server.container.services.callbacks.list(s.account_id);
    assert.equal(rows[0]!.state, 'dead');
    assert.notEqual(off.body.task_id, on.body.task_id);
    hook.server.close();
  });

  test('no callback for translate tasks', async () => {
    const hook = await receiver([]);
    const { token } = await createAccount(server, { plan: 'pro' });
    await settings(token, { callbackUrl: hook.url, v2Callback: true });
    const grant = (
      await api(server, 'POST', '/api/v2/svc/tool/create_upload_url', {
        token,
        body: { file_extension: 'mp4' },
      })
    ).body;
    await fetch(grant.upload_url, {
      method: 'PUT',
      headers: { 'content-type': 'video/mp4' },
      body: new Uint8Array(1000),
    });
    const r = await api(server, 'POST', '/api/v2/svc/video/translate', {
      token,
      body: { video_file_id: grant.file_id, target_language_code: 'es' },
    });
    assert.equal(r.body.code, 0);
    await server.container.queue.drain();
    const q = await api(server, 'GET', '/api/v2/svc/video/task', {
      token,
      query: { task_id: r.body.task_id },
    });
    // 1000 zero bytes are no video: the task fails (refunded), and still no callback is sent.
    assert.equal(q.body.status, 4);
    assert.match(q.body.fail_reason, /video/);
    assert.equal('duration' in q.body, false);
    assert.equal(hook.got.length, 0);
    const left = (await api(server, 'GET', '/api/v2/svc/account/credit', { token })).body.left;
    assert.equal(left, 1000, 'translate credits refunded');
    hook.server.close();
  });
});
