import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { test } from 'node:test';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { genRequestId, requestContext, RequestLogController } from './plugins/request-context.js';
import { warmUp } from './warm-up.js';

test('warm-up requests reach the hot routes without credentials and leave no log lines', async () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const app = Fastify({
    loggerInstance: pino({ level: 'info' }, sink) as FastifyBaseLogger,
    genReqId: genRequestId,
    logController: new RequestLogController({ requestIdLogLabel: 'request_id' }),
  });
  await app.register(requestContext);
  const seen: string[] = [];
  app.get('/api/v2/svc/video/task', async (req, reply) => {
    seen.push(String(req.headers.authorization));
    return reply.code(401).send({ code: 2003 });
  });
  try {
    await warmUp(app, 8);
    assert.deepEqual(seen, ['Bearer warm-up', 'Bearer warm-up']);
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(
      lines.filter((l) => l.includes('request completed')),
      [],
    );
    // A real request after it is logged as usual.
    await app.inject({ method: 'GET', url: '/api/v2/svc/video/task?task_id=t' });
    await new Promise((r) => setImmediate(r));
    assert.equal(lines.filter((l) => l.includes('request completed')).length, 1);
  } finally {
    await app.close();
  }
});
