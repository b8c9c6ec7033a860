import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Container } from '../container.js';
import type { CatalogueAsset } from '../services/catalogue.service.js';

const TYPES: Record<string, string> = { png: 'image/png', mp4: 'video/mp4', mp3: 'audio/mpeg' };

/**
 * Public catalogue media (template covers and demos, cover-style previews, public voice demos): not
 * account data, so unsigned.
 */
export async function catalogueRoutes(app: FastifyInstance, opts: { container: Container }) {
  const { services, blobs } = opts.container;
  const serve =
    (kind: CatalogueAsset, ext: string) =>
    async (req: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
      const key = await services.catalogue.asset(kind, req.params.id.replace(/\.png$/, ''));
      if (!key)
        return reply.code(404).send({ code: 14, message: 'no such catalogue item', request_id: req.id });
      // read() rejects for a missing blob rather than failing the stream later: check first.
      const stat = await blobs.stat(key);
      if (!stat)
        return reply.code(404).send({ code: 14, message: 'no such catalogue item', request_id: req.id });
      reply.header('content-type', TYPES[ext]).header('cache-control', 'public, max-age=86400');
      reply.header('content-length', stat.size);
      return reply.send(await blobs.read(key));
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
