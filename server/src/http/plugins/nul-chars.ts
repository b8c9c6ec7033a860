import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { ERRORS } from '../../errors/app-error.js';

/**
 * Refuses, before validation, a request whose query or JSON body holds a string with a NUL
 * character (U+0000): no id, title or text has one, and PostgreSQL cannot store or compare it (an id
 * with `%00` was an HTTP 500 there, a 14 on SQLite). Both databases now answer the family's 11 (12
 * for the clone API), naming the parameter.
 */
export function refuseNulChars(
  req: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  // Callback style: it runs for every request, and an async hook costs a promise each time.
  const at = nulPath(req.query, 'query') ?? nulPath(req.body, 'body');
  if (at)
    done(ERRORS.invalid(`${at} contains a NUL character (\\u0000), which no parameter may hold; remove it`));
  else done();
}

/** The path (`body.title`, `query.task_id`, `body.slots[0].value`) of the first string holding U+0000. Pure. */
export function nulPath(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  // A child's path is only written out where a NUL may be below it: this runs for every request.
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      if (!mayHoldNul(v)) continue;
      const found = nulPath(v, `${path}[${i}]`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  const record = value as Record<string, unknown>;
  for (const k in record) {
    if (!Object.hasOwn(record, k)) continue;
    if (k.includes('\u0000')) return `${path} key`;
    const v = record[k];
    if (!mayHoldNul(v)) continue;
    const found = nulPath(v, `${path}.${k}`, depth + 1);
    if (found) return found;
  }
  return null;
}

/** A string with U+0000, or an object or array that may hold one. */
const mayHoldNul = (v: unknown): boolean =>
  typeof v === 'string' ? v.includes('\u0000') : typeof v === 'object' && v !== null;
