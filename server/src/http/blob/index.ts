import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import parseRange from 'range-parser';
import type { Container } from '../../container.js';
import { SvcCode } from '../../errors/codes.js';
import { UploadRejected } from '../../services/upload.service.js';
import { BlobNotFoundError } from '../../storage/blob-store.js';
import { contentTypeForKey } from '../../storage/content-types.js';

const UPLOAD_STATUS: Record<UploadRejected['reason'], { http: number; code: number }> = {
  'bad-signature': { http: 403, code: SvcCode.InvalidParameter },
  expired: { http: 403, code: SvcCode.InvalidParameter },
  'not-found': { http: 404, code: SvcCode.NotFound },
  'content-type': { http: 415, code: SvcCode.FileTypeUnsupported },
  'too-large': { http: 413, code: SvcCode.FileTooLarge },
  empty: { http: 400, code: SvcCode.FileTypeUnsupported },
  'already-uploaded': { http: 409, code: SvcCode.InvalidParameter },
};

type Query = { exp?: string; sig?: string };

/**
 * Signed file routes: PUT /files/upload/:fileId receives an upload (streamed, never buffered, into
 * whichever store is configured), GET/HEAD /files/<key> serves a blob from the store with Range
 * support. Both are authorised by their signature, not by the API token (an Authorization header
 * sent along is ignored). With S3, results are handed out as presigned S3 URLs; /files/<key> still
 * answers for URLs handed out before (docs/decisions.md S9).
 */
export async function blobRoutes(app: FastifyInstance, opts: { container: Container }) {
  const { services, blobs } = opts.container;

  // Uploads arrive as raw bytes of any media type; hand the stream to the route untouched.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_req, payload, done) => done(null, payload));

  app.put<{ Params: { fileId: string }; Querystring: Query }>(
    '/files/upload/:fileId',
    { schema: { hide: true } },
    async (req, reply) => {
      const len = req.headers['content-length'];
      try {
        const result = await services.uploads.receive(
          req.params.fileId,
          req.query,
          req.headers['content-type'],
          len === undefined ? null : Number(len),
          req.raw,
        );
        return reply.code(200).send({ code: 0, message: '', request_id: req.id, ...result });
      } catch (err) {
        if (err instanceof UploadRejected) {
          const s = UPLOAD_STATUS[err.reason];
          // Stop reading a body we refuse; the client sees the answer at once.
          reply.header('connection', 'close');
          return reply.code(s.http).send({ code: s.code, message: err.message, request_id: req.id });
        }
        // A fault of this server (disk full, permissions): its message names paths, so it is logged only.
        req.log.error({ err }, 'upload could not be stored');
        reply.header('connection', 'close');
        return reply.code(500).send({
          code: SvcCode.Internal,
          message: 'the upload could not be stored (a server fault); retry it later',
          request_id: req.id,
        });
      }
    },
  );

  const serve = async (
    req: FastifyRequest<{ Params: { '*': string }; Querystring: Query }>,
    reply: FastifyReply,
  ) => {
    const key = decodeURIComponent(req.params['*']);
    const verdict = services.urls.verifyDownload(key, req.query);
    if (verdict !== 'ok') {
      return reply.code(403).send({
        code: SvcCode.InvalidParameter,
        message:
          verdict === 'expired'
            ? 'this link has expired; query the task again for a fresh one'
            : 'invalid link signature',
        request_id: req.id,
      });
    }
    const notFound = () =>
      reply.code(404).send({ code: SvcCode.NotFound, message: 'file not found', request_id: req.id });
    const stat = await blobs.stat(key);
    if (!stat) return notFound();
    let range: { start: number; end: number } | undefined;
    const rangeHeader = req.headers.range;
    if (rangeHeader) {
      const ranges = parseRange(stat.size, rangeHeader, { combine: true });
      if (ranges === -1) {
        reply.header('content-range', `bytes */${stat.size}`);
        return reply.code(416).send();
      }
      if (ranges !== -2 && ranges.type === 'bytes' && ranges.length === 1) range = ranges[0]!;
    }
    // Opened before any header is set: a blob deleted since stat is a plain 404.
    let body: Readable | undefined;
    if (req.method !== 'HEAD') {
      try {
        body = await blobs.read(key, range);
      } catch (err) {
        if (err instanceof BlobNotFoundError) return notFound();
        throw err;
      }
    }
    reply.header('content-type', contentTypeForKey(key));
    reply.header('accept-ranges', 'bytes');
    reply.header('cache-control', 'private, max-age=3600');
    if (range) {
      reply.code(206);
      reply.header('content-range', `bytes ${range.start}-${range.end}/${stat.size}`);
    }
    reply.header('content-length', range ? range.end - range.start + 1 : stat.size);
    return reply.send(body);
  };

  app.get('/files/*', { schema: { hide: true } }, serve);
}
