import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Container } from '../../container.js';
import { callerOf } from '../v2-svc/caller.js';
import { CallbackSecret, DeliveryList, DeliveryRef } from './schemas.js';

/** The callback secret, test events and the delivery log with its resend button. */
export const callbackRoutes: FastifyPluginAsyncTypebox<{ container: Container }> = async (
  app,
  { container },
) => {
  const { accounts, callbacks } = container.services;

  app.get('/callback/secret', { schema: { response: { 200: CallbackSecret } } }, async (req) => ({
    secret: (await accounts.settings(callerOf(req).accountId)).callback_secret,
  }));

  app.post('/callback/secret/rotate', { schema: { response: { 200: CallbackSecret } } }, async (req) => ({
    secret: await accounts.rotateCallbackSecret(callerOf(req).accountId),
  }));

  app.post('/callback/test', { schema: { response: { 200: DeliveryRef } } }, async (req) => ({
    delivery_id: await callbacks.sendTest(callerOf(req).accountId),
  }));

  app.get(
    '/callback/deliveries',
    {
      schema: {
        querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })) }),
        response: { 200: DeliveryList },
      },
    },
    async (req) => {
      const rows = await callbacks.list(callerOf(req).accountId, req.query.limit ?? 50);
      return {
        data: rows.map((d) => ({
          id: d.id,
          event_type: d.event_type,
          task_id: d.task_id,
          url: d.url,
          state: d.state as 'pending' | 'delivered' | 'dead',
          attempts: d.attempts,
          last_status: d.last_status,
          last_error: d.last_error,
          last_latency_ms: d.last_latency_ms,
          next_attempt_at: d.state === 'pending' ? d.next_attempt_at : null,
          created_at: d.created_at,
          finished_at: d.finished_at,
          body: d.body,
        })),
      };
    },
  );

  app.post(
    '/callback/deliveries/:id/resend',
    {
      schema: {
        params: Type.Object({ id: Type.String({ maxLength: 100 }) }),
        response: { 200: DeliveryRef },
      },
    },
    async (req) => ({ delivery_id: await callbacks.resend(callerOf(req).accountId, req.params.id) }),
  );
};
