import { AvatarStreamEndedError } from '../animate/frame-stream.js';
import { MediaDefectError, type MediaDefect } from '../media-defect.js';
import { deserialiseSpawnError, serialiseSpawnError, type SpawnError } from '../spawn-protocol.js';
import type { RegionCacheOptions } from './region-cache.js';
import type { TalkingVideoResult } from './render-video.js';
import type { SoundtrackReport } from './soundtrack.js';
import { ComposeInputError, type MediaBins, type TalkingVideoJob } from './types.js';

/** Messages between a render's worker thread and the thread that asked for the render. */

/** What the worker starts with (its `workerData`). */
export interface RenderThreadInput {
  bins: MediaBins;
  job: TalkingVideoJob;
  tmpDir?: string;
  fontDirs?: readonly string[];
  /** Nice value the worker gives its own thread (and so the ffmpeg it starts); 0 leaves it. */
  niceness: number;
  regionCache?: RegionCacheOptions;
  loopMemoryBytes?: number;
}

/**
 * Where a thread started ahead of need makes its warm-up's whole render (render-warm-up-video.ts):
 * absent, it warms its per-frame code only.
 */
export interface RenderWarmUpVideo {
  bins: MediaBins;
  /** A folder of the process's scratch space. */
  tmpDir: string;
}

/** The render a thread started ahead of need is to do (the soundtrack follows separately). */
export interface RenderStartMessage {
  type: 'start';
  input: RenderThreadInput;
}

/** The soundtrack built beside the render thread, or why it could not be. */
export type RenderSoundtrackMessage =
  { type: 'soundtrack'; report: SoundtrackReport } | { type: 'soundtrack-failed'; error: SerialisedError };

/** To the worker: stop (kill ffmpeg, remove the working folder) and answer 'failed'. */
export interface RenderAbortMessage {
  type: 'abort';
}

export type RenderThreadMessage =
  | { type: 'progress'; fraction: number }
  /**
   * `reusable`: the thread can take another render (its heap is small again); the thread that
   * asked may keep it for the next render instead of ending it (render-client.ts).
   */
  | { type: 'done'; result: TalkingVideoResult; reusable: boolean }
  | { type: 'failed'; error: SerialisedError };

/** An error as it crosses threads: the fields the callers of a render look at. */
export interface SerialisedError extends SpawnError {
  stack?: string;
  /** ComposeInputError */
  input?: ComposeInputError['input'];
  /** AvatarStreamEndedError */
  produced?: number;
  expected?: number;
  /** MediaDefectError */
  defect?: MediaDefect;
  facts?: { declaredSec?: number; presentSec?: number };
  detail?: string;
  cause?: SerialisedError;
}

/** Causes kept across the thread boundary (the failure log reads a few). */
const MAX_CAUSES = 4;

/** Pure. */
export function serialiseError(err: unknown, depth = 0): SerialisedError {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err) };
  // A run's errors (FfmpegError, MediaTimeoutError, spawn codes) cross as they do from the spawn thread.
  const out: SerialisedError = { ...serialiseSpawnError(err), stack: err.stack };
  if (err.cause !== undefined && depth < MAX_CAUSES) out.cause = serialiseError(err.cause, depth + 1);
  if (err instanceof ComposeInputError) out.input = err.input;
  if (err instanceof AvatarStreamEndedError) {
    out.produced = err.produced;
    out.expected = err.expected;
  }
  if (err instanceof MediaDefectError) {
    out.defect = err.defect;
    out.facts = err.facts;
    out.detail = err.detail;
  }
  return out;
}

/** The error again, of the same class where callers tell classes apart. Pure. */
export function deserialiseError(e: SerialisedError): Error {
  let err: Error;
  if (e.name === 'ComposeInputError' && e.input) err = new ComposeInputError(e.message, e.input);
  else if (e.name === 'AvatarStreamEndedError' && e.produced !== undefined && e.expected !== undefined)
    err = new AvatarStreamEndedError(e.produced, e.expected);
  else if (e.name === 'MediaDefectError' && e.defect)
    err = new MediaDefectError(e.defect, e.message, e.facts ?? {}, e.detail ?? '');
  else err = deserialiseSpawnError(e);
  // Subclasses set their own message; keep the one the worker saw.
  err.message = e.message;
  if (e.stack) err.stack = e.stack;
  if (e.cause) err.cause = deserialiseError(e.cause);
  return err;
}
