import type { Logger } from 'pino';
import type { Clock } from '../lib/clock.js';
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

interface LaneState {
  name: Lane;
  concurrency: number;
  running: Set<Promise<unknown>>;
}

export interface QueueOptions {
  /** Media jobs one process runs at once. */
  concurrency: number;
  attempts: number;
  clock: Clock;
  log: Logger;
  pollMs?: number;
  /** Seconds a claim holds without renewal; renewed every sixth of it. */
  leaseSec: number;
  /** This process (lib/worker-identity); one is made when not given. */
  workerId?: string;
}

/**
 * The embedded queue: jobs are rows in the database, so a crash or restart loses nothing, and any
 * number of processes sharing the database take jobs from it by polling the table. A claim is a
 * lease the JobRunner renews while the job runs; a job whose worker died goes back to the queue
 * when its lease runs out, or at once when the worker provably is gone (same host, pid not
 * alive). The attempt stays counted, so a job that keeps killing its worker eventually gives up
 * and its task fails with a refund. A cancellation reaches the process running the job when it
 * renews the lease.
 */
export class InProcessJobQueue implements JobQueue {
  readonly workerId: string;
  private readonly runner: JobRunner;
  private readonly lanes: LaneState[];
  private timer: NodeJS.Timeout | null = null;
  private stopped = true;
  private wakeScheduled = false;
  private pumping: Promise<void> | null = null;
  private pumpAgain = false;

  constructor(
    private readonly jobs: JobRepository,
    private readonly opts: QueueOptions,
  ) {
    this.workerId = opts.workerId ?? newWorkerIdentity();
    this.runner = new JobRunner(jobs, {
      clock: opts.clock,
      log: opts.log,
      leaseSec: opts.leaseSec,
      workerId: this.workerId,
    });
    this.lanes = LANES.map((name) => ({
      name,
      concurrency: laneConcurrency(name, opts.concurrency),
      running: new Set<Promise<unknown>>(),
    }));
  }

  async enqueue<N extends JobName>(
    name: N,
    payload: JobPayloads[N],
    o: EnqueueOptions = {},
  ): Promise<string | null> {
    const row = newJobRow(name, payload, o, this.opts.clock.now(), this.opts.attempts);
    const inserted = await this.jobs.enqueue(row, o.trx);
    // A job enqueued inside a transaction is visible only after commit; poll soon after.
    this.wake(o.trx ? 20 : 0);
    return inserted ? row.id : null;
  }

  async cancel(dedupeKey: string): Promise<void> {
    this.runner.cancelLocal(dedupeKey);
    // Running in another process: it stops when it next renews its lease.
    await this.jobs.requestCancel(dedupeKey, this.runner.now());
  }

  async start(handlers: Map<JobName, JobHandler>): Promise<void> {
    if (handlers.size === 0) return;
    await this.runner.start(handlers, () => {
      if (this.runner.busy === 0) this.wake(0);
    });
    this.stopped = false;
    this.wake(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    // A claim already on its way lands before the runner stops, so it is handed back with the rest.
    await this.pumping;
    await this.runner.stop();
  }

  async drain(timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      // A pump in progress may hold a job it has claimed (no longer due) but not yet started (not busy).
      const busy = this.runner.busy > 0 || this.pumping !== null;
      const next = await this.jobs.nextRunAt(this.runner.names);
      const due = next !== undefined && next <= this.runner.now();
      if (!busy && !due) return;
      if (Date.now() > deadline) throw new Error('queue did not drain in time');
      this.wake(0);
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  private namesFor(lane: LaneState): JobName[] {
    return this.runner.names.filter((n) => JOB_OPTIONS[n].lane === lane.name);
  }

  private wake(delayMs: number): void {
    if (this.stopped) return;
    if (delayMs === 0) {
      if (this.wakeScheduled) return;
      this.wakeScheduled = true;
      setImmediate(() => {
        this.wakeScheduled = false;
        this.pumpOnce();
      });
      return;
    }
    setTimeout(() => this.wake(0), delayMs).unref();
  }

  /** One pump at a time (another follows if woken meanwhile), and stop() can wait for it. */
  private pumpOnce(): void {
    if (this.pumping) {
      this.pumpAgain = true;
      return;
    }
    this.pumping = this.pump()
      .catch((err: unknown) => this.opts.log.error({ err }, 'could not take jobs'))
      .finally(() => {
        this.pumping = null;
        if (this.pumpAgain && !this.stopped) {
          this.pumpAgain = false;
          this.pumpOnce();
        }
      });
  }

  private async pump(): Promise<void> {
    if (this.stopped) return;
    for (const lane of this.lanes) {
      // Left queued (media comes first in LANES, so its count is current); pumped again when they end.
      if (laneYields(lane.name, this.mediaRunning())) continue;
      while (!this.stopped && lane.running.size < lane.concurrency) {
        const job = await this.jobs.claimNext(
          this.namesFor(lane),
          this.workerId,
          this.runner.now(),
          this.runner.leaseUntil(),
        );
        if (!job) break;
        const p = this.runner.run(job).finally(() => {
          lane.running.delete(p);
          this.wake(0);
        });
        lane.running.add(p);
      }
    }
    await this.scheduleNextPoll();
  }

  /**
   * The job names this process could start now: those of lanes with room that do not yield. A job
   * due in a full lane waits for a running one to end (which wakes the pump): polling for it every
   * 10 ms took a database query and a transaction on the HTTP thread 65 times a second while short
   * jobs queued behind each other.
   */
  private namesWithRoom(): JobName[] {
    const mediaRunning = this.mediaRunning();
    return this.lanes
      .filter((l) => l.running.size < l.concurrency && !laneYields(l.name, mediaRunning))
      .flatMap((l) => this.namesFor(l));
  }

  /** Media jobs this process runs now (background work yields to them). */
  private mediaRunning(): number {
    return this.lanes.find((l) => l.name === 'media')?.running.size ?? 0;
  }

  private async scheduleNextPoll(): Promise<void> {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    const names = this.namesWithRoom();
    const next = names.length > 0 ? await this.jobs.nextRunAt(names) : undefined;
    const poll = this.opts.pollMs ?? 1000;
    const wait = next
      ? Math.max(10, Math.min(poll, Date.parse(next) - this.opts.clock.now().getTime()))
      : poll;
    this.timer = setTimeout(() => this.pumpOnce(), wait);
    this.timer.unref();
  }
}
