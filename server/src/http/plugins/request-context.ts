import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { newId } from '../../lib/ids.js';

export const genRequestId = (): string => newId('req');

/** Every response carries its request id in a header; the same id is in the body and every log line. */
export const requestContext = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
});
