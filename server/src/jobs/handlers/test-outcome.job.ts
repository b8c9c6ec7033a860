import type { TaskService } from '../../services/task.service.js';
import { outcomeError, type TestOutcome } from '../../services/test-outcomes.js';
import { JobName, type JobHandler } from '../job-queue.js';

/** What a test outcome's task uses. */
export interface TestOutcomeDeps {
  tasks: Pick<TaskService, 'start' | 'progress' | 'fail'>;
}

/**
 * Runs a test token's task that asked to fail: it starts (status 2), reports some progress, and
 * fails with its code and that code's realistic message, refunding its reservation and sending
 * its callback exactly as a failing render does.
 */
export function testOutcomeJob(d: TestOutcomeDeps): JobHandler<'test.outcome'> {
  return {
    name: JobName.TestOutcome,
    async run({ taskId }, ctx) {
      const task = await d.tasks.start(taskId, ctx.attempt);
      if (!task) return;
      const { testOutcome } = JSON.parse(task.input) as { testOutcome?: TestOutcome };
      if (testOutcome?.kind !== 'fail') {
        throw new Error(`task ${taskId} has no failing test outcome: ${JSON.stringify(testOutcome)}`);
      }
      await d.tasks.progress(taskId, 30);
      const e = outcomeError(testOutcome.code, task.type);
      await d.tasks.fail(taskId, e.code, e.message);
    },
  };
}
