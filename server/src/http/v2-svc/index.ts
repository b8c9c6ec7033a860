import type { FastifyError, FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { isAppError } from '../../errors/app-error.js';
import { SvcCode } from '../../errors/codes.js';
import type { Container } from '../../container.js';
import { readCredential } from '../plugins/bearer.js';
import { formatValidationErrors } from '../plugins/validation.js';
import { accountRoutes } from './account.js';
import { avatarRoutes } from './avatars.js';
import { coverRoutes } from './covers.js';
import { uploadRoutes } from './uploads.js';
import { videoTaskRoutes } from './video-tasks.js';
import { videoCreateRoutes } from './videos.js';
import { voiceRoutes } from './voices.js';
import { audioRoutes } from './audio.js';
import { templateRoutes } from './templates.js';

/**
 * The generation API family under /api/v2/svc: its own auth hook and error envelope. Auth failure is
 * HTTP 401 with code 2003; every other failure is HTTP 200 with the spec's code and a message that
 * says what to fix.
 */
export async function svcApi(app: FastifyInstance, opts: { container: Container }) {
  const { container } = opts;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.addHook('onRequest', async (req, reply) => {
    const token = readCredential(req.headers.authorization, false);
    const caller = token ? await container.services.accounts.authenticate(token) : null;
    if (!caller) {
      return reply.code(401).send({
        code: SvcCode.InvalidToken,
        message: token
          ? 'invalid token: the API token is unknown or was rotated; get the current one from your account'
          : 'missing token: send the header "Authorization: Bearer <API_TOKEN>"',
        request_id: req.id,
      });
    }
    req.caller = caller;
  });

  api.setErrorHandler((err: FastifyError, req, reply) => {
    // Failures carry only the common fields, not the route's success shape.
    reply.serializer((payload) => JSON.stringify(payload)).type('application/json; charset=utf-8');
    const appErr: unknown = err;
    if (isAppError(appErr)) {
      return reply.code(200).send({ code: appErr.code, message: appErr.message, request_id: req.id });
    }
    if (err.validation) {
      return reply.code(200).send({
        code: SvcCode.InvalidParameter,
        message: formatValidationErrors(err.validation, err.validationContext ?? 'request'),
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
    videoTaskRoutes,
    templateRoutes,
    audioRoutes,
    coverRoutes,
  ]) {
    await api.register(routes, { container });
  }
}
