import { DelayedError, Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { addSeconds, iso, type Clock } from '../lib/clock.js';
import { newWorkerIdentity } from '../lib/worker-identity.js';
import type { JobRepository } from '../repositories/job.repository.js';
import {
  JOB_OPTIONS,
  LANES,
  laneConcurrency,
  laneYields,
  type EnqueueOptions,
  type Lane,
  type JobHandler,
  type JobName,
  type JobPayloads,
  type JobQueue,
} from './job-queue.js';
import { newJobRow } from './job-row.js';
import { JobRunner } from './job-runner.js';
import type { QueueOptions } from './in-process-queue.js';
import { openRedis } from './redis-connection.js';

export interface BullQueueOptions extends QueueOptions {
  redisUrl: string;
  /** Namespace of every Redis key, so several installations can share one Redis. */
  prefix?: string;
  /** How often each process publishes rows left behind (ms). */
  sweepMs?: number;
  /** Seconds after which a published row still queued is published again. */
  republishAfterSec?: number;
}

/**
 * The job queue on BullMQ. The jobs table stays the source of truth and the outbox: enqueue
 * inserts the row (inside the caller's transaction, so a task and its job commit together), and
 * publishing hands committed rows to BullMQ with job id = row id, so publishing twice is a no-op.
 * Each process publishes right after enqueueing and sweeps for rows left behind (a process that
 * died between commit and publish, Redis restarted empty).
 *
 * A worker that receives an id claims the row (JobRepository.claim) and runs it through the
 * JobRunner, which renews the row's lease, hears cancellations from any process and records the
 * outcome. BullMQ's own stall detection brings the job of a killed worker back to another one, whose
 * claim succeeds once the dead worker's lease has run out; a retry moves the same BullMQ job to the
 * delayed set until the row's next run.
 */
export class BullJobQueue implements JobQueue {
  readonly workerId: string;
  private readonly runner: JobRunner;
  private readonly queues = new Map<Lane, Queue>();
  /** Media jobs this process runs now (background work yields to them: laneYields). */
  private mediaRunning = 0;
  private readonly workers: Worker[] = [];
  private readonly connections: Redis[] = [];
  private sweepTimer: NodeJS.Timeout | null = null;
  private publishing: Promise<void> | null = null;
  private publishAgain = false;
  private stopped = true;
  private readonly prefix: string;

  constructor(
    private readonly jobs: JobRepository,
    private readonly opts: BullQueueOptions,
  ) {
    this.workerId = opts.workerId ?? newWorkerIdentity();
    this.prefix = opts.prefix ?? 'likeness';
    this.runner = new JobRunner(jobs, {
      clock: opts.clock,
      log: opts.log,
      leaseSec: opts.leaseSec,
      workerId: this.workerId,
    });
  }

  private get clock(): Clock {
    return this.opts.clock;
  }

  private get log(): Logger {
    return this.opts.log;
  }

  async enqueue<N extends JobName>(
    name: N,
    payload: JobPayloads[N],
    o: EnqueueOptions = {},
  ): Promise<string | null> {
    const row = newJobRow(name, payload, o, this.clock.now(), this.opts.attempts);
    const inserted = await this.jobs.enqueue(row, o.trx);
    // Inside a transaction the row is visible only once committed: publish just after. A row
    // whose transaction rolled back is never found, so nothing is published for it.
    if (inserted) setTimeout(() => this.publishSoon(), o.trx ? 20 : 0).unref();
    return inserted ? row.id : null;
  }

  async cancel(dedupeKey: string): Promise<void> {
    this.runner.cancelLocal(dedupeKey);
    // Running in another process: it stops when it next renews its lease.
    await this.jobs.requestCancel(dedupeKey, this.runner.now());
  }

  async start(handlers: Map<JobName, JobHandler>): Promise<void> {
    const producer = await openRedis(this.opts.redisUrl, this.log);
    this.connections.push(producer);
    for (const lane of LANES) {
      this.queues.set(lane, new Queue(lane, { connection: producer, prefix: this.prefix }));
    }
    this.stopped = false;
    const sweepMs = this.opts.sweepMs ?? 2000;
    const sweep = () => {
      this.sweepTimer = setTimeout(() => {
        this.publishSoon();
        if (!this.stopped) sweep();
      }, sweepMs);
      this.sweepTimer.unref();
    };
    sweep();
    this.publishSoon();
    if (handlers.size === 0) return;

    await this.runner.start(handlers);
    const leaseMs = this.opts.leaseSec * 1000;
    const lanes = new Set([...handlers.keys()].map((n) => JOB_OPTIONS[n].lane));
    for (const lane of lanes) {
      // Workers block on Redis, so each has its own connection (BullMQ duplicates it again).
      const connection = await openRedis(this.opts.redisUrl, this.log);
      this.connections.push(connection);
      const worker = new Worker(lane, (job, token) => this.process(job, token), {
        connection,
        prefix: this.prefix,
        concurrency: laneConcurrency(lane, this.opts.concurrency),
        // The row's lease decides who may run a job; BullMQ's lock only has to notice a dead
        // worker about as soon, so another one asks for the row.
        lockDuration: leaseMs,
        stalledInterval: Math.max(1000, Math.floor(leaseMs / 2)),
        // Attempts are counted on the row (a job that keeps killing its worker gives up there);
        // BullMQ must never fail a job on its own.
        maxStalledCount: Number.MAX_SAFE_INTEGER,
        name: this.workerId,
      });
      worker.on('error', (err) => this.log.error({ err, lane }, 'job worker error'));
      this.workers.push(worker);
    }
  }

  /** One BullMQ delivery: claim the row, run it, and put the BullMQ job back if the row is requeued. */
  private async process(job: Job, token: string | undefined): Promise<void> {
    const id = job.id;
    if (id === undefined) return;
    const later = async (at: Date): Promise<never> => {
      await job.moveToDelayed(Math.max(at.getTime(), Date.now()), token);
      throw new DelayedError();
    };
    if (this.stopped) return later(new Date());
    const lane = JOB_OPTIONS[job.name as JobName]?.lane ?? 'media';
    // Background work waits while this process runs users' media work (it looks again in 2 s).
    if (laneYields(lane, this.mediaRunning)) return later(new Date(Date.now() + 2000));
    const now = this.runner.now();
    const claimed = await this.jobs.claim(id, this.workerId, now, this.runner.leaseUntil());
    if (!claimed) {
      const row = await this.jobs.get(id);
      // Finished (or a row this database does not hold): nothing left to do for this delivery.
      if (!row || (row.state !== 'queued' && row.state !== 'running')) return;
      // Not due yet, or running under a live lease elsewhere (BullMQ thought its worker stalled):
      // look again when it is due or the lease would have run out.
      const at = row.state === 'queued' ? row.run_at : row.lease_until;
      return later(at ? new Date(Date.parse(at) + 500) : addSeconds(this.clock.now(), this.opts.leaseSec));
    }
    if (lane === 'media') this.mediaRunning++;
    const outcome = await this.runner.run(claimed).finally(() => {
      if (lane === 'media') this.mediaRunning--;
    });
    if (outcome.requeuedFor) return later(outcome.requeuedFor);
  }

  /** Publishes what the sweep finds; one round at a time per process, another if asked meanwhile. */
  private publishSoon(): void {
    if (this.stopped) return;
    if (this.publishing) {
      this.publishAgain = true;
      return;
    }
    this.publishing = this.publish()
      .catch((err: unknown) => this.log.warn({ err }, 'could not publish jobs; will try again'))
      .finally(() => {
        this.publishing = null;
        if (this.publishAgain) {
          this.publishAgain = false;
          this.publishSoon();
        }
      });
  }

  private async publish(): Promise<void> {
    const now = this.clock.now();
    const republishBefore = iso(addSeconds(now, -(this.opts.republishAfterSec ?? 60)));
    for (;;) {
      const rows = await this.jobs.unpublished(republishBefore, 200);
      if (rows.length === 0 || this.stopped) return;
      for (const row of rows) {
        const queue = this.queues.get(JOB_OPTIONS[row.name as JobName].lane)!;
        const delay = Math.max(0, Date.parse(row.run_at) - Date.now());
        await queue.add(row.name, {}, { jobId: row.id, delay, removeOnComplete: true, removeOnFail: true });
      }
      await this.jobs.markPublished(
        rows.map((r) => r.id),
        iso(this.clock.now()),
      );
      if (rows.length < 200) return;
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.sweepTimer) clearTimeout(this.sweepTimer);
    // Closing stops fetching and waits for active deliveries; aborting the runs makes them short
    // (each puts its row back in the queue and its BullMQ job back in the delayed set).
    const closing = this.workers.map((w) => w.close());
    await this.runner.stop();
    await Promise.all(closing);
    await this.publishing;
    await Promise.all([...this.queues.values()].map((q) => q.close()));
    await Promise.all(this.connections.map((c) => c.quit().catch(() => c.disconnect())));
    this.workers.length = 0;
    this.queues.clear();
    this.connections.length = 0;
  }

  async drain(timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if ((await this.jobs.countBusy(this.runner.now())) === 0 && this.runner.busy === 0) return;
      if (Date.now() > deadline) throw new Error('queue did not drain in time');
      this.publishSoon();
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}
