import assert from 'node:assert/strict';
import { test } from 'node:test';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { recordingLogger } from '../../../test/helpers/log-lines.js';
import {
  genRequestId,
  levelEnabled,
  requestContext,
  RequestLogController,
  requestLogLevel,
} from './request-context.js';

test('the level of a request line: successful reads debug, writes and 4xx info, 5xx warn', () => {
  assert.equal(requestLogLevel('GET', 200), 'debug');
  assert.equal(requestLogLevel('HEAD', 304), 'debug');
  assert.equal(requestLogLevel('GET', 206), 'debug');
  assert.equal(requestLogLevel('POST', 200), 'info');
  assert.equal(requestLogLevel('DELETE', 200), 'info');
  assert.equal(requestLogLevel('PUT', 200), 'info');
  assert.equal(requestLogLevel('GET', 401), 'info');
  assert.equal(requestLogLevel('GET', 404), 'info');
  assert.equal(requestLogLevel('POST', 400), 'info');
  assert.equal(requestLogLevel('GET', 500), 'warn');
  assert.equal(requestLogLevel('POST', 503), 'warn');
});

async function logsOf(level: string, requests: { method: 'GET' | 'POST'; url: string }[]) {
  const { logger, lines } = recordingLogger(level);
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    genReqId: genRequestId,
    logController: new RequestLogController({ requestIdLogLabel: 'request_id' }),
  });
  app.get('/task', async () => ({ ok: true }));
  app.post('/task', async () => ({ ok: true }));
  try {
    for (const r of requests) await app.inject(r);
    await new Promise((r) => setImmediate(r));
    return lines.map((l) => [l.level, l.msg, l.method, l.statusCode]);
  } finally {
    await app.close();
  }
}

test('at info, a poll writes no line; a write and a miss do, one line each', async () => {
  const requests = [
    { method: 'GET', url: '/task' },
    { method: 'POST', url: '/task' },
    { method: 'GET', url: '/nowhere' },
  ] as const;
  assert.deepEqual(await logsOf('info', [...requests]), [
    [30, 'request completed', 'POST', 200],
    [30, 'request completed', 'GET', 404],
  ]);
  assert.deepEqual((await logsOf('debug', [...requests]))[0], [20, 'request completed', 'GET', 200]);
});

test('one log line per request with its id, route and status; errors still logged with their cause', async () => {
  const { logger, lines } = recordingLogger('debug');
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    genReqId: genRequestId,
    logController: new RequestLogController({ requestIdLogLabel: 'request_id' }),
  });
  await app.register(requestContext);
  app.get('/ping', async () => ({ ok: true }));
  app.get('/fail', async () => {
    throw new Error('broken');
  });
  try {
    const ok = await app.inject({ method: 'GET', url: '/ping?x=1' });
    const missing = await app.inject({ method: 'GET', url: '/nowhere' });
    await new Promise((r) => setImmediate(r));
    const requests = lines.filter((l) => l.msg === 'request completed');
    assert.equal(lines.filter((l) => l.msg === 'incoming request').length, 0);
    assert.deepEqual(
      requests.map((l) => [l.request_id, l.method, l.url, l.statusCode]),
      [
        [ok.headers['x-request-id'], 'GET', '/ping?x=1', 200],
        [missing.headers['x-request-id'], 'GET', '/nowhere', 404],
      ],
    );
    assert.ok(requests.every((l) => typeof l.responseTime === 'number' && l.remoteAddress));
    // A failing request is still logged with its error, under its id.
    const failed = await app.inject({ method: 'GET', url: '/fail' });
    await new Promise((r) => setImmediate(r));
    const errorLine = lines.find((l) => l.request_id === failed.headers['x-request-id'] && l.err);
    assert.equal((errorLine?.err as { message?: string } | undefined)?.message, 'broken');
  } finally {
    await app.close();
  }
});

test("a request line is built only when the logger's level writes it", () => {
  assert.equal(levelEnabled('info', 'debug'), false);
  assert.equal(levelEnabled('info', 'info'), true);
  assert.equal(levelEnabled('debug', 'debug'), true);
  assert.equal(levelEnabled('warn', 'info'), false);
  assert.equal(levelEnabled('trace', 'warn'), true);
  assert.equal(levelEnabled('silent', 'warn'), false);
});
