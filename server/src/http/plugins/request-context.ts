import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { newId } from '../../lib/ids.js';

export const genRequestId = (): string => newId('req');

/**
 * Requests that warm the server up before it listens (see http/warm-up.ts): they arrive through a
 * private loopback server, which adds them here; they are not logged.
 */
export const warmUpRequests = new WeakSet<IncomingMessage>();

/** Methods that only read: a client polling a task, a list, the console's pages and assets. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The level of a request's line: reads that succeed are debug (polls were more than half the log,
 * and say nothing the task's own lines do not); writes and refusals are info; 5xx are warn (the
 * cause is logged at error under the same request id by the family's error handler). Pure.
 */
export function requestLogLevel(method: string, statusCode: number): 'debug' | 'info' | 'warn' {
  if (statusCode >= 500) return 'warn';
  if (statusCode >= 400) return 'info';
  return READS.has(method) ? 'debug' : 'info';
}

/** pino's level values: a line is written when its level's value is at least the logger's. */
const LEVEL_VALUES: Record<string, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
};

/** Whether a logger at `loggerLevel` writes a line at `level` ('silent' writes none). Pure. */
export function levelEnabled(loggerLevel: string, level: string): boolean {
  return (LEVEL_VALUES[level] ?? 0) >= (LEVEL_VALUES[loggerLevel] ?? Infinity);
}

/**
 * One log line per request, when it is answered, instead of Fastify's two (one on arrival, one on
 * completion): the line has what both had that an operator looks for. At tens of thousands of
 * polled queries a second, the second line was a large share of the API's own work. Its level is
 * `requestLogLevel`'s. Errors are logged as Fastify logs them. Warm-up requests are not logged.
 */
export class RequestLogController extends LogController {
  override isLogDisabled(request: FastifyRequest): boolean {
    return warmUpRequests.has(request.raw) || super.isLogDisabled(request);
  }

  override incomingRequest(): void {
    // Folded into requestCompleted.
  }

  override routeNotFound(): void {
    // Folded into requestCompleted: its line says 404, at info.
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ): void {
    if (error || this.isLogDisabled(request)) {
      super.requestCompleted(error, request, reply, metadata);
      return;
    }
    const level = requestLogLevel(request.method, reply.statusCode);
    // A successful poll is a debug line: most servers do not write it, so nothing is built for it.
    if (!levelEnabled(request.log.level, level)) return;
    request.log[level](
      {
        method: request.method,
        url: request.url,
        remoteAddress: request.ip,
        statusCode: reply.statusCode,
        responseTime: reply.elapsedTime,
      },
      'request completed',
    );
  }
}

/**
 * Every response carries its request id in a header; the same id is in the body and every log line.
 * A callback-style hook: it runs for every request, and an async one costs a promise each time.
 */
export const requestContext = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    done();
  });
});
