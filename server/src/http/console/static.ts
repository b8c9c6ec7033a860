import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Where `npm run build` writes the console (console/dist), from src/ and from dist/ alike. */
export const CONSOLE_DIST = fileURLToPath(new URL('../../../../console/dist/', import.meta.url));

/**
 * Sent with the console's page: scripts and styles only from likeness itself, no framing. Media and
 * images may come from the blob store's presigned URLs (S3), hence any https source for those.
 */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob: https: http:",
  "media-src 'self' blob: https: http:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

/** The console's files: index.html (never cached, it names the assets) and hashed assets (cached for good). */
export async function consoleStatic(app: FastifyInstance, opts: { dist?: string } = {}): Promise<void> {
  const dist = opts.dist ?? CONSOLE_DIST;
  app.get('/console', { schema: { hide: true } }, (_req, reply) => reply.redirect('/console/', 301));
  if (!existsSync(`${dist}/index.html`)) {
    app.get('/console/', { schema: { hide: true } }, (_req, reply) =>
      reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The console is not built: run `npm run build` (npm install does it) and restart likeness.\n'),
    );
    return;
  }
  await app.register(fastifyStatic, {
    root: dist,
    prefix: '/console/',
    decorateReply: false,
    index: ['index.html'],
    wildcard: true,
    setHeaders(res, path) {
      res.header('x-content-type-options', 'nosniff');
      if (path.endsWith('.html')) {
        res.header('cache-control', 'no-cache');
        res.header('content-security-policy', CSP);
        res.header('referrer-policy', 'no-referrer');
      } else {
        res.header('cache-control', 'public, max-age=31536000, immutable');
      }
    },
  });
}
