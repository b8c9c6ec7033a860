import assert from 'node:assert/strict';
import { test } from 'node:test';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { recordingLogger } from '../../../test/helpers/log-lines.js';
import { DeferredChildLogger, deferredChildLoggerFactory } from './deferred-logger.js';
import { genRequestId, requestContext, RequestLogController } from './request-context.js';

/** A logger recording its JSON lines (test/helpers/log-lines), and a count of the children made of it. */
function countingLogger(level: string) {
  const { logger, lines } = recordingLogger(level);
  const made = { children: 0 };
  const child = logger.child;
  // pino's children inherit this method: each is made of the logger it is called on.
  logger.child = function (this: typeof logger, ...args: Parameters<typeof child>) {
    made.children++;
    return child.apply(this, args);
  } as typeof logger.child;
  return { logger, lines, made };
}

const flush = () => new Promise((r) => setImmediate(r));

test('a request that writes no line makes no child logger; one that does writes the child’s line', async () => {
  const { logger, lines, made } = countingLogger('info');
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    genReqId: genRequestId,
    childLoggerFactory: deferredChildLoggerFactory,
    logController: new RequestLogController({ requestIdLogLabel: 'request_id' }),
  });
  await app.register(requestContext);
  app.get('/task', async () => ({ ok: true }));
  app.get('/fail', async () => {
    throw new Error('broken');
  });
  app.post('/task', async (req) => {
    req.log.warn({ field: 'title' }, 'accepted a request outside the documented contract');
    return { ok: true };
  });
  try {
    await app.ready();
    const before = made.children;
    // A successful poll's line is debug: at info nothing is written, and nothing is made for it.
    for (let i = 0; i < 3; i++) await app.inject({ method: 'GET', url: '/task' });
    assert.equal(made.children, before);
    const posted = await app.inject({ method: 'POST', url: '/task' });
    const failed = await app.inject({ method: 'GET', url: '/fail' });
    await flush();
    assert.equal(made.children, before + 2);
    const id = posted.headers['x-request-id'];
    assert.deepEqual(
      lines.filter((l) => l.request_id === id).map((l) => [l.level, l.msg, l.field]),
      [
        [40, 'accepted a request outside the documented contract', 'title'],
        [30, 'request completed', undefined],
      ],
    );
    const errorLine = lines.find((l) => l.request_id === failed.headers['x-request-id'] && l.err);
    assert.equal((errorLine?.err as { message?: string } | undefined)?.message, 'broken');
  } finally {
    await app.close();
  }
});

test('the deferred logger reads and sets its level like a child, and makes children of the child', async () => {
  const { logger, lines, made } = countingLogger('info');
  const deferred = new DeferredChildLogger(logger as FastifyBaseLogger, { request_id: 'req_1' });
  assert.equal(deferred.level, 'info');
  deferred.debug('not written');
  deferred.trace('not written');
  deferred.silent();
  assert.equal(made.children, 0);
  // Raising its own level is the child's, not the server logger's.
  deferred.level = 'debug';
  assert.equal(made.children, 1);
  assert.equal(deferred.level, 'debug');
  assert.equal(logger.level, 'info');
  deferred.debug({ n: 1 }, 'written');
  deferred.child({ step: 'x' }).info('from a grandchild');
  await flush();
  assert.deepEqual(
    lines.map((l) => [l.level, l.msg, l.request_id, l.n, l.step]),
    [
      [20, 'written', 'req_1', 1, undefined],
      [30, 'from a grandchild', 'req_1', undefined, 'x'],
    ],
  );
});

test('a route with its own level gets a real child at once', () => {
  const { logger, made } = countingLogger('info');
  const child = deferredChildLoggerFactory.call(
    Fastify(),
    logger as FastifyBaseLogger,
    { request_id: 'req_2' },
    { level: 'debug' },
    {} as never,
  );
  assert.equal(made.children, 1);
  assert.equal(child.level, 'debug');
  assert.ok(!(child instanceof DeferredChildLogger));
});
