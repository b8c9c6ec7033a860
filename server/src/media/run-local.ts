import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import type { Readable, Writable } from 'node:stream';
import { binaryName, FfmpegError, MediaTimeoutError } from './run-errors.js';

export interface RunOptions {
  signal?: AbortSignal;
  /** Kill the child after this long and reject with MediaTimeoutError. */
  timeoutMs?: number;
  /** Called with the output position in seconds, parsed from `-progress pipe:2`-style lines. */
  onProgress?: (seconds: number) => void;
  /** Feed stdin from this stream, or get a writable stdin back via `onStdin`. */
  stdin?: Readable;
  onStdin?: (stdin: Writable) => void;
  /** Collect stdout (for ffprobe JSON); otherwise stdout is discarded. */
  captureStdout?: boolean;
  onStdout?: (stdout: Readable) => void;
  /**
   * Nice value (1-19) for the child, on Linux: work started from a thread that keeps its own
   * priority (the API's) but that must yield like a render. Default: the caller's priority.
   */
  niceness?: number;
}

export interface RunResult {
  stdout: string;
  stderr: string;
}

const STDERR_KEEP = 64 * 1024;
const TIME_RE = /time=(\d+):(\d+):(\d+(?:\.\d+)?)/g;

/** Parses the last `time=HH:MM:SS.xx` in a chunk of ffmpeg stderr, in seconds. Pure. */
export function parseProgressTime(chunk: string): number | null {
  let last: number | null = null;
  for (const m of chunk.matchAll(TIME_RE)) {
    last = Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
  }
  return last;
}

/**
 * Spawns a media binary from the calling thread (runMediaBinary decides which thread). Arguments
 * are an array, never a shell string. Aborting the signal (or the timeout) kills the child; the
 * promise then rejects with the abort reason (MediaTimeoutError for the timeout).
 */
export function runMediaBinaryHere(
  bin: string,
  args: readonly string[],
  opts: RunOptions = {},
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) {
      reject(opts.signal.reason ?? new Error('aborted'));
      return;
    }
    const child = spawn(bin, [...args], {
      stdio: [opts.stdin || opts.onStdin ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    });
    if (opts.niceness && opts.niceness > 0 && child.pid !== undefined && process.platform === 'linux') {
      try {
        setPriority(child.pid, Math.min(19, opts.niceness));
      } catch {
        // The child may already have exited; its priority then no longer matters.
      }
    }
    // stdio is 'pipe' for stdout and stderr, so both streams exist.
    const childStdout = child.stdout as Readable;
    const childStderr = child.stderr as Readable;
    let stderr = '';
    const stdoutChunks: Buffer[] = [];
    let settled = false;
    let abortReason: unknown = null;

    const kill = (reason: unknown) => {
      abortReason = reason;
      child.kill('SIGKILL');
    };
    const onAbort = () => kill(opts.signal?.reason ?? new Error('aborted'));
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    const timer =
      opts.timeoutMs !== undefined
        ? setTimeout(() => kill(new MediaTimeoutError(binaryName(bin), opts.timeoutMs!)), opts.timeoutMs)
        : null;

    childStderr.setEncoding('utf8');
    childStderr.on('data', (chunk: string) => {
      stderr += chunk;
      if (stderr.length > STDERR_KEEP * 2) stderr = stderr.slice(-STDERR_KEEP);
      if (opts.onProgress) {
        const t = parseProgressTime(chunk);
        if (t !== null) opts.onProgress(t);
      }
    });
    if (opts.onStdout) opts.onStdout(childStdout);
    else if (opts.captureStdout) childStdout.on('data', (c: Buffer) => stdoutChunks.push(c));
    else childStdout.resume();

    if (child.stdin) {
      // A consumer that stops reading (ffmpeg exiting early) must not crash the process.
      child.stdin.on('error', () => undefined);
      if (opts.stdin) opts.stdin.pipe(child.stdin);
      if (opts.onStdin) opts.onStdin(child.stdin);
    }

    const finish = (err: unknown, result?: RunResult) => {
      if (settled) return;
      settled = true;
      if (timer) clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      if (err) reject(err);
      else resolve(result as RunResult);
    };

    child.on('error', (err) => finish(err));
    child.on('close', (code) => {
      const tail = stderr.slice(-4000);
      if (abortReason !== null) return finish(abortReason);
      if (code !== 0) {
        const lastLine = tail.trim().split('\n').slice(-3).join(' | ');
        return finish(
          new FfmpegError(`${binaryName(bin)} exited with code ${code}: ${lastLine}`, code, tail),
        );
      }
      finish(null, { stdout: Buffer.concat(stdoutChunks).toString('utf8'), stderr });
    });
  });
}
