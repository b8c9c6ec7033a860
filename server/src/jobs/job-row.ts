import type { Insertable } from 'kysely';
import type { JobsTable } from '../db/schema.js';
import { iso } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import { JOB_OPTIONS, type EnqueueOptions, type JobName, type JobPayloads } from './job-queue.js';

/**
 * The row that records a job, for either adapter: the jobs table is the queue of the embedded
 * adapter and the outbox of the BullMQ one. Ids never hold ':' and are not integers, as BullMQ
 * requires of custom job ids (the row id is the BullMQ job id).
 */
export function newJobRow<N extends JobName>(
  name: N,
  payload: JobPayloads[N],
  opts: EnqueueOptions,
  now: Date,
  defaultAttempts: number,
): Insertable<JobsTable> & { id: string } {
  return {
    id: newId('job'),
    name,
    payload: JSON.stringify(payload),
    state: 'queued',
    attempts: 0,
    max_attempts: JOB_OPTIONS[name].attempts ?? defaultAttempts,
    run_at: iso(opts.runAt ?? now),
    dedupe_key: opts.dedupeKey ?? null,
    created_at: iso(now),
    updated_at: iso(now),
  };
}
