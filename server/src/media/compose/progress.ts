import type { RenderProgress } from './types.js';

/** Position `timeSec` of a pass that produces `durationSec` of media, as 0..1. Pure. */
export function passFraction(timeSec: number, durationSec: number): number {
  if (!(durationSec > 0) || !Number.isFinite(timeSec)) return 0;
  return Math.min(1, Math.max(0, timeSec / durationSec));
}

export interface StagedProgress {
  /** Reporter for stage i: takes that stage's own 0..1 fraction. */
  stage(i: number): (fraction: number) => void;
  finish(): void;
}

/**
 * Splits one 0..1 progress bar over stages of given weights. Reports never go backwards and are
 * throttled to steps of 0.5 % so a long encode does not flood the job store.
 */
export function stagedProgress(
  onProgress: RenderProgress | undefined,
  weights: readonly number[],
): StagedProgress {
  const total = weights.reduce((a, b) => a + Math.max(0, b), 0) || 1;
  const starts: number[] = [];
  let acc = 0;
  for (const w of weights) {
    starts.push(acc / total);
    acc += Math.max(0, w);
  }
  let last = 0;
  const emit = (v: number) => {
    const clamped = Math.min(1, Math.max(0, v));
    if (clamped >= 1 || clamped - last >= 0.005) {
      if (clamped > last || (clamped >= 1 && last < 1)) {
        last = clamped;
        onProgress?.(clamped);
      }
    }
  };
  return {
    stage(i) {
      const start = starts[i] ?? 1;
      const span = Math.max(0, weights[i] ?? 0) / total;
      return (f) => emit(start + span * Math.min(1, Math.max(0, f)));
    },
    finish() {
      emit(1);
    },
  };
}
