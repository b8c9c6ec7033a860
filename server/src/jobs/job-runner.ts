import type { Logger } from 'pino';
import { addSeconds, iso, type Clock } from '../lib/clock.js';
import { isProvablyGone } from '../lib/worker-identity.js';
import type { JobRow } from '../db/schema.js';
import type { JobRepository } from '../repositories/job.repository.js';
import {
  JOB_OPTIONS,
  UnrecoverableError,
  type JobHandler,
  type JobName,
  type JobPayloads,
} from './job-queue.js';

/**
 * The level of a job's "job finished" line. A task's job is info: its task's own lines (task
 * started, finished, failed: TaskService) say the rest, so "job started" is debug for every job.
 * The catalogue's some fifty renders at start are debug: CatalogueService sums them up in one line.
 */
const FINISHED_LEVEL: Record<JobName, 'debug' | 'info'> = {
  'avatar.create': 'info',
  'voice.create': 'info',
  'work.render': 'info',
  'callback.deliver': 'info',
  'catalogue.render': 'debug',
  'test.outcome': 'info',
};

export interface JobRunnerOptions {
  clock: Clock;
  log: Logger;
  /** Seconds a claim holds without renewal; renewed every sixth of it. */
  leaseSec: number;
  /** This process (lib/worker-identity), as recorded on the rows it claims. */
  workerId: string;
}

/** How a run left its row: finished (done, failed, cancelled, or lost to another worker), or back in the queue. */
export type RunOutcome = { requeuedFor: null } | { requeuedFor: Date };

/**
 * Runs claimed job rows in this process, whichever adapter delivered them: the embedded queue
 * (it polls the table) or BullMQ (it hands over ids). It holds the claim by renewing the row's
 * lease while the handler runs, stops a run whose task was cancelled from any process (the flag
 * comes back with the renewal) or whose lease another process took back, records the outcome on
 * the row guarded by the claim, and puts provably abandoned rows back in the queue.
 */
export class JobRunner {
  readonly workerId: string;
  private readonly running = new Map<string, AbortController>();
  private readonly byKey = new Map<string, AbortController>();
  private readonly cancelled = new WeakSet<AbortController>();
  /** Runs whose lease another process took back: their outcome is not recorded. */
  private readonly lost = new WeakSet<AbortController>();
  private readonly inFlight = new Set<Promise<RunOutcome>>();
  private leaseTimer: NodeJS.Timeout | null = null;
  private stopping = true;
  private handlers = new Map<JobName, JobHandler>();

  constructor(
    private readonly jobs: JobRepository,
    private readonly opts: JobRunnerOptions,
  ) {
    this.workerId = opts.workerId;
  }

  get busy(): number {
    return this.inFlight.size;
  }

  get names(): JobName[] {
    return [...this.handlers.keys()];
  }

  now(): string {
    return iso(this.opts.clock.now());
  }

  leaseUntil(): string {
    return iso(addSeconds(this.opts.clock.now(), this.opts.leaseSec));
  }

  /**
   * Starts running jobs with these handlers and renewing leases; `afterRenewal` runs after each
   * round (the embedded queue polls then).
   */
  async start(handlers: Map<JobName, JobHandler>, afterRenewal?: () => void): Promise<void> {
    this.handlers = handlers;
    await this.takeBackAbandoned();
    this.stopping = false;
    const every = Math.max(250, (this.opts.leaseSec * 1000) / 6);
    const tick = () => {
      this.leaseTimer = setTimeout(() => {
        void this.renewLeases()
          .catch((err: unknown) => this.opts.log.error({ err }, 'could not renew job leases'))
          .finally(() => {
            if (this.stopping) return;
            afterRenewal?.();
            tick();
          });
      }, every);
      this.leaseTimer.unref();
    };
    tick();
  }

  /** Aborts every run (each goes back to the queue, its attempt not counted) and waits for them. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.leaseTimer) clearTimeout(this.leaseTimer);
    for (const c of this.running.values()) c.abort(new Error('server shutting down'));
    await Promise.allSettled([...this.inFlight]);
  }

  /** Stops this process's run of the job with this dedupe key, if it has one. */
  cancelLocal(dedupeKey: string): void {
    const c = this.byKey.get(dedupeKey);
    if (c) {
      this.cancelled.add(c);
      c.abort(new Error('cancelled'));
    }
  }

  /** Puts back in the queue what dead workers held: provably gone ones at once, others when their lease ran out. */
  async takeBackAbandoned(): Promise<string[]> {
    const holders = await this.jobs.runningHolders();
    const gone = holders.filter((h) => isProvablyGone(h, this.workerId));
    const ids = await this.jobs.takeBackAbandoned(gone, this.now());
    if (ids.length > 0) this.opts.log.warn({ jobs: ids }, 'took back jobs whose worker stopped');
    return ids;
  }

