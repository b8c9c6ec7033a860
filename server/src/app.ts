import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Container } from './container.js';
import { TEST_MODE_DOC } from './http/schemas/test-mode-doc.js';
import { blobRoutes } from './http/blob/index.js';
import { catalogueRoutes } from './http/catalogue.js';
import { cloneApi } from './http/app-v1-clone/index.js';
import { clientErrorResponse, type ClientError } from './http/client-error.js';
import { consoleRoutes } from './http/console/index.js';
import { genRequestId, requestContext, RequestLogController } from './http/plugins/request-context.js';
import { contractLeniency } from './http/plugins/contract.js';
import { deferredChildLoggerFactory } from './http/plugins/deferred-logger.js';
import { setValidators } from './http/plugins/validator.js';
import { mcpRoutes } from './http/mcp/index.js';
import { svcApi } from './http/v2-svc/index.js';

/** Builds the HTTP application around a container. Never listens: main does that. */
export async function buildApp(
  container: Container,
  opts: { logger?: boolean } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: (opts.logger === false ? undefined : container.log) as FastifyBaseLogger | undefined,
    genReqId: genRequestId,
    // A request's child logger is made when it first writes: a successful poll writes nothing.
    childLoggerFactory: deferredChildLoggerFactory,
    // Log lines carry the same request_id as the response header and body; one line per request.
    logController: new RequestLogController({ requestIdLogLabel: 'request_id' }),
    bodyLimit: 1024 * 1024,
    // A request Node's parser refuses (headers over 16 KB, a malformed request line) gets the
    // envelope of its API family rather than Fastify's generic JSON.
    clientErrorHandler: (err, socket) => {
      const requestId = genRequestId();
      const response = clientErrorResponse(err as unknown as ClientError, requestId);
      if (response && socket.writable) {
        app.log.info(
          { request_id: requestId, err: { code: (err as { code?: string }).code } },
          'unreadable request',
        );
        socket.end(response);
      } else socket.destroy(err);
    },
  });
  // The properties our hooks set on a request, declared up front so that every request object has
  // one shape: added one by one per request, each changed its hidden class (Fastify's own advice).
  app.decorateRequest('caller', undefined);
  app.decorateRequest('typos', undefined);
  app.decorateRequest('consoleSession', undefined);
  setValidators(app);
  await app.register(requestContext);
  await app.register(contractLeniency, { contract: container.services.contract });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'likeness',
        version: '0.1.0',
        description:
          'Self-hostable avatar and talking-video generation. Generation API under /api/v2/svc (Bearer token; HTTP 401 + code 2003 on auth failure, otherwise HTTP 200 with a code). Clone API under /api/app/v1/clone.\n\n' +
          TEST_MODE_DOC,
      },
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'API token from `likeness accounts create`',
          },
        },
      },
      security: [{ bearer: [] }],
    },
    // The console mounts the spec's routes again under /console/api (cookie sessions): not part of the API.
    transform: ({ schema, url }) =>
      url.startsWith('/console') ? { schema: { ...schema, hide: true }, url } : { schema, url },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  await app.register(svcApi, { prefix: '/api/v2/svc', container });
  await app.register(cloneApi, { prefix: '/api/app/v1/clone', container });
  await app.register(blobRoutes, { container });
  await app.register(catalogueRoutes, { container });
  await app.register(mcpRoutes, { container });
  await app.register(consoleRoutes, { container });
  app.get('/healthz', { schema: { hide: true } }, async () => ({ ok: true }));
  return app;
}
