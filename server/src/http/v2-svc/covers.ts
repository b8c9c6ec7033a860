import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Container } from '../../container.js';
import { requireSvcId } from '../../services/cover.service.js';
import { SvcCode } from '../../errors/codes.js';
import { svcDoc } from '../schemas/codes-doc.js';
import { page, pageSize, svcReply, svcResponses } from '../schemas/common.js';
import { EXAMPLE } from '../schemas/examples.js';
import { avatarId } from '../schemas/fields.js';

/** svc_id of both cover operations (spec: Authentication, item 4). */
const svcId = Type.String({
  description:
    'third-party user identifier; required (non-empty) only when the token was issued for a third-party agent platform, ignored otherwise',
  examples: ['user-42'],
});
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
        ...svcDoc({
          description: 'The styles of project/covers, which ship with the service.',
          codes: [],
        }),
        querystring: Type.Object({
          page: Type.Optional(page),
          size: Type.Optional(pageSize(200)),
          svc_id: Type.Optional(svcId),
        }),
        response: svcResponses(
          svcReply({
            data: Type.Array(
              Type.Object({
                id: Type.String({
                  description: 'style identifier; usable as the template parameter of project/covers',
                  examples: [EXAMPLE.coverStyle],
                }),
                title: Type.String({ description: 'style name', examples: ['新闻快讯 Breaking News'] }),
                url: Type.String({
                  description: 'preview image address (PNG; public, no token needed)',
                  examples: [`http://127.0.0.1:3000/catalogue/cover-styles/${EXAMPLE.coverStyle}.png`],
                }),
                slots: Type.Array(Type.Any(), {
                  maxItems: 0,
                  description: 'text-slot placeholder; unavailable; always an empty array',
                  examples: [[]],
                }),
              }),
              { description: 'the cover styles of this page' },
            ),
            total: Type.Integer({ description: 'how many cover styles there are', examples: [7] }),
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
        ...svcDoc({
          description:
            "Draws the cover while the request waits and answers its address. Fill the style's text areas from `content` (split automatically) or give them explicitly in `slots`.",
          codes: [SvcCode.NotFound],
        }),
        body: Type.Object(
          {
            template: Type.String({
              minLength: 1,
              description: 'cover style identifier, from GET /api/v2/svc/project/cover_styles',
              examples: [EXAMPLE.coverStyle],
            }),
            avatar: Type.Optional(
              avatarId("optional: the avatar's picture replaces the figure in the cover"),
            ),
            content: Type.Optional(
              Type.String({
                maxLength: 10000,
                description:
                  "text to fill the style's text areas, at most 10000 characters; the slot values are derived from it (one of content/slots at least)",
                examples: [
                  'City adds 12 bus lines. Service starts next Monday, every 5 minutes at peak hours.',
                ],
              }),
            ),
            slots: Type.Optional(
              Type.Array(
                Type.Object({
                  name: Type.Optional(
                    Type.String({
                      maxLength: 100,
                      description:
                        "slot name: any name; a slot named like one of the style's text areas (or its label) goes there, the others fill the remaining areas in order",
                      examples: ['headline'],
                    }),
                  ),
                  label: Type.Optional(
                    Type.String({
                      maxLength: 100,
                      description: 'slot label, matched against the text areas like name',
                      examples: ['标题'],
                    }),
                  ),
                  value: Type.Optional(
                    Type.String({
                      maxLength: 10000,
                      description:
                        'slot value: the text drawn, whole, or refused with 11 when it does not fit',
                      examples: ['City adds 12 bus lines'],
                    }),
                  ),
                  max_length: Type.Optional(
                    Type.Integer({
                      minimum: 0,
                      description:
                        'maximum value length, in characters: a longer value is refused with 11 (never cut)',
                      examples: [26],
                    }),
                  ),
                  min_length: Type.Optional(
                    Type.Integer({
                      minimum: 0,
                      description: 'minimum value length, in characters: a shorter value is refused with 11',
                      examples: [4],
                    }),
                  ),
                }),
                {
                  maxItems: 50,
                  description: 'explicit slot values, at most 50 (one of content/slots at least)',
                  examples: [[{ name: 'headline', value: 'City adds 12 bus lines' }]],
                },
              ),
            ),
            canvas_preset: Type.Optional(
              Type.String({
                enum: ['9:16', '3:4'],
                default: '9:16',
                description: 'canvas shape: 9:16 (default) or 3:4',
                examples: ['9:16'],
              }),
            ),
            output_format: Type.Optional(
              Type.String({
                enum: ['jpg', 'png'],
                default: 'jpg',
                description: 'image format: jpg (default) or png',
                examples: ['jpg'],
              }),
            ),
            svc_id: Type.Optional(svcId),
          },
          {
            description: 'template, and content or slots (at least one).',
            examples: [
              {
                template: EXAMPLE.coverStyle,
                avatar: EXAMPLE.avatar,
                content: 'City adds 12 bus lines. Service starts next Monday, every 5 minutes at peak hours.',
                canvas_preset: '9:16',
                output_format: 'jpg',
              },
            ],
          },
        ),
        response: svcResponses(
          svcReply({
            cover_id: Type.String({ description: 'cover identifier', examples: [EXAMPLE.coverId] }),
            url: Type.String({
              description: 'temporary signed address of the cover image (GET it without the token)',
              examples: [
                `http://127.0.0.1:3000/files/covers/acc_8m2k4q6w1e3r5t7y9u0i2o4p/${EXAMPLE.coverId}.jpg?exp=1767312000&sig=dGhpcyBpcyBhbiBleGFtcGxl`,
              ],
            }),
          }),
        ),
      },
    },
    async (req) => ok(req, await container.services.covers.create(callerOf(req), req.body)),
  );
};
