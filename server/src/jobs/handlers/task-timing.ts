import type { TaskRow } from '../../db/schema.js';

/**
 * How long a task waited for a worker (milliseconds from its creation to its start), for the log
 * line that says where a job's time went; null when it has not started.
 */
export function queuedMsOf(task: Pick<TaskRow, 'created_at' | 'started_at'>): number | null {
  return task.started_at ? Date.parse(task.started_at) - Date.parse(task.created_at) : null;
}
