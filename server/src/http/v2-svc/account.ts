import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Container } from '../../container.js';
import { svcDoc } from '../schemas/codes-doc.js';
import { svcReply, svcResponses } from '../schemas/common.js';
import { callerOf } from './caller.js';
import { ok } from './reply.js';

export const accountRoutes: FastifyPluginAsyncTypebox<{ container: Container }> = async (
  app,
  { container },
) => {
  app.get(
    '/account/credit',
    {
      schema: {
        tags: ['account'],
        summary: 'Credit balance',
        ...svcDoc({
          description:
            'Operations marked (credits) reserve credits at submission and settle or refund them when the task ends.',
          codes: [],
        }),
        response: svcResponses(
          svcReply({ left: Type.Integer({ description: 'credit balance, in credits', examples: [10000] }) }),
        ),
      },
    },
    async (req) => ok(req, { left: await container.services.credits.balance(callerOf(req).accountId) }),
  );
};
