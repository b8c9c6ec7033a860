import type { FastifyRequest } from 'fastify';
import type { Caller } from '../../services/account.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    caller?: Caller;
  }
}

/** The caller of an authenticated generation-API route (the family's auth hook, index.ts, has run). */
export function callerOf(req: FastifyRequest): Caller {
  if (!req.caller) throw new Error('route reached without authentication');
  return req.caller;
}
