import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { SESSION_TTL_SEC, type ConsoleSession } from '../../services/console-session.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    consoleSession?: ConsoleSession & { id: string };
  }
}

/** The console's cookie: a random session id, readable by no script, sent only to the console's paths. */
export const SESSION_COOKIE = 'likeness_session';

export function setSessionCookie(reply: FastifyReply, config: Config, id: string): void {
  reply.setCookie(SESSION_COOKIE, id, {
    httpOnly: true,
    // Strict: the cookie never rides along with a request another site starts, not even a link.
    sameSite: 'strict',
    path: '/console',
    secure: config.server.publicUrl.startsWith('https:'),
    maxAge: SESSION_TTL_SEC,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/console',
    secure: config.server.publicUrl.startsWith('https:'),
  });
}

export function sessionCookie(req: FastifyRequest): string {
  return req.cookies[SESSION_COOKIE] ?? '';
}

/** The signed-in session of a console route (the console API's hook has run). */
export function consoleSessionOf(req: FastifyRequest): ConsoleSession & { id: string } {
  if (!req.consoleSession) throw new Error('console route reached without a session');
  return req.consoleSession;
}
