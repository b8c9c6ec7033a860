import type { FastifyError, FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Container } from '../../container.js';
import { callerForRequest, type Caller } from '../../services/account.service.js';
import { CloneCode } from '../../errors/codes.js';
import { isAppError } from '../../errors/app-error.js';
import { credentialProblem, readCredential } from '../plugins/bearer.js';
import { withTypos } from '../plugins/leniency.js';
import { refuseNulChars } from '../plugins/nul-chars.js';
import { refuseTestOutcomesWhenLive } from '../plugins/test-mode-guard.js';
import { formatValidationErrors } from '../plugins/validation.js';
import { cloneAvatarRoutes } from './avatars.js';
import { envelope } from './envelope.js';
import { CLONE_HTTP_STATUS, cloneCodeFor } from './errors.js';

/** The clone API family under /api/app/v1/clone, with its own auth (Bearer or bare key) and envelope. */
export async function cloneApi(app: FastifyInstance, opts: { container: Container }) {
  const { container } = opts;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  const accounts = container.services.accounts;
  // Callback style: a key seen a moment ago passes without a promise (AccountService.cachedCaller).
  api.addHook('onRequest', (req, reply, done) => {
    const key = readCredential(req.headers.authorization, true);
    const settle = (caller: Caller | null) => {
      if (caller) {
        req.caller = callerForRequest(caller, req.id);
        return done();
      }
      void reply
        .code(401)
        .send(
          envelope(
            CloneCode.Unauthenticated,
            {},
            key
              ? 'invalid token: the API key is unknown or was rotated; send "Authorization: Bearer <token>" or the API key itself in Authorization'
              : credentialProblem(req.headers.authorization, true),
          ),
        );
    };
    if (!key) return settle(null);
    const cached = accounts.cachedCaller(key);
    if (cached) return settle(cached);
    accounts.authenticate(key).then(settle, done);
  });

  api.addHook('preValidation', refuseNulChars);
  api.addHook('preValidation', refuseTestOutcomesWhenLive);

  api.setErrorHandler((err: FastifyError, req, reply) => {
    reply.serializer((payload) => JSON.stringify(payload)).type('application/json; charset=utf-8');
    const appErr: unknown = err;
    if (err.validation) {
      return reply
        .code(400)
        .send(
          envelope(
            CloneCode.InvalidInput,
            {},
            withTypos(formatValidationErrors(err.validation, err.validationContext ?? 'request'), req.typos),
          ),
        );
    }
    if (!isAppError(appErr) && err.statusCode && err.statusCode < 500) {
      return reply.code(400).send(envelope(CloneCode.InvalidInput, {}, err.message));
    }
    const code = cloneCodeFor(err);
    if (code === CloneCode.ServerError) req.log.error({ err }, 'unexpected error');
    const data =
      isAppError(appErr) && appErr.details.data ? (appErr.details.data as Record<string, unknown>) : {};
    return reply
      .code(CLONE_HTTP_STATUS[code])
      .send(envelope(code, data, code === CloneCode.ServerError ? undefined : err.message));
  });

  api.setNotFoundHandler((req, reply) =>
    reply
      .code(404)
      .send(envelope(CloneCode.InvalidInput, {}, `no endpoint ${req.method} ${req.url.split('?')[0]}`)),
  );

  await api.register(cloneAvatarRoutes, { container });
}
