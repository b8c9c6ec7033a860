import { PLANS, type Config, type Plan, type PlanGatedOperation } from '../config.js';
import type { Db } from '../db/connect.js';
import type { TaskRow } from '../db/schema.js';
import { ERRORS } from '../errors/app-error.js';
import { SvcCode } from '../errors/codes.js';
import { iso, startOfUtcDay, type Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import type { JobName, JobQueue } from '../jobs/job-queue.js';
import { TaskStatus, type TaskRepository } from '../repositories/task.repository.js';
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
  /** Work done inside the same transaction (e.g. creating the avatar row this task will fill). */
  alsoInTransaction?: (trx: Db, taskId: string) => Promise<void>;
}

export const parseResult = (task: TaskRow): TaskResult =>
  task.result ? (JSON.parse(task.result) as TaskResult) : {};

/**
 * Owns task state: submission (limits, plan, credit reservation, row and job in one transaction),
 * progress, completion (settle credits, callback) and failure (refund, callback). Every transition is
 * guarded, so a task completes or fails exactly once.
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
  ) {}

  checkPlan(caller: Caller, op: PlanGatedOperation, label: string): void {
    const need = this.config.plans.minimums[op];
    const have = caller.account.plan as Plan;
    const rank = (p: Plan) => PLANS.indexOf(p);
    if (rank(have) >= rank(need)) return;
    if (have === 'free') throw ERRORS.membershipRequired(label, need);
    throw ERRORS.membershipTooLow(label, need, have);
  }

  async submit(caller: Caller, s: Submission): Promise<string> {
    if (s.planGate) this.checkPlan(caller, s.planGate, s.type);
    const taskId = newId('t');
    const now = this.clock.now();
    await this.db.transaction().execute(async (trx) => {
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
    });
    return taskId;
  }

  /** Marks the task processing; returns undefined when it no longer needs work (done, failed, deleted). */
  async start(taskId: string, attempt: number): Promise<TaskRow | undefined> {
    const task = await this.tasks.getForJob(taskId);
    if (
      !task ||
      task.deleted_at ||
      task.status === TaskStatus.Completed ||
      task.status === TaskStatus.Failed
    ) {
      return undefined;
    }
    await this.tasks.update(taskId, {
      status: TaskStatus.Processing,
      started_at: task.started_at ?? iso(this.clock.now()),
      attempts: attempt,
    });
    return { ...task, status: TaskStatus.Processing, attempts: attempt };
  }

  async progress(taskId: string, percent: number): Promise<void> {
    await this.tasks.transition(taskId, [TaskStatus.Processing], {
      progress: Math.max(0, Math.min(99, Math.round(percent))),
    });
  }

  /** Raises the reservation to the real cost once the input length is known; 1002 when the balance is short. */
  async ensureReserved(task: TaskRow, needed: number): Promise<void> {
    const extra = needed - task.credits_reserved;
    if (extra <= 0) return;
    await this.db.transaction().execute(async (trx) => {
      await this.credits.raiseReservation(task.account_id, task.id, extra, needed, trx);
      await this.tasks.update(task.id, { credits_reserved: needed }, trx);
    });
    task.credits_reserved = needed;
  }

  /** Completes the task, charging `charge` credits (at most what was reserved) and releasing the rest. */
  async complete(taskId: string, result: TaskResult, charge?: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const task = await this.tasks.getForJob(taskId, trx);
      if (!task) return false;
      const charged = Math.min(task.credits_reserved, charge ?? task.credits_reserved);
      const ok = await this.tasks.transition(
        taskId,
        [TaskStatus.Waiting, TaskStatus.Processing],
        {
          status: TaskStatus.Completed,
          progress: 100,
          result: JSON.stringify(result),
          credits_charged: charged,
          finished_at: iso(this.clock.now()),
        },
        trx,
      );
      if (!ok) return false;
      await this.credits.release(task.account_id, taskId, task.credits_reserved - charged, trx);
      if (!task.deleted_at) {
        await this.callbacks.onTaskFinished(
          { ...task, status: TaskStatus.Completed, result: JSON.stringify(result) },
          trx,
        );
      }
      return true;
    });
  }

  /** Fails the task and refunds its whole reservation, once. */
  async fail(taskId: string, code: number, message: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const task = await this.tasks.getForJob(taskId, trx);
      if (!task) return false;
      const ok = await this.tasks.transition(
        taskId,
        [TaskStatus.Waiting, TaskStatus.Processing],
        {
          status: TaskStatus.Failed,
          error_code: code === SvcCode.Ok ? SvcCode.Internal : code,
          error_message: message,
          credits_charged: 0,
          finished_at: iso(this.clock.now()),
        },
        trx,
      );
      if (!ok) return false;
      await this.credits.refund(task.account_id, taskId, task.credits_reserved, trx);
      if (!task.deleted_at) {
        await this.callbacks.onTaskFinished(
          { ...task, status: TaskStatus.Failed, error_code: code, error_message: message },
          trx,
        );
      }
      return true;
    });
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
    await this.db.transaction().execute(async (trx) => {
      const now = iso(this.clock.now());
      const cancelled = await this.tasks.transition(
        taskId,
        [TaskStatus.Waiting, TaskStatus.Processing],
        {
          status: TaskStatus.Failed,
          error_code: SvcCode.InvalidParameter,
          error_message: 'deleted by the caller',
          finished_at: now,
        },
        trx,
      );
      if (cancelled) await this.credits.refund(task.account_id, taskId, task.credits_reserved, trx);
      await this.tasks.update(taskId, { deleted_at: now }, trx);
    });
    // A render in progress is stopped: nobody will fetch its result.
    this.queue.cancel(`task:${taskId}`);
    return task;
  }

  getForJob(taskId: string): Promise<TaskRow | undefined> {
    return this.tasks.getForJob(taskId);
  }

  getOpenForSubject(subjectId: string): Promise<TaskRow[]> {
    return this.tasks.getOpenForSubject(subjectId);
  }
}
