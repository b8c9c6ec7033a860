import type { Logger } from 'pino';
import { newId } from '../lib/ids.js';
import { addSeconds, iso, type Clock } from '../lib/clock.js';
import { isProvablyGone, newWorkerIdentity } from '../lib/worker-identity.js';
import type { JobRepository } from '../repositories/job.repository.js';
import {
  JOB_OPTIONS,
  UnrecoverableError,
  type EnqueueOptions,
  type JobHandler,
  type JobName,
  type JobPayloads,
  type JobQueue,
} from './job-queue.js';

interface Lane {
  name: 'media' | 'io';
  concurrency: number;
  running: Set<Promise<void>>;
}

/**
 * The embedded queue: jobs are rows in the database, so a crash or restart loses nothing, and any
 * number of processes sharing the database take jobs from it. A claim is a lease this process
 * renews while the job runs; a job whose worker died goes back to the queue when its lease runs
 * out, or at once when the worker provably is gone (same host, pid not alive). The attempt stays
 * counted, so a job that keeps killing its worker eventually gives up and its task fails with a
 * refund. A cancellation reaches the process running the job when it renews the lease.
 */
export class InProcessJobQueue implements JobQueue {
  readonly workerId: string;
  private readonly lanes: Lane[];
  private readonly controllers = new Set<AbortController>();
  /** Running jobs by id, for lease renewal and cancellation from another process. */
  private readonly running = new Map<string, AbortController>();
  /** Running jobs by dedupe key, so a cancelled task's job can be stopped. */
  private readonly byKey = new Map<string, AbortController>();
  private readonly cancelled = new WeakSet<AbortController>();
  /** Jobs whose lease was taken back by another process: this run's outcome is not recorded. */
  private readonly lost = new WeakSet<AbortController>();
  private timer: NodeJS.Timeout | null = null;
  private leaseTimer: NodeJS.Timeout | null = null;
  private stopped = true;
  private wakeScheduled = false;

  constructor(
    private readonly jobs: JobRepository,
    private readonly handlers: Map<JobName, JobHandler>,
    private readonly opts: {
      concurrency: number;
      attempts: number;
      clock: Clock;
      log: Logger;
      pollMs?: number;
      /** Seconds a claim holds without renewal; renewed every sixth of it. */
      leaseSec: number;
      /** This process (lib/worker-identity); one is made when not given. */
      workerId?: string;
    },
  ) {
    this.workerId = opts.workerId ?? newWorkerIdentity();
    this.lanes = [
      { name: 'media', concurrency: opts.concurrency, running: new Set() },
      { name: 'io', concurrency: 4, running: new Set() },
    ];
  }

  async enqueue<N extends JobName>(
    name: N,
    payload: JobPayloads[N],
    o: EnqueueOptions = {},
  ): Promise<string | null> {
    const now = this.opts.clock.now();
    const max = JOB_OPTIONS[name].attempts ?? this.opts.attempts;
    const id = newId('job');
    const inserted = await this.jobs.enqueue(
      {
        id,
        name,
        payload: JSON.stringify(payload),
        state: 'queued',
        attempts: 0,
        max_attempts: max,
        run_at: iso(o.runAt ?? now),
        dedupe_key: o.dedupeKey ?? null,
        created_at: iso(now),
        updated_at: iso(now),
      },
      o.trx,
    );
    // A job enqueued inside a transaction is visible only after commit; poll soon after.
    this.wake(o.trx ? 20 : 0);
    return inserted ? id : null;
  }

  async cancel(dedupeKey: string): Promise<void> {
    const c = this.byKey.get(dedupeKey);
    if (c) {
      this.cancelled.add(c);
      c.abort(new Error('cancelled'));
    }
    // Running in another process: it stops when it next renews its lease.
    await this.jobs.requestCancel(dedupeKey, iso(this.opts.clock.now()));
  }

  async start(): Promise<void> {
    await this.takeBackAbandoned();
    this.stopped = false;
    this.scheduleLeaseRenewal();
    this.wake(0);
  }

  private leaseUntil(): string {
    return iso(addSeconds(this.opts.clock.now(), this.opts.leaseSec));
  }

  /** Puts back in the queue what dead workers held: provably gone ones at once, others when their lease ran out. */
  private async takeBackAbandoned(): Promise<void> {
    const holders = await this.jobs.runningHolders();
    const gone = holders.filter((h) => isProvablyGone(h, this.workerId));
    const ids = await this.jobs.takeBackAbandoned(gone, iso(this.opts.clock.now()));
    if (ids.length > 0) this.opts.log.warn({ jobs: ids }, 'took back jobs whose worker stopped');
  }

  private scheduleLeaseRenewal(): void {
    const every = Math.max(250, (this.opts.leaseSec * 1000) / 6);
    this.leaseTimer = setTimeout(() => {
      void this.renewLeases()
        .catch((err: unknown) => this.opts.log.error({ err }, 'could not renew job leases'))
        .finally(() => {
          if (!this.stopped) this.scheduleLeaseRenewal();
        });
    }, every);
    this.leaseTimer.unref();
  }

  private async renewLeases(): Promise<void> {
    const ids = [...this.running.keys()];
    const { held, cancelled } = await this.jobs.renew(
      this.workerId,
      ids,
      this.leaseUntil(),
      iso(this.opts.clock.now()),
    );
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
    if (ids.length === 0) this.wake(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.leaseTimer) clearTimeout(this.leaseTimer);
    for (const c of this.controllers) c.abort(new Error('server shutting down'));
    await Promise.allSettled(this.lanes.flatMap((l) => [...l.running]));
  }

