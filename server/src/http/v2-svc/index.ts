import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { isAppError } from '../../errors/app-error.js';
import { SvcCode } from '../../errors/codes.js';
import type { Container } from '../../container.js';
import { callerForRequest, type Caller } from '../../services/account.service.js';
import { credentialProblem, readCredential } from '../plugins/bearer.js';
import { withTypos } from '../plugins/leniency.js';
import { refuseNulChars } from '../plugins/nul-chars.js';
import { refuseTestOutcomesWhenLive } from '../plugins/test-mode-guard.js';
import { warmUpRequests } from '../plugins/request-context.js';
import { WARM_UP_CALLER } from '../warm-up.js';
import { formatValidationErrors } from '../plugins/validation.js';
import { accountRoutes } from './account.js';
import { avatarRoutes } from './avatars.js';
import { coverRoutes } from './covers.js';
import { uploadRoutes } from './uploads.js';
import { videoTaskRoutes } from './video-tasks.js';
import { videoFileRoutes } from './video-files.js';
import { videoCreateRoutes } from './videos.js';
import { voiceRoutes } from './voices.js';
import { audioRoutes } from './audio.js';
import { templateRoutes } from './templates.js';

/** Who calls, or why the request is refused (HTTP status, code and a message that says what to do). */
export type SvcAuthResult = { caller: Caller } | { status: number; code: number; message: string };
/** Answers at once when it can (a token seen a moment ago), else with a promise. */
export type SvcAuthenticator = (req: FastifyRequest) => SvcAuthResult | Promise<SvcAuthResult>;

/** The spec's authentication: `Authorization: Bearer <API_TOKEN>`, else HTTP 401 with code 2003. */
export function bearerAuth(container: Container): SvcAuthenticator {
  const accounts = container.services.accounts;
  const refused = (req: FastifyRequest, token: string | null): SvcAuthResult => ({
    status: 401,
    code: SvcCode.InvalidToken,
    message: token
      ? 'invalid token: the API token is unknown or was rotated; get the current one from your account'
      : credentialProblem(req.headers.authorization, false),
  });
  return (req) => {
    // Only the private server of http/warm-up.ts adds to this set: no client's request is in it.
    if (warmUpRequests.has(req.raw)) return { caller: WARM_UP_CALLER };
    const token = readCredential(req.headers.authorization, false);
    if (!token) return refused(req, null);
    const cached = accounts.cachedCaller(token);
    if (cached) return { caller: cached };
    return accounts.authenticate(token).then((caller) => (caller ? { caller } : refused(req, token)));
  };
}

/**
 * The generation API family under /api/v2/svc: its own auth hook and error envelope. Auth failure is
 * HTTP 401 with code 2003; every other failure is HTTP 200 with the spec's code and a message that
 * says what to fix. The console mounts the same routes a second time with its session as the
 * authenticator (http/console), so both answer alike.
 */
export async function svcApi(
  app: FastifyInstance,
  opts: { container: Container; authenticate?: SvcAuthenticator },
) {
  const { container } = opts;
  const authenticate = opts.authenticate ?? bearerAuth(container);
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  // Callback style: a polled query whose token was seen a moment ago passes without a promise.
  api.addHook('onRequest', (req, reply, done) => {
    const settle = (auth: SvcAuthResult) => {
      if ('caller' in auth) {
        req.caller = callerForRequest(auth.caller, req.id);
        done();
      } else {
        void reply.code(auth.status).send({ code: auth.code, message: auth.message, request_id: req.id });
      }
    };
    const auth = authenticate(req);
    if (auth instanceof Promise) auth.then(settle, done);
    else settle(auth);
  });

  api.addHook('preValidation', refuseNulChars);
  api.addHook('preValidation', refuseTestOutcomesWhenLive);

  api.setErrorHandler((err: FastifyError, req, reply) => {
    // Failures carry only the common fields, not the route's success shape.
    reply.serializer((payload) => JSON.stringify(payload)).type('application/json; charset=utf-8');
    const appErr: unknown = err;
    if (isAppError(appErr)) {
      const message =
        appErr.code === SvcCode.InvalidParameter ? withTypos(appErr.message, req.typos) : appErr.message;
      return reply.code(200).send({ code: appErr.code, message, request_id: req.id });
    }
    if (err.validation) {
      return reply.code(200).send({
        code: SvcCode.InvalidParameter,
        message: withTypos(
          formatValidationErrors(err.validation, err.validationContext ?? 'request'),
          req.typos,
        ),
        request_id: req.id,
      });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Malformed JSON, wrong Content-Type, oversized body: the client's to fix.
      return reply.code(200).send({
        code: SvcCode.InvalidParameter,
        message: `${err.message}; send a JSON body with Content-Type: application/json`,
        request_id: req.id,
      });
    }
    req.log.error({ err }, 'unexpected error');
    return reply
      .code(500)
      .send({ code: SvcCode.Internal, message: 'internal server error', request_id: req.id });
  });

  api.setNotFoundHandler((req, reply) =>
    reply.code(404).send({
      code: SvcCode.NotFound,
      message: `no endpoint ${req.method} ${req.url.split('?')[0]}; see /docs for the API reference`,
      request_id: req.id,
    }),
  );

  for (const routes of [
    accountRoutes,
    uploadRoutes,
    avatarRoutes,
    voiceRoutes,
    videoCreateRoutes,
    videoFileRoutes,
    videoTaskRoutes,
    templateRoutes,
    audioRoutes,
    coverRoutes,
  ]) {
    await api.register(routes, { container });
  }
}
