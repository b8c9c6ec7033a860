import { JobName, type JobHandler } from './job-queue.js';

/** Every JobName must have exactly one handler; boot fails otherwise. */
export function buildHandlerRegistry(handlers: JobHandler[]): Map<JobName, JobHandler> {
  const map = new Map<JobName, JobHandler>();
  for (const h of handlers) {
    if (map.has(h.name)) throw new Error(`job '${h.name}' has two handlers`);
    map.set(h.name, h);
  }
  const missing = Object.values(JobName).filter((n) => !map.has(n));
  if (missing.length > 0) throw new Error(`jobs without a handler: ${missing.join(', ')}`);
  return map;
}
