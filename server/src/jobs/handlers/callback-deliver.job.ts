import type { CallbackService } from '../../services/callback.service.js';
import { JobName, type JobHandler } from '../job-queue.js';

/** One callback delivery attempt; the service schedules the next one on the account-facing retry schedule. */
export function callbackDeliverJob(d: {
  callbacks: Pick<CallbackService, 'deliver'>;
}): JobHandler<'callback.deliver'> {
  return {
    name: JobName.CallbackDeliver,
    async run({ deliveryId }, ctx) {
      await d.callbacks.deliver(deliveryId, ctx.signal);
    },
  };
}
