/**
 * Every step of a job that works on media has a time limit, so that no input (or fault) leaves a task
 * processing for ever. The limits are generous multiples of the measured speed on a busy 2-core
 * machine: they catch a step that has stopped progressing, not a slow one.
 */

/** A step outlived its time limit. Not retried: the same input would take as long again. */
export class StepTimeoutError extends Error {
  constructor(
    readonly step: string,
    readonly limitMs: number,
  ) {
    super(`${step} did not finish within ${Math.round(limitMs / 1000)} s`);
    this.name = 'StepTimeoutError';
  }
}

/** Time limits of the steps, in milliseconds. Pure. */
export const TIME_LIMITS = {
  /** Face tracking samples 8 frames a second at ~50 ms each: ~0.5 s per second of video. */
  trackVideo: (trackedSec: number) => 60_000 + 2_000 * Math.max(0, trackedSec),
  trackImage: 60_000,
  /** Keeping a video avatar's region source: a decode of the clip (~0.1 s per second at 1080p) and its rigs. */
  keepRegion: (clipSec: number) => 60_000 + 1_000 * Math.max(0, clipSec),
  /** Looking for a seamless loop cut: a decode of the clip at thumbnail size (~0.1 s per second at 1080p). */
  findLoopCut: (clipSec: number) => 60_000 + 1_000 * Math.max(0, clipSec),
  /** A poster frame, a decoded picture. */
  still: 60_000,
  /** Voice profile of a sample (at most 3 minutes of audio). */
  analyseSample: 120_000,
  /** Synthesis runs at 20-300 times real time; 10 000 characters are about 40 minutes of speech. */
  synthesis: (chars: number) => 120_000 + 100 * Math.max(0, chars),
  /**
   * Translating a video's speech: recognition (~0.3 s a second of speech), translation and synthesis
   * of each sentence (well under that), and the mix; 4 times the length leaves room for a busy machine.
   */
  translate: (videoSec: number) => 120_000 + 4_000 * Math.max(0, videoSec),
  /** A render runs near real time on 2 cores; 8 times the output's length leaves room for a busy machine. */
  render: (outputSec: number) => 180_000 + 8_000 * Math.max(0, outputSec),
} as const;

/**
 * Runs `fn` with a signal that also aborts after `limitMs`. On expiry the step's signal is aborted
 * (so ffmpeg children are killed) and the call rejects with StepTimeoutError at once, even if `fn`
 * ignores the signal. An abort of `parent` (shutdown, cancellation) is passed through unchanged.
 */
export async function withTimeLimit<T>(
  parent: AbortSignal,
  limitMs: number,
  step: string,
  fn: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const timedOut = new StepTimeoutError(step, limitMs);
  const expiry = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      expiry.abort(timedOut);
      reject(timedOut);
    }, limitMs);
  });
  const work = fn(AbortSignal.any([parent, expiry.signal]));
  // Once the limit has won the race, a late rejection of the work must not go unhandled.
  work.catch(() => undefined);
  try {
    return await Promise.race([work, expired]);
  } catch (err) {
    if (expiry.signal.aborted && !parent.aborted) throw timedOut;
    throw err;
  } finally {
    clearTimeout(timer);
  }
}
