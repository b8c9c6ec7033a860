import type { Logger } from 'pino';
import { isAppError } from '../../errors/app-error.js';
import { SvcCode } from '../../errors/codes.js';
import { ComposeInputError } from '../../media/compose/index.js';
import { isMediaDefect } from '../../media/media-defect.js';
import { UnrecoverableError } from '../job-queue.js';
import { StepTimeoutError } from './time-limits.js';

/**
 * How a job's error becomes what the client reads in `fail_reason`. Clients get the spec's code and a
 * message that says what to fix; what the server knows beyond that (a tool's stderr, paths, storage
 * keys, the account) goes to the log, under the task id. The submission's request id is not stored
 * with the task, so the task id is the key that joins a client's report to the log.
 */
export type Failure =
  /** Fail the task now with this code and message; retrying cannot help. */
  | { kind: 'fail'; code: number; message: string }
  /** Let the queue retry (a fault of this server, perhaps passing); `onGiveUp` reports it after the last attempt. */
  | { kind: 'retry' }
  /** Not the task's failure (shutdown, cancellation, the task already settled): hand the error back to the queue. */
  | { kind: 'pass' };

/** The one message of faults the client cannot fix. Names the task so that the operator can find its log. */
export const internalFailureMessage = (taskId: string) =>
  `the server failed to process this task (an internal error, logged under task ${taskId}); it was not charged: submit it again, and if it fails again report the task id to the operator`;

/** Messages for inputs the render engine refused (its own messages name files). */
const COMPOSE_INPUT: Record<ComposeInputError['input'], { code: number; message: string } | null> = {
  speech: {
    code: SvcCode.AudioResourceFailed,
    message: 'the audio could not be decoded; upload it again as MP3, M4A or WAV',
  },
  bgm: {
    code: SvcCode.AudioResourceFailed,
    message: 'the background music (bgm_file_id) could not be decoded; upload it again as MP3, M4A or WAV',
  },
  ambience: {
    code: SvcCode.AudioResourceFailed,
    message: 'the ambience (ambience_file_id) could not be decoded; upload it again as MP3, M4A or WAV',
  },
  avatar: {
    code: SvcCode.VideoResourceFailed,
    message: "the avatar's video or picture could not be decoded; create the avatar again from a new upload",
  },
  poster: {
    code: SvcCode.ImageResourceFailed,
    message: 'the cover picture (cover_file_id) could not be decoded; upload it again as JPG or PNG',
  },
  background: { code: SvcCode.ImageResourceFailed, message: "the template's background could not be drawn" },
  // Settings the engine refuses are this server's fault, not the client's.
  output: null,
  subtitles: null,
};

/**
 * Classifies an error thrown by a job's work. `signal` is the job's own signal: when it was aborted
 * (shutdown, the task deleted) the error is the queue's business, whatever it is. Pure.
 */
export function classifyFailure(err: unknown, signal: AbortSignal, taskId: string): Failure {
  if (signal.aborted || err instanceof UnrecoverableError) return { kind: 'pass' };
  if (isAppError(err)) return { kind: 'fail', code: err.code, message: err.message };
  if (err instanceof ComposeInputError) {
    const known = COMPOSE_INPUT[err.input];
    return known
      ? { kind: 'fail', ...known }
      : { kind: 'fail', code: SvcCode.Internal, message: internalFailureMessage(taskId) };
  }
  // The avatar's video stopped giving pictures part way (damaged data the decode checks cannot see
  // without decoding it all): the same source would stop again. Matched by name, as the frame
  // pipeline may run in a worker thread, which passes errors on as copies.
  if (err instanceof Error && err.name === 'AvatarStreamEndedError') {
    return {
      kind: 'fail',
      code: SvcCode.VideoResourceFailed,
      message:
        "the video the face is taken from (the avatar's, or video_file_id) stops decoding part way through; export it again and upload the new file",
    };
  }
  if (err instanceof StepTimeoutError) {
    const what = err.stalled
      ? `${err.step} made no progress for ${Math.round(err.limitMs / 1000)} s`
      : `${err.step} did not finish within ${Math.round(err.limitMs / 60_000) || 1} minutes`;
    // A step that names its input fails with that input's code and says what the client can do.
    if (err.code !== undefined) {
      return {
        kind: 'fail',
        code: err.code,
        message: `${what}; the task was not charged: ${err.advice ?? 'submit it again later'}`,
      };
    }
    return {
      kind: 'fail',
      code: SvcCode.Internal,
      message: `${what}; the task was not charged: submit it again later, and if it fails again report task ${taskId} to the operator`,
    };
  }
  // A damaged input that escaped the checks: the checks say what to fix, so this is our gap.
  if (isMediaDefect(err))
    return { kind: 'fail', code: SvcCode.Internal, message: internalFailureMessage(taskId) };
  return { kind: 'retry' };
}

/** What the log keeps of an error: its message, the tool's stderr tail, and the causes. */
function logDetail(err: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  let e: unknown = err;
  for (let depth = 0; e instanceof Error && depth < 4; depth++) {
    const key = depth === 0 ? 'error' : `cause${depth}`;
    const extra = e as { detail?: unknown; stderrTail?: unknown };
    out[key] = {
      name: e.name,
      message: e.message,
      ...(typeof extra.detail === 'string' && extra.detail ? { detail: extra.detail } : {}),
      ...(typeof extra.stderrTail === 'string' ? { stderrTail: extra.stderrTail } : {}),
    };
    e = e.cause;
  }
  return out;
}

/**
 * Logs a task's failure with everything the client is not shown (the decoder's own words, the
 * step that failed): what an operator asked about a failed task needs, beside TaskService.fail's
 * lifecycle line with the code and the client's message.
 */
export function logFailure(log: Logger, taskId: string, err: unknown, failure: Failure): void {
  const fields = { taskId, ...logDetail(err) };
  if (failure.kind === 'pass') return;
  if (failure.kind === 'retry') log.warn(fields, 'task attempt failed; the queue retries it');
  else if (failure.code !== SvcCode.Internal)
    log.info({ ...fields, code: failure.code }, 'task failed on its input: detail');
  else log.error({ ...fields, code: failure.code }, 'task failed');
}
