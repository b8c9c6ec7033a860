// Zero-phase smoothing and resampling of control curves. Everything here is symmetric in time, so a
// smoothed mouth never lags the sound that drives it.

/** Number of video frames for a clip: frame i shows time i/fps, the last one starts before the end. */
export function frameCount(durationSec: number, fps: number): number {
  if (!(fps > 0)) throw new RangeError(`fps must be positive, got ${fps}`);
  if (!(durationSec > 0)) return 0;
  // A hair of tolerance: 2.0 s at 25 fps is 50 frames, not 51 through rounding noise.
  return Math.max(1, Math.ceil(durationSec * fps - 1e-6));
}

/**
 * Centred Gaussian smoothing (kernel truncated at ±3σ, σ in samples). Near the ends the kernel is
 * renormalised over the samples that exist, so the ends keep their level instead of sagging. Pure.
 */
export function gaussianSmooth(values: Float32Array, sigma: number): Float32Array {
  if (!(sigma > 0.05) || values.length === 0) return Float32Array.from(values);
  const half = Math.max(1, Math.ceil(3 * sigma));
  const kernel = new Float64Array(2 * half + 1);
  for (let k = -half; k <= half; k++) kernel[k + half] = Math.exp(-(k * k) / (2 * sigma * sigma));
  const out = new Float32Array(values.length);
  const n = values.length;
  for (let i = 0; i < n; i++) {
    let acc = 0;
    let wsum = 0;
    const lo = Math.max(0, i - half);
    const hi = Math.min(n - 1, i + half);
    for (let j = lo; j <= hi; j++) {
      const w = kernel[j - i + half]!;
      acc += values[j]! * w;
      wsum += w;
    }
    out[i] = acc / wsum;
  }
  return out;
}

/**
 * Samples a curve given on a regular grid (value j at time j*stepSec) at video frame times i/fps by
 * linear interpolation; times outside the grid take the nearest end value. The caller smooths first
 * (σ of at least a third of a frame) so nothing aliases. Pure.
 */
export function sampleAtFrames(
  values: Float32Array,
  stepSec: number,
  frames: number,
  fps: number,
): Float32Array {
  const out = new Float32Array(frames);
  const last = values.length - 1;
  if (last < 0) return out;
  for (let i = 0; i < frames; i++) {
    const pos = i / fps / stepSec;
    if (pos <= 0) out[i] = values[0]!;
    else if (pos >= last) out[i] = values[last]!;
    else {
      const j = Math.floor(pos);
      const f = pos - j;
      out[i] = values[j]! * (1 - f) + values[j + 1]! * f;
    }
  }
  return out;
}

/** Smooths at the grid's own rate and samples at the frame rate in one step. Pure. */
export function toFrameRate(
  values: Float32Array,
  stepSec: number,
  sigmaSec: number,
  frames: number,
  fps: number,
): Float32Array {
  // Never less than a third of a frame: finer detail would alias into frame-to-frame jitter.
  const sigma = Math.max(sigmaSec, 1 / (3 * fps));
  return sampleAtFrames(gaussianSmooth(values, sigma / stepSec), stepSec, frames, fps);
}

/** Raised-cosine step from 0 (x ≤ 0) to 1 (x ≥ 1). */
export function smoothStep(x: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  return 0.5 - 0.5 * Math.cos(Math.PI * x);
}

export const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));
