import type { FastifyRequest } from 'fastify';

/** The success envelope of the generation API: common fields plus the result at the top level. */
export function ok<T extends object>(
  req: FastifyRequest,
  data: T,
): T & { code: 0; message: ''; request_id: string } {
  return { code: 0, message: '', request_id: req.id, ...data };
}
