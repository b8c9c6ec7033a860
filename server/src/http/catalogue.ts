import { createReadStream } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Container } from '../container.js';
import type { CatalogueAsset } from '../storage/blob-keys.js';

const TYPES: Record<string, string> = { png: 'image/png', mp4: 'video/mp4', mp3: 'audio/mpeg' };

/** Seconds a client is told to wait for an asset being rendered (a demo takes a few seconds). */
export const PREPARING_RETRY_SEC = 5;

/**
 * Public catalogue media (template covers and demos, cover-style previews, public voice demos): not
 * account data, so unsigned. Served from the files the build shipped (decision S18), else from the
 * blob store; one in neither is queued for the catalogue.render job and answered 503 with Retry-After
 * until it is there (decision S15): a request never renders.
 */
export async function catalogueRoutes(app: FastifyInstance, opts: { container: Container }) {
  const { services, blobs } = opts.container;
  const serve =
    (kind: CatalogueAsset, ext: string) =>
    async (req: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
      const asset = await services.catalogue.asset(kind, req.params.id.replace(/\.png$/, ''));
      if (asset.state === 'unknown')
        return reply.code(404).send({ code: 14, message: 'no such catalogue item', request_id: req.id });
      if (asset.state === 'preparing') {
        return reply
          .code(503)
          .header('retry-after', String(PREPARING_RETRY_SEC))
          .header('cache-control', 'no-store')
          .send({
            message: `this catalogue item is being prepared; retry in ${PREPARING_RETRY_SEC} seconds`,
            request_id: req.id,
          });
      }
      reply.header('content-type', TYPES[ext]).header('cache-control', 'public, max-age=86400');
      reply.header('content-length', asset.size);
      if ('file' in asset) return reply.send(createReadStream(asset.file));
      return reply.send(await blobs.read(asset.key));
    };
  app.get<{ Params: { id: string } }>(
    '/catalogue/templates/:id/cover.png',
    { schema: { hide: true } },
    serve('template-cover', 'png'),
  );
  app.get<{ Params: { id: string } }>(
    '/catalogue/templates/:id/demo.mp4',
    { schema: { hide: true } },
    serve('template-demo', 'mp4'),
  );
  app.get<{ Params: { id: string } }>(
    '/catalogue/voices/:id/demo.mp3',
    { schema: { hide: true } },
    serve('voice-demo', 'mp3'),
  );
  app.get<{ Params: { id: string } }>(
    '/catalogue/cover-styles/:id',
    { schema: { hide: true } },
    serve('cover-style', 'png'),
  );
}
