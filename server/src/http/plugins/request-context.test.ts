import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { test } from 'node:test';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { genRequestId, requestContext, RequestLogController } from './request-context.js';

test('one log line per request with its id, route and status; errors still logged with their cause', async () => {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const l of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      done();
    },
  });
  const app = Fastify({
    loggerInstance: pino({ level: 'info' }, sink) as FastifyBaseLogger,
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
