// Measurements of a mouth timeline against the sound: how well the opening follows the loudness, how
// late it is, and how steady it is. Used by the tests and handy for checking a renderer by hand.
import { clamp, frameCount, gaussianSmooth } from './smoothing.js';

/** Pearson correlation of two equally long series (the shorter length is used); 0 when one is flat. */
export function pearson(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const n = Math.min(a.length, b.length);
  if (n < 2) return 0;
  let ma = 0;
  let mb = 0;
  for (let i = 0; i < n; i++) {
    ma += a[i]!;
    mb += b[i]!;
  }
  ma /= n;
  mb /= n;
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let i = 0; i < n; i++) {
    const da = a[i]! - ma;
    const db = b[i]! - mb;
    sab += da * db;
    saa += da * da;
    sbb += db * db;
  }
  return saa > 0 && sbb > 0 ? sab / Math.sqrt(saa * sbb) : 0;
}

export interface EnvelopeCorrelation {
  /** Pearson r at zero lag. */
  r: number;
  /** Where the cross-correlation peaks: positive = the mouth is late, negative = early. */
  lagSec: number;
  /** Pearson r at that lag. */
  peakR: number;
}

/**
 * Correlates a mouth opening with a loudness envelope (both at `fps`) at zero lag and at every lag
 * within ±maxLagSec (over the overlapping frames), refining the best lag by a parabola through its
 * neighbours so the result is finer than one frame. Pure.
 */
export function envelopeCorrelation(
  mouth: ArrayLike<number>,
  envelope: ArrayLike<number>,
  fps: number,
  maxLagSec = 0.3,
): EnvelopeCorrelation {
  const n = Math.min(mouth.length, envelope.length);
  const maxLag = Math.max(0, Math.min(n - 2, Math.round(maxLagSec * fps)));
  const rs: number[] = [];
  for (let lag = -maxLag; lag <= maxLag; lag++) {
    // mouth[i + lag] against envelope[i]: a late mouth matches at a positive lag.
    const from = Math.max(0, -lag);
    const to = Math.min(n, n - lag);
    rs.push(pearson(slice(mouth, from + lag, to + lag), slice(envelope, from, to)));
  }
  let best = 0;
  for (let k = 1; k < rs.length; k++) if (rs[k]! > rs[best]!) best = k;
  let offset = 0;
  const left = rs[best - 1];
  const right = rs[best + 1];
  if (left !== undefined && right !== undefined) {
    const curve = left - 2 * rs[best]! + right;
    if (curve < 0) offset = clamp((0.5 * (left - right)) / curve, -0.5, 0.5);
  }
  return {
    r: pearson(slice(mouth, 0, n), slice(envelope, 0, n)),
    lagSec: (best - maxLag + offset) / fps,
    peakR: rs[best] ?? 0,
  };
}

function slice(values: ArrayLike<number>, from: number, to: number): Float64Array {
  const out = new Float64Array(Math.max(0, to - from));
  for (let i = 0; i < out.length; i++) out[i] = values[from + i]!;
  return out;
}

/**
 * A loudness envelope measured straight from samples, independent of the feature analyser: RMS over
 * a two-frame window centred on each frame time, in dB, mapped to 0..1 over the `rangeDb` below the
 * clip's 98th-percentile level and lightly smoothed. Pure.
 */
export function loudnessEnvelope(
  samples: Float32Array,
  sampleRate: number,
  fps: number,
  rangeDb = 40,
): Float32Array {
  const frames = frameCount(samples.length / sampleRate, fps);
  const half = Math.round(sampleRate / fps);
  const db = new Float32Array(frames);
  for (let i = 0; i < frames; i++) {
    const c = Math.round((i / fps) * sampleRate);
    const lo = Math.max(0, c - half);
    const hi = Math.min(samples.length, c + half);
    let acc = 0;
    for (let k = lo; k < hi; k++) acc += samples[k]! * samples[k]!;
    db[i] = 10 * Math.log10(acc / Math.max(1, hi - lo) + 1e-12);
  }
  const top = percentileOf(db, 98);
  const out = new Float32Array(frames);
  for (let i = 0; i < frames; i++) out[i] = clamp((db[i]! - (top - rangeDb)) / rangeDb, 0, 1);
  return gaussianSmooth(out, 0.5);
}

/** Linear-interpolated percentile (p in 0..100); NaN when empty. Pure. */
export function percentileOf(values: ArrayLike<number>, p: number): number {
  if (values.length === 0) return NaN;
  const sorted = Float64Array.from(values as ArrayLike<number>).sort();
  const pos = (clamp(p, 0, 100) / 100) * (sorted.length - 1);
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

export interface Steadiness {
  /** Mean |x[i+1] − x[i]|: how much the value moves per frame on average. */
  meanAbsDelta: number;
  /**
   * Share of frames inside a zigzag: three consecutive frame-to-frame steps of more than `jitterStep`
   * that alternate in direction (up-down-up or down-up-down). A syllable's rise and fall is one
   * reversal; a zigzag is an oscillation at half the frame rate or faster, which reads as flicker.
   * (A one-frame bilabial closure inside a vowel makes one too, by design.)
   */
  zigzagRate: number;
}

/** Frame-to-frame motion statistics of one curve. Pure. */
export function steadiness(values: ArrayLike<number>, jitterStep = 0.05): Steadiness {
  const n = values.length;
  if (n < 4) return { meanAbsDelta: 0, zigzagRate: 0 };
  let sum = 0;
  for (let i = 1; i < n; i++) sum += Math.abs(values[i]! - values[i - 1]!);
  let zigzags = 0;
  for (let i = 1; i < n - 2; i++) {
    const d1 = values[i]! - values[i - 1]!;
    const d2 = values[i + 1]! - values[i]!;
    const d3 = values[i + 2]! - values[i + 1]!;
    const big = Math.min(Math.abs(d1), Math.abs(d2), Math.abs(d3)) > jitterStep;
    if (big && Math.sign(d1) === -Math.sign(d2) && Math.sign(d2) === -Math.sign(d3)) zigzags++;
  }
  return { meanAbsDelta: sum / (n - 1), zigzagRate: zigzags / (n - 3) };
}
