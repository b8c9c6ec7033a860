/**
 * Every step of a job that works on media has a time limit, so that no input (or fault) leaves a task
 * processing for ever. The limits are generous multiples of the measured speed on a busy 2-core
 * machine: they catch a step that has stopped progressing, not a slow one.
 */

/** How long a step may take, and what the client reads when it takes longer. */
export interface StepLimit {
  /** The most the step may take in all. */
  totalMs: number;
  /**
   * The most it may go without reporting progress: a step that still moves on a busy machine is
   * slow, one that has not moved for this long is stuck. Unset: only `totalMs` holds.
   */
  stallMs?: number;
  /** The code the task fails with (the input the step works on); 99 when unset. */
  code?: number;
  /** What the client can do about it, said after what happened. */
  advice?: string;
}

/** A step outlived its time limit, or stopped making progress. Not retried: the same input would take as long again. */
export class StepTimeoutError extends Error {
  readonly limitMs: number;
  readonly stalled: boolean;
  readonly code: number | undefined;
  readonly advice: string | undefined;
  constructor(
    readonly step: string,
    limit: number | StepLimit,
    stalled = false,
  ) {
    const l = typeof limit === 'number' ? { totalMs: limit } : limit;
    const limitMs = stalled ? (l.stallMs ?? l.totalMs) : l.totalMs;
    super(
      stalled
        ? `${step} made no progress for ${Math.round(limitMs / 1000)} s`
        : `${step} did not finish within ${Math.round(limitMs / 1000)} s`,
    );
    this.name = 'StepTimeoutError';
    this.limitMs = limitMs;
    this.stalled = stalled;
    this.code = l.code;
    this.advice = l.advice;
  }
}

/** What a client does about a media step that overran on a busy machine or with a very large input. */
const BUSY = 'the server may be busy: submit it again later';

/** The per-second cost of tracking grows with the frame: a 4K frame decodes ~4 times as slowly as 1080p. */
const megapixels = (pixels: number) => Math.max(1, pixels / 2_073_600);

/** Time limits of the steps, in milliseconds. Pure. */
export const TIME_LIMITS = {
  /**
   * Face tracking: a search of a few whole frames (2.5 s for a 4K frame), then ~0.05 s per sample at
   * 25 samples a second (1.3 s per second of video at 1080p), decoding included, on a quiet 2-core
   * machine. 6 s per second of video, by the frame size, bounds the whole; a minute and a half
   * without a sample is a stuck step.
   */
  trackVideo: (trackedSec: number, pixels = 0, code?: number, advice?: string): StepLimit => ({
    totalMs: 120_000 + 6_000 * Math.max(0, trackedSec) * megapixels(pixels),
    stallMs: 90_000,
    code,
    advice: advice ?? `${BUSY}, or use a shorter clip or a lower resolution`,
  }),
  trackImage: (code?: number): StepLimit => ({ totalMs: 60_000, code, advice: BUSY }),
  /** Keeping a video avatar's region source: a decode of the clip (~0.1 s per second at 1080p) and its rigs. */
  keepRegion: (clipSec: number) => 60_000 + 1_000 * Math.max(0, clipSec),
  /** Looking for a seamless loop cut: a decode of the clip at thumbnail size (~0.1 s per second at 1080p). */
  findLoopCut: (clipSec: number) => 60_000 + 1_000 * Math.max(0, clipSec),
  /**
   * Copying the stretch of a clip an avatar plays: a decode and an x264 veryfast encode, ~0.5 s per
   * second at 1080p on a quiet 2-core machine; a minute without progress is a stuck step.
   */
  copyStretch: (sec: number, pixels = 0, code?: number): StepLimit => ({
    totalMs: 60_000 + 4_000 * Math.max(0, sec) * megapixels(pixels),
    stallMs: 60_000,
    code,
    advice: `${BUSY}, or upload only the part of the video where the face stays in view`,
  }),
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
  /**
   * A rendering that reports its progress (every 0.5 % of the work): bounded as above, and stuck when
   * it has not moved for three minutes (its longest silent stretch, planning the mouth of a
   * 30-minute sound, takes seconds).
   */
  renderFrames: (outputSec: number): StepLimit => ({
    totalMs: 180_000 + 8_000 * Math.max(0, outputSec),
    stallMs: 180_000,
    code: 1001,
    advice: `${BUSY}, or send a shorter text or sound`,
  }),
} as const;

/**
 * Runs `fn` with a signal that also aborts when the step outlives its limit: `limit.totalMs` in all,
 * or `limit.stallMs` since it last called `progress` (a plain number is a total). On expiry the
 * step's signal is aborted (so ffmpeg children are killed) and the call rejects with
 * StepTimeoutError at once, even if `fn` ignores the signal. An abort of `parent` (shutdown,
 * cancellation) is passed through unchanged.
 */
export async function withTimeLimit<T>(
  parent: AbortSignal,
  limit: number | StepLimit,
  step: string,
  fn: (signal: AbortSignal, progress: () => void) => Promise<T>,
): Promise<T> {
  const l = typeof limit === 'number' ? { totalMs: limit } : limit;
  const expiry = new AbortController();
  let timedOut: StepTimeoutError | null = null;
  let total: NodeJS.Timeout | undefined;
  let stall: NodeJS.Timeout | undefined;
  let fail: (e: StepTimeoutError) => void = () => undefined;
  const expired = new Promise<never>((_, reject) => {
    fail = (e) => {
      if (timedOut) return;
      timedOut = e;
      expiry.abort(e);
      reject(e);
    };
    total = setTimeout(() => fail(new StepTimeoutError(step, l)), l.totalMs);
  });
  const watch = () => {
    if (l.stallMs === undefined || timedOut) return;
    clearTimeout(stall);
    stall = setTimeout(() => fail(new StepTimeoutError(step, l, true)), l.stallMs);
  };
  watch();
  const work = fn(AbortSignal.any([parent, expiry.signal]), watch);
  // Once the limit has won the race, a late rejection of the work must not go unhandled.
  work.catch(() => undefined);
  try {
    return await Promise.race([work, expired]);
  } catch (err) {
    if (timedOut && !parent.aborted) throw timedOut;
    throw err;
  } finally {
    clearTimeout(total);
    clearTimeout(stall);
  }
}
