import type { FastifyError, FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Container } from '../../container.js';
import { isAppError } from '../../errors/app-error.js';
import { SvcCode } from '../../errors/codes.js';
import { formatValidationErrors } from '../plugins/validation.js';
import { svcApi } from '../v2-svc/index.js';
import { callbackRoutes } from './callback-routes.js';
import { crossSiteReason } from './cross-site.js';
import { libraryRoutes } from './library-routes.js';
import { accountRoutes } from './account-routes.js';
import { clearSessionCookie, sessionCookie } from './session.js';
import { callerForRequest } from '../../services/account.service.js';

/** Routes that answer without a session: signing in. */
const OPEN_ROUTES = new Set(['POST /console/api/session']);

/**
 * The console's API under /console/api: cookie sessions instead of bearer tokens, refused when a
 * browser sends it from another site, JSON errors with an HTTP status (`{ code, message,
 * request_id }`). The spec's operations are mounted again under /console/api/v2/svc with the
 * session as their caller, so the console creates and edits exactly as API clients do.
 */
export async function consoleApi(app: FastifyInstance, opts: { container: Container }): Promise<void> {
  const { container } = opts;
  const { consoleSessions } = container.services;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.addHook('onRequest', async (req, reply) => {
    const refused = crossSiteReason(req.headers, container.config.server.publicUrl);
    if (refused) {
      return reply.code(403).send({ code: SvcCode.InvalidToken, message: refused, request_id: req.id });
    }
    if (OPEN_ROUTES.has(`${req.method} ${req.routeOptions.url ?? ''}`)) return;
    const id = sessionCookie(req);
    const session = await consoleSessions.get(id);
    const caller = session ? await consoleSessions.callerOf(session) : undefined;
    if (!session || !caller) {
      if (id) clearSessionCookie(reply, container.config);
      return reply.code(401).send({
        code: SvcCode.InvalidToken,
        message: id
          ? 'the console session ended or expired: sign in again'
          : 'not signed in: sign in to the console with an API token or a sign-in link',
        request_id: req.id,
      });
    }
    req.consoleSession = { ...session, id };
    req.caller = callerForRequest(caller, req.id);
  });

  api.setErrorHandler((err: FastifyError, req, reply) => {
    const appErr: unknown = err;
    if (isAppError(appErr)) {
      const status =
        appErr.code === SvcCode.NotFound ? 404 : appErr.code === SvcCode.InvalidToken ? 401 : 400;
      return reply.code(status).send({ code: appErr.code, message: appErr.message, request_id: req.id });
    }
    if (err.validation) {
      return reply.code(400).send({
        code: SvcCode.InvalidParameter,
        message: formatValidationErrors(err.validation, err.validationContext ?? 'request'),
        request_id: req.id,
      });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply
        .code(err.statusCode)
        .send({ code: SvcCode.InvalidParameter, message: err.message, request_id: req.id });
    }
    req.log.error({ err }, 'unexpected error');
    return reply
      .code(500)
      .send({ code: SvcCode.Internal, message: 'internal server error', request_id: req.id });
  });

  // Unknown console paths answer here, not with the console page's static 404.
  api.all('/*', { schema: { hide: true } }, async (req, reply) =>
    reply.code(404).send({
      code: SvcCode.NotFound,
      message: `no console endpoint ${req.method} ${req.url.split('?')[0]}`,
      request_id: req.id,
    }),
  );

  for (const routes of [accountRoutes, callbackRoutes, libraryRoutes]) {
    await api.register(routes, { container });
  }
  // The hook above has already set req.caller (or answered 401/403).
  await api.register(svcApi, {
    prefix: '/v2/svc',
    container,
    authenticate: async (req) =>
      req.caller
        ? { caller: req.caller }
        : { status: 401, code: SvcCode.InvalidToken, message: 'not signed in to the console' },
  });
}
