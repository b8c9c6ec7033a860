import { FfmpegError, MediaTimeoutError } from './run-errors.js';

/** A run of a media binary, sent to the spawn thread (spawn-worker.ts). */
export interface SpawnRun {
  type: 'run';
  id: number;
  bin: string;
  args: string[];
  captureStdout: boolean;
  /** Send progress messages (the caller has an onProgress). */
  progress: boolean;
  timeoutMs?: number;
  niceness?: number;
}

/** Kill the run's child (its caller aborted); the run then answers `failed` as usual. */
export interface SpawnKill {
  type: 'kill';
  id: number;
}

export type SpawnRequest = SpawnRun | SpawnKill;

export type SpawnReply =
  | { type: 'progress'; id: number; seconds: number }
  | { type: 'done'; id: number; stdout: string; stderr: string }
  | { type: 'failed'; id: number; error: SpawnError };

/** A run's error as it crosses threads: the fields callers of runMediaBinary look at. */
export interface SpawnError {
  name: string;
  message: string;
  /** FfmpegError */
  exitCode?: number | null;
  stderrTail?: string;
  /** MediaTimeoutError */
  binary?: string;
  timeoutMs?: number;
  /** A spawn failure (ENOENT, EACCES) */
  code?: string;
}

/** Pure. */
export function serialiseSpawnError(err: unknown): SpawnError {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err) };
  const out: SpawnError = { name: err.name, message: err.message };
  if (err instanceof FfmpegError) {
    out.exitCode = err.exitCode;
    out.stderrTail = err.stderrTail;
  }
  if (err instanceof MediaTimeoutError) {
    out.binary = err.binary;
    out.timeoutMs = err.timeoutMs;
  }
  const code = (err as NodeJS.ErrnoException).code;
  if (typeof code === 'string') out.code = code;
  return out;
}

/** The error again, of the class callers tell apart. Pure. */
export function deserialiseSpawnError(e: SpawnError): Error {
  if (e.name === 'FfmpegError') return new FfmpegError(e.message, e.exitCode ?? null, e.stderrTail ?? '');
  if (e.name === 'MediaTimeoutError' && e.binary !== undefined && e.timeoutMs !== undefined)
    return new MediaTimeoutError(e.binary, e.timeoutMs);
  const err: NodeJS.ErrnoException = new Error(e.message);
  err.name = e.name;
  if (e.code !== undefined) err.code = e.code;
  return err;
}
