import { z } from 'zod';
import { ERRORS, isAppError } from '../../errors/app-error.js';
import { SvcCode } from '../../errors/codes.js';
import type { TaskRow } from '../../db/schema.js';
import type { ToolContext } from './context.js';

const STATUS_TEXT: Record<number, string> = { 1: 'waiting', 2: 'processing', 3: 'completed', 4: 'failed' };

/** What get_task and wait_for_task answer, whatever the kind of task. */
export const taskView = {
  task_id: z.string(),
  kind: z.enum(['work', 'avatar', 'voice']).describe('work = a video or an audio file; avatar; voice'),
  status: z.number().int().describe('1 waiting, 2 processing, 3 completed, 4 failed'),
  status_text: z.string(),
  progress: z.number().int().describe('percent done'),
  done: z.boolean().describe('true once the task completed or failed'),
  video_url: z
    .string()
    .optional()
    .describe('work result: signed, expiring URL of the MP4 (or the MP3 of audio); download it promptly'),
  duration: z.number().int().optional().describe('work result: length in seconds'),
  avatar: z.string().optional().describe('avatar result: the avatar id, usable as `avatar`'),
  voice: z.string().optional().describe('voice result: the voice id, usable as `voice`'),
  demo_url: z.string().optional().describe('voice result: a demo audio in the voice'),
  fail_code: z.number().int().optional().describe('failed task: the error code'),
  fail_reason: z.string().optional().describe('failed task: why it failed'),
};

export type TaskView = z.infer<z.ZodObject<typeof taskView>>;

function base(taskId: string, kind: TaskView['kind'], task: TaskRow): TaskView {
  const done = task.status === 3 || task.status === 4;
  return {
    task_id: taskId,
    kind,
    status: task.status,
    status_text: STATUS_TEXT[task.status] ?? 'unknown',
    progress: task.status === 3 ? 100 : task.progress,
    done,
    ...(task.status === 4
      ? { fail_code: task.error_code ?? 99, fail_reason: task.error_message ?? 'failed' }
      : {}),
  };
}

const isNotFound = (e: unknown) => isAppError(e) && e.code === SvcCode.NotFound;

/** The state of any task of the caller: tries the work, avatar and voice queries (ids share one space). */
export async function readTask(ctx: ToolContext, taskId: string): Promise<TaskView> {
  const { works, avatars, voices, urls } = ctx.container.services;
  try {
    const w = await works.getTask(ctx.caller, taskId);
    const v = base(taskId, 'work', w.task);
    if (w.task.status === 3) {
      if (w.blobKey) v.video_url = await urls.downloadUrl(w.blobKey);
      if (w.duration !== undefined) v.duration = w.duration;
    }
    return v;
  } catch (e) {
    if (!isNotFound(e)) throw e;
  }
  try {
    const a = await avatars.getTask(ctx.caller, taskId);
    const v = base(taskId, 'avatar', a.task);
    if (a.task.status === 3) v.avatar = a.avatar;
    return v;
  } catch (e) {
    if (!isNotFound(e)) throw e;
  }
  try {
    const r = await voices.getTask(ctx.caller, taskId);
    const v = base(taskId, 'voice', r.task);
    if (r.task.status === 3) {
      v.voice = r.voice;
      if (r.demoKey) v.demo_url = await urls.downloadUrl(r.demoKey);
    }
    return v;
  } catch (e) {
    if (!isNotFound(e)) throw e;
  }
  throw ERRORS.notFound('task', taskId);
}

/** The hint a create tool gives the agent about what to do next. */
export const WAIT_HINT =
  'The task runs in the background: call wait_for_task with this task_id to wait for the result (or get_task to look once).';
