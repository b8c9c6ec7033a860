import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { describe, test } from 'node:test';
import { verifyCallback, type WorkCallback } from '../src/index.js';
import { clientFor, createAccount, QUICK, startServer } from './helpers/service.js';

const secret = 'cb_secret_123';
const body =
  '{"task_id":"t_1","message":"","code":0,"status":3,"type":1,"video_Url":"http://x/v.mp4","duration":2,"title":"你好"}';
const now = 1_795_000_000_000;
const ts = String(now / 1000);
/** The signature computed independently of the SDK, with node:crypto. */
const sig = `v1=${createHmac('sha256', secret).update(`${ts}.${body}`).digest('hex')}`;

describe('verifyCallback', () => {
  test('accepts a valid signature from a Node headers object, a Fetch Headers, a string or the bytes', async () => {
    const nodeHeaders = { 'x-likeness-timestamp': ts, 'x-likeness-signature': sig };
    assert.equal(await verifyCallback(nodeHeaders, body, secret, { now }), true);
    const fetchHeaders = new Headers({ 'X-Likeness-Timestamp': ts, 'X-Likeness-Signature': sig });
    assert.equal(await verifyCallback(fetchHeaders, new TextEncoder().encode(body), secret, { now }), true);
    assert.equal(
      await verifyCallback(
        { 'X-LIKENESS-TIMESTAMP': [ts], 'X-Likeness-Signature': `v1=00, ${sig}` },
        body,
        secret,
        { now },
      ),
      true,
      'any case, arrays, and one of several signatures',
    );
  });

  test('refuses a wrong secret, a changed body, a missing header and a stale timestamp', async () => {
    const h = { 'x-likeness-timestamp': ts, 'x-likeness-signature': sig };
    assert.equal(await verifyCallback(h, body, 'other', { now }), false);
    assert.equal(
      await verifyCallback(h, body.replace('"duration":2', '"duration":3'), secret, { now }),
      false,
    );
    assert.equal(await verifyCallback({ 'x-likeness-signature': sig }, body, secret, { now }), false);
    assert.equal(await verifyCallback({ 'x-likeness-timestamp': ts }, body, secret, { now }), false);
    assert.equal(
      await verifyCallback(h, body, secret, { now: now + 301_000 }),
      false,
      'older than 5 minutes',
    );
    assert.equal(await verifyCallback(h, body, secret, { now: now + 301_000, toleranceSec: 0 }), true);
  });

  test('verifies a real callback the service delivered', async () => {
    const got: { headers: IncomingHttpHeaders; raw: Buffer }[] = [];
    const hook = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        got.push({ headers: req.headers, raw: Buffer.concat(chunks) });
        res.end('ok');
      });
    });
    await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
    const server = await startServer();
    try {
      const account = await createAccount(server);
      const settings = await server.container.services.accounts.update(account.account_id, {
        callbackUrl: `http://127.0.0.1:${(hook.address() as { port: number }).port}/hook`,
      });
      const client = clientFor(server, account.token);
      const { task_id } = await client.audio.createByTts({ voice: 'pub-en-emma', text: 'Hi.', title: 'cb' });
      await client.waitForTask(task_id, { ...QUICK, kind: 'work' });
      for (let i = 0; i < 100 && got.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
      assert.equal(got.length, 1, 'one callback');
      const { headers, raw } = got[0]!;
      assert.equal(await verifyCallback(headers, raw, settings.callback_secret), true);
      assert.equal(await verifyCallback(headers, raw.toString('utf8'), settings.callback_secret), true);
      assert.equal(await verifyCallback(headers, raw, 'not-the-secret'), false);
      const event = JSON.parse(raw.toString('utf8')) as WorkCallback;
      assert.deepEqual(Object.keys(event).sort(), [
        'code',
        'duration',
        'message',
        'status',
        'task_id',
        'title',
        'type',
        'video_Url',
      ]);
      assert.equal(event.task_id, task_id);
      assert.equal(event.type, 1);
    } finally {
      await server.close();
      hook.close();
    }
  });
});
