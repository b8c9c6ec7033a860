import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Container } from '../../container.js';
import { requireSvcId } from '../../services/cover.service.js';
import { page, svcReply, svcResponses } from '../schemas/common.js';
import { callerOf } from './caller.js';
import { ok } from './reply.js';

export const coverRoutes: FastifyPluginAsyncTypebox<{ container: Container }> = async (
  app,
  { container },
) => {
  app.get(
    '/project/cover_styles',
    {
      schema: {
        tags: ['cover'],
        summary: 'Cover styles',
        querystring: Type.Object({
          page: Type.Optional(page),
          size: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 20 })),
          svc_id: Type.Optional(
            Type.String({ description: 'third-party user id; required with an agent-platform token' }),
          ),
        }),
        response: svcResponses(
          svcReply({
            data: Type.Array(
              Type.Object({
                id: Type.String(),
                title: Type.String(),
                url: Type.String(),
                slots: Type.Array(Type.Any(), { maxItems: 0 }),
              }),
            ),
            total: Type.Integer(),
          }),
        ),
      },
    },
    async (req) => {
      requireSvcId(callerOf(req), req.query.svc_id);
      const { items, total } = container.services.catalogue.listCoverStyles(
        req.query.page ?? 1,
        req.query.size ?? 20,
      );
      return ok(req, { data: items, total });
    },
  );

  app.post(
    '/project/covers',
    {
      schema: {
        tags: ['cover'],
        summary: 'Generate a cover image from a cover style',
        body: Type.Object({
          template: Type.String({ minLength: 1, description: 'cover style id' }),
          avatar: Type.Optional(Type.String({ minLength: 1 })),
          content: Type.Optional(Type.String({ maxLength: 10000 })),
          slots: Type.Optional(
            Type.Array(
              Type.Object({
                name: Type.Optional(
                  Type.String({
                    maxLength: 100,
                    description:
                      "any name; a slot named like one of the style's text areas (or its label) goes there, the others fill the remaining areas in order",
                  }),
                ),
                label: Type.Optional(Type.String({ maxLength: 100 })),
                value: Type.Optional(
                  Type.String({
                    maxLength: 10000,
                    description: 'rendered whole, or refused with 11 when it does not fit',
                  }),
                ),
                max_length: Type.Optional(
                  Type.Integer({ minimum: 0, description: 'a longer value is refused with 11 (never cut)' }),
                ),
                min_length: Type.Optional(
                  Type.Integer({ minimum: 0, description: 'a shorter value is refused with 11' }),
                ),
              }),
              { maxItems: 50 },
            ),
          ),
          canvas_preset: Type.Optional(Type.String({ enum: ['9:16', '3:4'], default: '9:16' })),
          output_format: Type.Optional(Type.String({ enum: ['jpg', 'png'], default: 'jpg' })),
          svc_id: Type.Optional(Type.String()),
        }),
        response: svcResponses(svcReply({ cover_id: Type.String(), url: Type.String() })),
      },
    },
    async (req) => ok(req, await container.services.covers.create(callerOf(req), req.body)),
  );
};
