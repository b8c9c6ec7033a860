import type { Container } from '../../container.js';
import { JobName, type JobHandler } from '../job-queue.js';

/** One callback delivery attempt; the service schedules the next one on the account-facing retry schedule. */
export function callbackDeliverJob(c: Container): JobHandler<'callback.deliver'> {
  return {
    name: JobName.CallbackDeliver,
    async run({ deliveryId }, ctx) {
      await c.services.callbacks.deliver(deliveryId, ctx.signal);
    },
  };
}
