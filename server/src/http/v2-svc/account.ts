import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Container } from '../../container.js';
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
        response: svcResponses(svcReply({ left: Type.Integer({ description: 'credit balance' }) })),
      },
    },
    async (req) => ok(req, { left: await container.services.credits.balance(callerOf(req).accountId) }),
  );
};