  async drain(timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const busy = this.lanes.some((l) => l.running.size > 0);
      const next = await this.jobs.nextRunAt(this.allNames());
      const due = next !== undefined && next <= iso(this.opts.clock.now());
      if (!busy && !due) return;
      if (Date.now() > deadline) throw new Error('queue did not drain in time');
      this.wake(0);
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  private allNames(): JobName[] {
    return [...this.handlers.keys()];
  }

  private namesFor(lane: Lane): JobName[] {
    return this.allNames().filter((n) => JOB_OPTIONS[n].lane === lane.name);
  }

  private wake(delayMs: number): void {
    if (this.stopped) return;
    if (delayMs === 0) {
      if (this.wakeScheduled) return;
      this.wakeScheduled = true;
      setImmediate(() => {
        this.wakeScheduled = false;
        void this.pump();
      });
      return;
    }
    setTimeout(() => this.wake(0), delayMs).unref();
  }

  private async pump(): Promise<void> {
    if (this.stopped) return;
    for (const lane of this.lanes) {
      while (!this.stopped && lane.running.size < lane.concurrency) {
        const job = await this.jobs.claimNext(
          this.namesFor(lane),
          this.workerId,
          iso(this.opts.clock.now()),
          this.leaseUntil(),
        );
        if (!job) break;
        const p = this.execute(
          job.id,
          job.name as JobName,
          job.payload,
          job.attempts,
          job.max_attempts,
          job.dedupe_key,
        ).finally(() => {
          lane.running.delete(p);
          this.wake(0);
        });
        lane.running.add(p);
      }
    }
    this.scheduleNextPoll();
  }

  private async scheduleNextPoll(): Promise<void> {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    const next = await this.jobs.nextRunAt(this.allNames());
    const poll = this.opts.pollMs ?? 1000;
    const wait = next
      ? Math.max(10, Math.min(poll, Date.parse(next) - this.opts.clock.now().getTime()))
      : poll;
    this.timer = setTimeout(() => void this.pump(), wait);
    this.timer.unref();
  }

  private async execute(
    id: string,
    name: JobName,
    rawPayload: string,
    attempt: number,
    max: number,
    dedupeKey: string | null,
  ) {
    const handler = this.handlers.get(name);
    const payload = JSON.parse(rawPayload) as JobPayloads[JobName];
    const now = () => iso(this.opts.clock.now());
    if (!handler) return;
    if (attempt > max) {
      // Claimed more often than allowed: the process died during every earlier attempt.
      const err = new Error(`gave up after ${max} attempts (the worker stopped during each one)`);
      await this.giveUp(handler, payload, err);
      await this.jobs.finish(id, this.workerId, 'failed', err.message, now());
      return;
    }
    const controller = new AbortController();
    this.controllers.add(controller);
    this.running.set(id, controller);
    if (dedupeKey) this.byKey.set(dedupeKey, controller);
    const log = this.opts.log.child({ job: name, jobId: id, attempt });
    const started = Date.now();
    try {
      log.info('job started');
      await handler.run(payload, {
        signal: controller.signal,
        attempt,
        maxAttempts: max,
        reportProgress: async () => undefined,
      });
      await this.jobs.finish(id, this.workerId, 'done', null, now());
      log.info({ ms: Date.now() - started }, 'job finished');
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (this.lost.has(controller)) {
        log.warn('job taken over by another worker after this one missed its lease; stopped here');
        return;
      }
      if (this.cancelled.has(controller)) {
        await this.jobs.finish(id, this.workerId, 'done', 'cancelled', now());
        log.info('job cancelled');
        return;
      }
      if (this.stopped && controller.signal.aborted) {
        // Shutdown interrupted the job: leave it for the next start, attempt not wasted (a job
        // with a single attempt, such as a callback delivery, would otherwise never run again).
        await this.jobs.reschedule(id, this.workerId, now(), 'interrupted by shutdown', now(), {
          giveBackAttempt: true,
        });
        log.warn('job interrupted by shutdown; it will resume on next start');
        return;
      }
      const permanent = err instanceof UnrecoverableError || attempt >= max;
      if (permanent) {
        log.error({ err }, 'job failed');
        await this.giveUp(handler, payload, err);
        await this.jobs.finish(id, this.workerId, 'failed', message, now());
      } else {
        const backoff = JOB_OPTIONS[name].backoffSec;
        const delay = backoff[Math.min(attempt - 1, backoff.length - 1)] ?? 5;
        log.warn({ err, retryInSec: delay }, 'job failed; will retry');
        await this.jobs.reschedule(
          id,
          this.workerId,
          iso(addSeconds(this.opts.clock.now(), delay)),
          message,
          now(),
        );
      }
    } finally {
      this.controllers.delete(controller);
      this.running.delete(id);
      if (dedupeKey) this.byKey.delete(dedupeKey);
    }
  }

  private async giveUp(handler: JobHandler, payload: JobPayloads[JobName], err: unknown): Promise<void> {
    try {
      await handler.onGiveUp?.(payload, err);
    } catch (e) {
      this.opts.log.error({ err: e }, 'job give-up hook failed');
    }
  }
}
