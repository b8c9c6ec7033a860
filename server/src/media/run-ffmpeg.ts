import { isMainThread } from 'node:worker_threads';
import { runMediaBinaryHere, type RunOptions, type RunResult } from './run-local.js';
import { SpawnThread } from './spawn-thread.js';

export { FfmpegError, MediaTimeoutError } from './run-errors.js';
export { parseProgressTime, type RunOptions, type RunResult } from './run-local.js';

let spawnThread: SpawnThread | null = null;

/**
 * The only place likeness spawns a media binary. Arguments are an array, never a shell string.
 * Aborting the signal (or the timeout) kills the child; the promise then rejects with the abort reason
 * (MediaTimeoutError for the timeout). On the main thread, a run without streams is started by the
 * spawn thread (spawn-thread.ts), so that forking never holds the thread serving HTTP.
 */
export function runMediaBinary(
  bin: string,
  args: readonly string[],
  opts: RunOptions = {},
): Promise<RunResult> {
  const streams = opts.stdin !== undefined || opts.onStdin !== undefined || opts.onStdout !== undefined;
  if (!isMainThread || streams) return runMediaBinaryHere(bin, args, opts);
  spawnThread ??= new SpawnThread();
  return spawnThread.run(bin, args, opts);
}
