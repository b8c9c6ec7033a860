import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Container } from '../../container.js';
import { SvcCode } from '../../errors/codes.js';
import { svcDoc } from '../schemas/codes-doc.js';
import { svcReply, svcResponses } from '../schemas/common.js';
import { EXAMPLE } from '../schemas/examples.js';
import { callerOf } from './caller.js';
import { ok } from './reply.js';

export const uploadRoutes: FastifyPluginAsyncTypebox<{ container: Container }> = async (
  app,
  { container },
) => {
  app.post(
    '/tool/create_upload_url',
    {
      schema: {
        tags: ['upload'],
        summary: 'Signed upload address',
        ...svcDoc({
          description:
            'Returns a signed upload_url valid for 1 hour (LIKENESS_UPLOAD_URL_TTL). PUT the file bytes there with Content-Type set to the returned content_type (the PUT answers 200 with the file_id); then use file_id in other operations.',
          codes: [SvcCode.FileTypeUnsupported],
        }),
        body: Type.Object(
          {
            file_extension: Type.String({
              minLength: 1,
              maxLength: 10,
              description:
                "the file's extension, without the dot: mp4, mov (video); mp3, m4a, wav, aac, flac, ogg (audio); jpg, jpeg, png, webp (image); anything else is refused with 2012",
              examples: ['mp4'],
            }),
          },
          { examples: [{ file_extension: 'mp4' }] },
        ),
        response: svcResponses(
          svcReply({
            upload_url: Type.String({
              description: 'signed address to PUT the file to (no token needed; keep its query parameters)',
              examples: [EXAMPLE.uploadUrl],
            }),
            content_type: Type.String({
              description: 'MIME type that must be set as Content-Type on the upload',
              examples: ['video/mp4'],
            }),
            file_id: Type.String({
              description: 'file identifier for later use (file_id, video_file_id, image_file_id, ...)',
              examples: [EXAMPLE.videoFileId],
            }),
          }),
        ),
      },
    },
    async (req) =>
      ok(req, await container.services.uploads.createGrant(callerOf(req), req.body.file_extension)),
  );
};