  private async renewLeases(): Promise<void> {
    const ids = [...this.running.keys()];
    const { held, cancelled } = await this.jobs.renew(this.workerId, ids, this.leaseUntil(), this.now());
    for (const id of cancelled) {
      const c = this.running.get(id);
      if (c && !c.signal.aborted) {
        this.cancelled.add(c);
        c.abort(new Error('cancelled'));
      }
    }
    const heldSet = new Set(held);
    for (const id of ids) {
      const c = this.running.get(id);
      if (c && !heldSet.has(id) && !c.signal.aborted) {
        // Taken back by another process (this one stalled past its lease): stop, record nothing.
        this.lost.add(c);
        c.abort(new Error('lease lost'));
      }
    }
    await this.takeBackAbandoned();
  }

  /**
   * Runs a row this process has just claimed, and records how it ended. A claim that lands while
   * the runner stops (the claim query was already on its way) is handed back at once, its attempt
   * not counted.
   */
  run(job: JobRow): Promise<RunOutcome> {
    const p = (this.stopping ? this.handBack(job) : this.execute(job)).finally(() => this.inFlight.delete(p));
    this.inFlight.add(p);
    return p;
  }

  private async handBack(job: JobRow): Promise<RunOutcome> {
    const now = this.now();
    await this.jobs.reschedule(job.id, this.workerId, now, 'interrupted by shutdown', now, {
      giveBackAttempt: true,
    });
    return { requeuedFor: new Date(now) };
  }

  private async execute(job: JobRow): Promise<RunOutcome> {
    const { id, attempts: attempt, max_attempts: max, dedupe_key: dedupeKey } = job;
    const name = job.name as JobName;
    const handler = this.handlers.get(name);
    const done: RunOutcome = { requeuedFor: null };
    if (!handler) {
      // A row only claimed by a process that has its handler (claims filter by name).
      await this.jobs.finish(id, this.workerId, 'failed', `no handler for ${name}`, this.now());
      return done;
    }
    const payload = JSON.parse(job.payload) as JobPayloads[JobName];
    if (attempt > max) {
      // Claimed more often than allowed: the process died during every earlier attempt.
      const err = new Error(`gave up after ${max} attempts (the worker stopped during each one)`);
      await this.giveUp(handler, payload, err);
      await this.jobs.finish(id, this.workerId, 'failed', err.message, this.now());
      return done;
    }
    const controller = new AbortController();
    this.running.set(id, controller);
    if (dedupeKey) this.byKey.set(dedupeKey, controller);
    const log = this.opts.log.child({ job: name, jobId: id, attempt });
    const started = Date.now();
    try {
      log.debug('job started');
      await handler.run(payload, {
        signal: controller.signal,
        attempt,
        maxAttempts: max,
        reportProgress: async () => undefined,
      });
      await this.jobs.finish(id, this.workerId, 'done', null, this.now());
      log[FINISHED_LEVEL[name]]({ ms: Date.now() - started }, 'job finished');
      return done;
    } catch (err) {
      return await this.afterError(handler, job, payload, controller, err, log);
    } finally {
      this.running.delete(id);
      if (dedupeKey) this.byKey.delete(dedupeKey);
    }
  }

  private async afterError(
    handler: JobHandler,
    job: JobRow,
    payload: JobPayloads[JobName],
    controller: AbortController,
    err: unknown,
    log: Logger,
  ): Promise<RunOutcome> {
    const { id, attempts: attempt, max_attempts: max } = job;
    const message = err instanceof Error ? err.message : String(err);
    if (this.lost.has(controller)) {
      log.warn('job taken over by another worker after this one missed its lease; stopped here');
      return { requeuedFor: null };
    }
    if (this.cancelled.has(controller)) {
      await this.jobs.finish(id, this.workerId, 'done', 'cancelled', this.now());
      log.info('job cancelled');
      return { requeuedFor: null };
    }
    if (this.stopping && controller.signal.aborted) {
      // Shutdown interrupted the job: leave it for another worker or the next start, attempt not
      // wasted (a job with a single attempt, such as a callback delivery, would otherwise never
      // run again).
      const now = this.now();
      await this.jobs.reschedule(id, this.workerId, now, 'interrupted by shutdown', now, {
        giveBackAttempt: true,
      });
      log.warn('job interrupted by shutdown; it will resume on another worker or the next start');
      return { requeuedFor: new Date(now) };
    }
    if (err instanceof UnrecoverableError || attempt >= max) {
      log.error({ err }, 'job failed');
      await this.giveUp(handler, payload, err);
      await this.jobs.finish(id, this.workerId, 'failed', message, this.now());
      return { requeuedFor: null };
    }
    const backoff = JOB_OPTIONS[job.name as JobName].backoffSec;
    const delay = backoff[Math.min(attempt - 1, backoff.length - 1)] ?? 5;
    log.warn({ err, retryInSec: delay }, 'job failed; will retry');
    const at = addSeconds(this.opts.clock.now(), delay);
    await this.jobs.reschedule(id, this.workerId, iso(at), message, this.now());
    return { requeuedFor: at };
  }

  private async giveUp(handler: JobHandler, payload: JobPayloads[JobName], err: unknown): Promise<void> {
    try {
      await handler.onGiveUp?.(payload, err);
    } catch (e) {
      this.opts.log.error({ err: e }, 'job give-up hook failed');
    }
  }
}
