import { sql } from 'kysely';
import type { Logger } from 'pino';
import { PLANS, type Config, type Plan, type PlanGatedOperation } from '../config.js';
import type { Db } from '../db/connect.js';
import type { TaskRow } from '../db/schema.js';
import { ERRORS } from '../errors/app-error.js';
import { SvcCode } from '../errors/codes.js';
import { iso, startOfUtcDay, type Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import { UnrecoverableError, type JobName, type JobQueue } from '../jobs/job-queue.js';
import { OPEN_STATUSES, TaskStatus, type TaskRepository } from '../repositories/task.repository.js';
import type { Caller } from './account.service.js';
import type { CallbackService } from './callback.service.js';
import type { CreditService } from './credit.service.js';

export type TaskFamily = 'avatar' | 'voice' | 'work';

/** What a finished task produced; stored as the task's result JSON. */
export interface TaskResult {
  avatar?: string;
  voice?: string;
  /** Blob key of the output file (video, audio, voice demo). */
  blobKey?: string;
  durationSec?: number;
  /** A still of a video work (the console's poster). */
  posterKey?: string;
}

export interface Submission {
  family: TaskFamily;
  type: string;
  title: string | null;
  input: Record<string, unknown>;
  job: JobName;
  /** Credits reserved now; settled on completion, refunded on failure. */
  reserve: number;
  planGate?: PlanGatedOperation;
  subjectId?: string | null;
  /** Already complete at submission (same video_url as a finished avatar): no job runs. */
  completedWith?: TaskResult;
  /** Finished by another task's job (same video_url as an avatar still being made). */
  noJob?: boolean;
  /**
   * A limit checked inside the submission's transaction, under the account's lock (e.g. the
   * avatar or voice ceiling); throws to refuse.
   */
  checkInTransaction?: (trx: Db) => Promise<void>;
  /**
   * Decided inside the submission's transaction, under the account's lock, from what is stored
   * then (the same video_url as an avatar made or being made): overrides the fields it returns.
   */
  resolveInTransaction?: (trx: Db) => Promise<Resolution>;
  /** Work done inside the same transaction (e.g. creating the avatar row this task will fill). */
  alsoInTransaction?: (trx: Db, taskId: string) => Promise<void>;
}

/** What a submission decides inside its transaction (see Submission.resolveInTransaction). */
export type Resolution = Partial<
  Pick<Submission, 'subjectId' | 'completedWith' | 'noJob' | 'alsoInTransaction'>
>;

/** The error message of a task cancelled by a delete. */
export const DELETED_BY_CALLER = 'deleted by the caller';

/**
 * The task left the processing state while its job was working on it (deleted by the caller, or
 * finished by another worker): the job's work is no longer wanted. Not retried.
 */
export class TaskNotOpenError extends UnrecoverableError {
  constructor(taskId: string) {
    super(`task '${taskId}' is no longer in progress`);
    this.name = 'TaskNotOpenError';
  }
}

/**
 * Results read, by the row they were read from: a polled task's row is served from memory
 * (TaskRepository's cache) poll after poll, and its result need not be parsed each time.
 */
const parsedResults = new WeakMap<TaskRow, { text: string; result: TaskResult }>();

/** The task's result (empty until it has one). Callers must not change what it returns. */
export function parseResult(task: TaskRow): TaskResult {
  if (!task.result) return {};
  const known = parsedResults.get(task);
  // Keyed by row and checked against its text: a row changed in place is parsed again.
  if (known && known.text === task.result) return known.result;
  const result = JSON.parse(task.result) as TaskResult;
  parsedResults.set(task, { text: task.result, result });
  return result;
}

/** `3.2 s`, `41 s`: a duration as a person reads it in the log. */
export function secondsText(ms: number): string {
  const s = Math.max(0, ms) / 1000;
  return `${s < 10 ? s.toFixed(1) : Math.round(s)} s`;
}

/** Milliseconds between two ISO times of a task row (0 when one is missing). */
const between = (from: string | null, to: string | null): number =>
  from && to ? Date.parse(to) - Date.parse(from) : 0;

/**
 * Owns task state: submission (limits, plan, credit reservation, row and job in one transaction),
 * progress, completion (settle credits, callback) and failure (refund, callback). Every transition is
 * guarded, so a task completes or fails exactly once. Each transition that happens writes the task's
 * one lifecycle line (submitted, started, finished, failed, cancelled), under the task id; these are
 * what the log says of a task, rather than its polls (debug).
 */
export class TaskService {
  constructor(
    private readonly db: Db,
    private readonly tasks: TaskRepository,
    private readonly credits: CreditService,
    private readonly callbacks: CallbackService,
    private readonly queue: JobQueue,
    private readonly config: Config,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {}

  checkPlan(caller: Caller, op: PlanGatedOperation, label: string): void {
    const need = this.config.plans.minimums[op];
    const have = caller.account.plan as Plan;
    const rank = (p: Plan) => PLANS.indexOf(p);
    if (rank(have) >= rank(need)) return;
    if (have === 'free') throw ERRORS.membershipRequired(label, need);
    throw ERRORS.membershipTooLow(label, need, have);
  }

  async submit(caller: Caller, submission: Submission): Promise<string> {
    if (submission.planGate) this.checkPlan(caller, submission.planGate, submission.type);
    const taskId = newId('t');
    const now = this.clock.now();
    const finished = await this.db.transaction().execute(async (trx) => {
      // Every limit below counts rows and then inserts: under the account's lock, concurrent
      // submissions of one account (in any process) count each other.
      await this.credits.lockAccount(caller.accountId, trx);
      const s = submission.resolveInTransaction
        ? { ...submission, ...(await submission.resolveInTransaction(trx)) }
        : submission;
      if (s.checkInTransaction) await s.checkInTransaction(trx);
      if (s.family === 'work') {
        const active = await this.tasks.countActive(caller.accountId, 'work', trx);
        if (active >= this.config.limits.maxActiveWorks)
          throw ERRORS.tooManyActiveWorks(this.config.limits.maxActiveWorks);
        const today = await this.tasks.countCreatedSince(caller.accountId, 'work', startOfUtcDay(now), trx);
        if (today >= this.config.limits.maxDailyWorks)
          throw ERRORS.dailyWorkLimit(this.config.limits.maxDailyWorks);
      }
      await this.credits.reserve(caller.accountId, taskId, s.reserve, trx);
      const done = s.completedWith !== undefined;
      await this.tasks.create(
        {
          id: taskId,
          account_id: caller.accountId,
          family: s.family,
          type: s.type,
          status: done ? TaskStatus.Completed : TaskStatus.Waiting,
          progress: done ? 100 : 0,
          title: s.title,
          subject_id: s.subjectId ?? null,
          input: JSON.stringify(s.input),
          result: done ? JSON.stringify(s.completedWith) : null,
          error_code: null,
          error_message: null,
          credits_reserved: s.reserve,
          credits_charged: 0,
          attempts: 0,
          created_at: iso(now),
          started_at: null,
          finished_at: done ? iso(now) : null,
          deleted_at: null,
        },
        trx,
      );
      if (s.alsoInTransaction) await s.alsoInTransaction(trx, taskId);
      if (done) {
        const task = await this.tasks.getForJob(taskId, trx);
        if (task) await this.callbacks.onTaskFinished(task, trx);
      } else if (!s.noJob) {
        await this.queue.enqueue(s.job, { taskId }, { trx, dedupeKey: `task:${taskId}` });
      }
      return done;
    });
    this.log.info(
      { request_id: caller.requestId, taskId, type: submission.type, account: caller.accountId },
      finished
        ? `task submitted and finished at once (the same input as an earlier task): ${submission.type}`
        : `task submitted: ${submission.type}`,
    );
    return taskId;
  }

  /**
   * Marks the task processing; returns undefined when it no longer needs work (done, failed,
   * deleted). One guarded update: a delete that lands just before it wins, and the job stops.
   */
  async start(taskId: string, attempt: number): Promise<TaskRow | undefined> {
    const task = await this.tasks.transition(taskId, OPEN_STATUSES, {
      status: TaskStatus.Processing,
      started_at: sql<string>`coalesce(started_at, ${iso(this.clock.now())})`,
      attempts: attempt,
    });
    if (task) {
      const waited = between(task.created_at, iso(this.clock.now()));
      this.log.info(
        { taskId, type: task.type, attempt, waitedMs: waited },
        attempt > 1
          ? `task started again (attempt ${attempt})`
          : waited < 1000
            ? 'task started'
            : `task started after ${secondsText(waited)} in the queue`,
      );
    }
    return task;
  }

  async progress(taskId: string, percent: number): Promise<void> {
    await this.tasks.transition(taskId, [TaskStatus.Processing], {
      progress: Math.max(0, Math.min(99, Math.round(percent))),
    });
  }

  /**
   * Raises the reservation to the real cost once the input length is known; 1002 when the balance
   * is short. The task row is raised first, guarded on its status and old amount, and the debit
   * follows in the same transaction: a task deleted or finished meanwhile keeps its refund or
   * settlement exact, and this job is told to stop.
   */
  async ensureReserved(task: TaskRow, needed: number): Promise<void> {
    const extra = needed - task.credits_reserved;
    if (extra <= 0) return;
    await this.db.transaction().execute(async (trx) => {
      if (!(await this.tasks.raiseReserved(task.id, task.credits_reserved, needed, trx)))
        throw new TaskNotOpenError(task.id);
      await this.credits.raiseReservation(task.account_id, task.id, extra, needed, trx);
    });
    task.credits_reserved = needed;
  }

  /** Completes the task, charging `charge` credits (at most what was reserved) and releasing the rest. */
  async complete(taskId: string, result: TaskResult, charge?: number): Promise<boolean> {
    // Capped by the reservation inside the statement, so it is the amount the transition saw.
    const charged =
      charge === undefined
        ? sql<number>`credits_reserved`
        : sql<number>`case when credits_reserved < ${charge} then credits_reserved else ${charge} end`;
    return this.db.transaction().execute(async (trx) => {
      const task = await this.tasks.transition(
        taskId,
        OPEN_STATUSES,
        {
          status: TaskStatus.Completed,
          progress: 100,
          result: JSON.stringify(result),
          credits_charged: charged,
          finished_at: iso(this.clock.now()),
        },
        trx,
      );
      if (!task) return false;
      await this.credits.release(task.account_id, taskId, task.credits_reserved - task.credits_charged, trx);
      await this.callbacks.onTaskFinished(task, trx);
      const ms = between(task.created_at, task.finished_at);
      this.log.info(
        { taskId, type: task.type, ms, credits: task.credits_charged },
        `task finished in ${secondsText(ms)}`,
      );
      return true;
    });
  }

  /** Fails the task and refunds its whole reservation, once. */
  async fail(taskId: string, code: number, message: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const task = await this.tasks.transition(
        taskId,
        OPEN_STATUSES,
        {
          status: TaskStatus.Failed,
          error_code: code === SvcCode.Ok ? SvcCode.Internal : code,
          error_message: message,
          credits_charged: 0,
          finished_at: iso(this.clock.now()),
        },
        trx,
      );
      if (!task) return false;
      await this.credits.refund(task.account_id, taskId, task.credits_reserved, trx);
      await this.callbacks.onTaskFinished(task, trx);
      // A fault of this server is a warning (its cause was logged at error); a refused input is not.
      const failed = {
        taskId,
        type: task.type,
        code: task.error_code,
        ms: between(task.created_at, task.finished_at),
      };
      this.log[task.error_code === SvcCode.Internal ? 'warn' : 'info'](
        failed,
        `task failed with code ${task.error_code}: ${message}`,
      );
      return true;
    });
  }

  /** The task when memory has it (TaskRepository.peek), else undefined: then `get` answers. */
  peek(caller: Caller, taskId: string, family: TaskFamily): TaskRow | undefined {
    const task = this.tasks.peek(taskId, caller.accountId);
    return task?.family === family ? task : undefined;
  }

  async get(caller: Caller, taskId: string, family: TaskFamily): Promise<TaskRow> {
    const task = await this.tasks.get(taskId, caller.accountId);
    if (!task || task.family !== family) throw ERRORS.notFound('task', taskId);
    return task;
  }

  /**
   * Deletes a work task: a finished one disappears; an unfinished one is cancelled (failed with its
   * credits refunded, no callback) and then disappears.
   */
  async delete(caller: Caller, taskId: string, allowedTypes: readonly string[]): Promise<TaskRow> {
    const task = await this.get(caller, taskId, 'work');
    if (!allowedTypes.includes(task.type)) {
      throw ERRORS.invalid(
        `task '${taskId}' is a ${task.type.replace('video_', '')} task; only ordinary video creation tasks can be deleted`,
      );
    }
    const found = await this.db.transaction().execute(async (trx) => {
      const now = iso(this.clock.now());
      // Cancelling and hiding are one guarded update; the refund is of the reservation as that
      // update found it, so a raise that committed just before is refunded too.
      const cancelled = await this.tasks.transition(
        taskId,
        OPEN_STATUSES,
        {
          status: TaskStatus.Failed,
          error_code: SvcCode.InvalidParameter,
          error_message: DELETED_BY_CALLER,
          finished_at: now,
          deleted_at: now,
        },
        trx,
      );
      if (cancelled) {
        await this.credits.refund(cancelled.account_id, taskId, cancelled.credits_reserved, trx);
        this.log.info(
          { request_id: caller.requestId, taskId, type: cancelled.type },
          'task cancelled: deleted by the caller before it finished',
        );
        return true;
      }
      // Finished meanwhile (or before): it keeps its outcome and only disappears.
      return this.tasks.markDeleted(taskId, now, trx);
    });
    // Deleted by a concurrent request since it was read: the same answer a later request gets.
    if (!found) throw ERRORS.notFound('task', taskId);
    // A render in progress is stopped: nobody will fetch its result.
    await this.queue.cancel(`task:${taskId}`);
    return task;
  }

  getForJob(taskId: string): Promise<TaskRow | undefined> {
    return this.tasks.getForJob(taskId);
  }

  getOpenForSubject(subjectId: string): Promise<TaskRow[]> {
    return this.tasks.getOpenForSubject(subjectId);
  }
}
