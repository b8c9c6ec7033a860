import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Container } from '../../container.js';
import { svcDoc } from '../schemas/codes-doc.js';
import { page, pageSize, svcReply, svcResponses } from '../schemas/common.js';
import { EXAMPLE } from '../schemas/examples.js';
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
        ...svcDoc({
          description:
            'The templates of video/create_by_template, which ship with the service. All filters are optional and combine.',
          codes: [],
        }),
        querystring: Type.Object({
          template: Type.Optional(
            Type.String({
              description:
                'a template identifier: when given, only that template is returned (whatever its type)',
              examples: [EXAMPLE.template],
            }),
          ),
          tag: Type.Optional(
            Type.String({
              description: 'only templates with this tag (exact), e.g. news, vlog, product',
              examples: ['news'],
            }),
          ),
          title: Type.Optional(
            Type.String({
              description: 'only templates whose title contains this text (any case)',
              examples: ['新闻'],
            }),
          ),
          page: Type.Optional(page),
          size: Type.Optional(pageSize(200)),
          type: Type.Optional(
            Type.Integer({
              enum: [0, 1, 2, 3],
              default: 0,
              description:
                'picture orientation: 0 = portrait (default), 1 = landscape, 2 = square, 3 = original ratio',
              examples: [0],
            }),
          ),
        }),
        response: svcResponses(
          svcReply({
            data: Type.Array(
              Type.Object({
                template: Type.String({
                  description:
                    'template identifier; usable as the template parameter of video/create_by_template',
                  examples: [EXAMPLE.template],
                }),
                title: Type.String({ description: 'template title', examples: ['新闻播报 News Report'] }),
                cover_url: Type.String({
                  description: 'cover image address (PNG; public, no token needed)',
                  examples: [`http://127.0.0.1:3000/catalogue/templates/${EXAMPLE.template}/cover.png`],
                }),
                demo_url: Type.String({
                  description: 'sample video address (MP4; public, no token needed)',
                  examples: [`http://127.0.0.1:3000/catalogue/templates/${EXAMPLE.template}/demo.mp4`],
                }),
                type: Type.Integer({
                  description: 'picture orientation: 0 portrait, 1 landscape, 2 square, 3 original ratio',
                  examples: [0],
                }),
              }),
              { description: 'the templates of this page' },
            ),
            total: Type.Integer({ description: 'how many templates match, over all pages', examples: [1] }),
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
