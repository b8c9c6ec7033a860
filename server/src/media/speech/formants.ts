import { percentile } from './dsp.js';
import { autocorrelation, levinson, polyRoots } from './lpc.js';

/** Median formant frequencies over the analysed frames (NaN where too few frames had one). */
export interface FormantStats {
  f1Hz: number;
  f2Hz: number;
  f3Hz: number;
  /** Frames in which all three formants were found. */
  frames: number;
}

const FRAME_SEC = 0.025;
/** Poles broader than this are spectral shaping, not formants. */
const MAX_BANDWIDTH_HZ = 500;
/** Where each formant may lie (adult and child voices), and how far apart neighbours must be. */
const RANGES: readonly (readonly [number, number])[] = [
  [200, 1100],
  [550, 3000],
  [1500, 4300],
];
const MIN_GAP_HZ = 200;

/**
 * Formants of one frame by linear prediction: pre-emphasis (from 50 Hz), Hamming window, LPC of
 * order rate/1 kHz + 2, then the angles of the narrow-band roots. Returns [F1, F2, F3] or null.
 * Meant for a signal band-limited to about 5.5 kHz (11 kHz rate), like the classic formant trackers.
 * F1 is the least precise: prediction is pulled toward the nearest voice harmonic (by up to half
 * the harmonic spacing), which matters less for medians over many vowels.
 */
export function frameFormants(frame: Float32Array, sampleRate: number): [number, number, number] | null {
  const n = frame.length;
  const order = Math.round(sampleRate / 1000) + 2;
  const pre = Math.exp((-2 * Math.PI * 50) / sampleRate);
  const x = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const w = 0.54 - 0.46 * Math.cos((2 * Math.PI * i) / (n - 1));
    x[i] = (frame[i]! - (i > 0 ? pre * frame[i - 1]! : 0)) * w;
  }
  const r = autocorrelation(x, order);
  // A touch of white-noise correction keeps the recursion stable on very clean (synthetic) frames.
  r[0] = r[0]! * 1.0001;
  const a = levinson(r, order);
  if (!a) return null;
  const candidates: number[] = [];
  for (const z of polyRoots(a)) {
    if (z.im <= 0) continue;
    const f = (Math.atan2(z.im, z.re) * sampleRate) / (2 * Math.PI);
    const bw = (-Math.log(Math.hypot(z.re, z.im)) * sampleRate) / Math.PI;
    if (f > 90 && f < sampleRate / 2 - 90 && bw > 0 && bw < MAX_BANDWIDTH_HZ) candidates.push(f);
  }
  candidates.sort((p, q) => p - q);
  const out: number[] = [];
  let prev = 0;
  for (const [lo, hi] of RANGES) {
    const f = candidates.find((c) => c >= lo && c <= hi && c >= prev + MIN_GAP_HZ);
    if (f === undefined) return null;
    out.push(f);
    prev = f;
  }
  return [out[0]!, out[1]!, out[2]!];
}

/**
 * Median F1-F3 over the frames centred at `centres` (sample indices; voiced frames). The medians
 * over many vowels describe the speaker's vocal tract (its length mostly), not a single vowel.
 */
export function measureFormants(
  samples: Float32Array,
  sampleRate: number,
  centres: readonly number[],
): FormantStats {
  const len = Math.round(sampleRate * FRAME_SEC);
  const f1: number[] = [];
  const f2: number[] = [];
  const f3: number[] = [];
  for (const c of centres) {
    const start = c - Math.floor(len / 2);
    if (start < 0 || start + len > samples.length) continue;
    const f = frameFormants(samples.subarray(start, start + len), sampleRate);
    if (!f) continue;
    f1.push(f[0]);
    f2.push(f[1]);
    f3.push(f[2]);
  }
  const med = (v: number[]) => (v.length >= 5 ? percentile(v, 50) : NaN);
  return { f1Hz: med(f1), f2Hz: med(f2), f3Hz: med(f3), frames: f1.length };
}
