import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Container } from '../../container.js';
import { page, svcReply, svcResponses } from '../schemas/common.js';
import { ok } from './reply.js';

export const templateRoutes: FastifyPluginAsyncTypebox<{ container: Container }> = async (
  app,
  { container },
) => {
  app.get(
    '/video/lively_templates',
    {
      schema: {
        tags: ['video'],
        summary: 'Lively video templates',
        querystring: Type.Object({
          template: Type.Optional(Type.String()),
          tag: Type.Optional(Type.String()),
          title: Type.Optional(Type.String()),
          page: Type.Optional(page),
          size: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 20 })),
          type: Type.Optional(
            Type.Integer({
              enum: [0, 1, 2, 3],
              default: 0,
              description: '0 portrait, 1 landscape, 2 square, 3 original ratio',
            }),
          ),
        }),
        response: svcResponses(
          svcReply({
            data: Type.Array(
              Type.Object({
                template: Type.String(),
                title: Type.String(),
                cover_url: Type.String(),
                demo_url: Type.String(),
                type: Type.Integer(),
              }),
            ),
            total: Type.Integer(),
          }),
        ),
      },
    },
    async (req) => {
      const q = req.query;
      const { items, total } = container.services.catalogue.listTemplates({
        ...q,
        type: q.type ?? 0,
        page: q.page ?? 1,
        size: q.size ?? 20,
      });
      return ok(req, { data: items, total });
    },
  );
};
