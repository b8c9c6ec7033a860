import { TaskStatus } from '../../repositories/task.repository.js';
import type { AvatarService } from '../../services/avatar.service.js';
import type { TaskService } from '../../services/task.service.js';
import { outcomeError, type TestTaskInput } from '../../services/test-outcomes.js';
import type { VoiceService } from '../../services/voice.service.js';
import { JobName, type JobHandler, type JobQueue } from '../job-queue.js';

/** What a test outcome's task uses. */
export interface TestOutcomeDeps {
  tasks: Pick<TaskService, 'start' | 'progress' | 'fail' | 'getForJob'>;
  avatars: Pick<AvatarService, 'failCreation'>;
  voices: Pick<VoiceService, 'failClone'>;
  queue: Pick<JobQueue, 'enqueue'>;
}

/** The job that does a task's real work, by the task's family, once its delay is over. */
const REAL_JOB = {
  work: JobName.WorkRender,
  avatar: JobName.AvatarCreate,
  voice: JobName.VoiceCreate,
} as const;

/** How often a delayed test task reports its progress (and looks whether it was deleted). */
const TICK_MS = 2_000;

/**
 * Runs a test token's task that fails or takes its time. It starts (status 2); while its delay
 * lasts, the job comes back every TICK_MS to report progress, holding no worker in between; then
 * it fails with its code and that code's realistic message (refunded and called back as a failing
 * render is), or hands the task to its render.
 */
export function testOutcomeJob(d: TestOutcomeDeps): JobHandler<'test.outcome'> {
  return {
    name: JobName.TestOutcome,
    async run({ taskId }, ctx) {
      let task = await d.tasks.getForJob(taskId);
      if (task?.status === TaskStatus.Waiting) task = await d.tasks.start(taskId, ctx.attempt);
      if (task?.status !== TaskStatus.Processing) return; // deleted, or finished
      const input = JSON.parse(task.input) as TestTaskInput;
      const fails = input.testOutcome?.kind === 'fail';
      const delayMs = (input.testDelaySec ?? 0) * 1000;
      const elapsed = Date.now() - Date.parse(task.started_at ?? task.created_at);
      if (elapsed < delayMs) {
        // A render that follows reports its own progress from 10 %: the delay takes what is before.
        const span = fails ? 90 : 9;
        await d.tasks.progress(taskId, Math.floor((elapsed / delayMs) * span));
        const next = new Date(Date.now() + Math.min(TICK_MS, delayMs - elapsed));
        await d.queue.enqueue(JobName.TestOutcome, { taskId }, { runAt: next });
        return;
      }
      if (input.testOutcome?.kind === 'fail') {
        await d.tasks.progress(taskId, 30);
        const e = outcomeError(input.testOutcome.code, task.type);
        // An avatar or a voice fails with its task, as their own jobs fail them.
        const subject = task.subject_id;
        if (task.family === 'avatar' && subject) await d.avatars.failCreation(subject, e.code, e.message);
        else if (task.family === 'voice' && subject)
          await d.voices.failClone(taskId, subject, e.code, e.message);
        else await d.tasks.fail(taskId, e.code, e.message);
        return;
      }
      const real = REAL_JOB[task.family as keyof typeof REAL_JOB];
      if (!real) throw new Error(`task ${taskId} of family '${task.family}' has no job to hand over to`);
      await d.queue.enqueue(real, { taskId });
    },
  };
}
