import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Container } from '../../container.js';
import { svcReply, svcResponses } from '../schemas/common.js';
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
        description:
          'Returns a signed, expiring upload_url. PUT the file bytes there with Content-Type set to the returned content_type; then use file_id in other operations.',
        body: Type.Object({
          file_extension: Type.String({
            minLength: 1,
            maxLength: 10,
            description: 'e.g. mp4, mov, mp3, m4a, wav, jpg, png',
          }),
        }),
        response: svcResponses(
          svcReply({
            upload_url: Type.String(),
            content_type: Type.String(),
            file_id: Type.String(),
          }),
        ),
      },
    },
    async (req) =>
      ok(req, await container.services.uploads.createGrant(callerOf(req), req.body.file_extension)),
  );
};
