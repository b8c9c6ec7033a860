/** waitForTask: polls a task query until the task completes, fails or the time limit passes. */
import { ClientCode, NotFoundError, TaskFailedError, TaskTimeoutError } from './errors.js';
import { TaskStatus, type AnyTaskReply, type TaskKind, type TaskReplyOf } from './types.js';

export interface TaskProgress<R = AnyTaskReply> {
  taskId: string;
  kind: TaskKind;
  /** 1 waiting, 2 processing, 3 completed, 4 failed. */
  status: number;
  /** Percent done, 0 to 100. */
  progress: number;
  /** The whole reply of the last query. */
  reply: R;
}

export interface WaitOptions<K extends TaskKind = TaskKind> {
  /**
   * Which query answers for the task: 'work' (videos and audio), 'avatar' or 'voice'. When absent the
   * first poll finds out (one to three queries).
   */
  kind?: K;
  /** Give up after this long (TaskTimeoutError). Default 10 minutes. */
  timeoutMs?: number;
  /** Pause between queries. Default 1 s. */
  intervalMs?: number;
  /** Called after the first query and whenever the status or the progress changes. */
  onProgress?: (p: TaskProgress<TaskReplyOf<K>>) => void;
  signal?: AbortSignal;
}

export type TaskQuery = <K extends TaskKind>(kind: K, taskId: string) => Promise<TaskReplyOf<K>>;

const KINDS: TaskKind[] = ['work', 'avatar', 'voice'];

/** The kind of a task: the first query that knows it. A task id unknown to all three is NotFoundError. */
export async function findTask(
  query: TaskQuery,
  taskId: string,
): Promise<{ kind: TaskKind; reply: AnyTaskReply }> {
  let first: unknown;
  for (const kind of KINDS) {
    try {
      return { kind, reply: await query(kind, taskId) };
    } catch (e) {
      if (!(e instanceof NotFoundError)) throw e;
      first ??= e;
    }
  }
  throw first;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const t = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(t);
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });

export async function waitForTask<K extends TaskKind>(
  query: TaskQuery,
  taskId: string,
  opts: WaitOptions<K> = {},
): Promise<TaskReplyOf<K>> {
  const timeoutMs = opts.timeoutMs ?? 600_000;
  const intervalMs = opts.intervalMs ?? 1000;
  const deadline = Date.now() + timeoutMs;
  let kind: TaskKind;
  let reply: AnyTaskReply;
  if (opts.kind) {
    kind = opts.kind;
    reply = await query(kind, taskId);
  } else {
    ({ kind, reply } = await findTask(query, taskId));
  }
  let last = '';
  for (;;) {
    const progress = reply.status === TaskStatus.Completed ? 100 : (reply.progress ?? 0);
    const seen = `${reply.status}:${progress}`;
    if (seen !== last) {
      last = seen;
      opts.onProgress?.({ taskId, kind, status: reply.status, progress, reply: reply as TaskReplyOf<K> });
    }
    if (reply.status === TaskStatus.Completed) return reply as TaskReplyOf<K>;
    if (reply.status === TaskStatus.Failed) {
      throw new TaskFailedError({
        code: reply.fail_code ?? 99,
        message: reply.fail_reason ?? `task ${taskId} failed`,
        requestId: reply.request_id,
        api: 'svc',
        taskId,
      });
    }
    if (Date.now() + intervalMs > deadline) {
      throw new TaskTimeoutError({
        code: ClientCode.TaskTimeout,
        message: `task ${taskId} did not finish within ${Math.round(timeoutMs / 1000)} s (status ${reply.status}, ${progress}%); wait again to go on`,
        requestId: reply.request_id,
        api: 'client',
        taskId,
        lastStatus: reply.status,
      });
    }
    await sleep(intervalMs, opts.signal);
    reply = await query(kind, taskId);
  }
}
