// Small signal-processing helpers shared by analysis and synthesis. All pure.

export function int16ToFloat(samples: Int16Array): Float32Array {
  const out = new Float32Array(samples.length);
  for (let i = 0; i < samples.length; i++) out[i] = samples[i]! / 32768;
  return out;
}

/**
 * Low-passes and decimates by an integer factor to about 5-8 kHz (16 kHz → 5.3 kHz, 22.05 kHz → 5.5
 * kHz): the band below ~2.5 kHz holds voice pitch and the vowel energy that marks syllables, and the
 * pitch tracker's cost grows with the square of the rate.
 */
export function decimateForPitch(
  samples: Float32Array,
  sampleRate: number,
): { samples: Float32Array; sampleRate: number } {
  return decimate(samples, sampleRate, Math.max(1, Math.floor(sampleRate / 5000)));
}

/**
 * Anti-alias low-pass (63-tap windowed sinc at 0.45 of the new rate) and keep every factor-th
 * sample. For analysis only: output audio is resampled by ffmpeg.
 */
export function decimate(
  samples: Float32Array,
  sampleRate: number,
  factor: number,
): { samples: Float32Array; sampleRate: number } {
  if (factor <= 1) return { samples, sampleRate };
  const taps = windowedSinc(0.45 / factor, 63);
  const half = (taps.length - 1) / 2;
  const n = Math.floor(samples.length / factor);
  const out = new Float32Array(n);
  for (let o = 0; o < n; o++) {
    const c = o * factor;
    let acc = 0;
    for (let k = 0; k < taps.length; k++) {
      const idx = c + k - half;
      if (idx >= 0 && idx < samples.length) acc += samples[idx]! * taps[k]!;
    }
    out[o] = acc;
  }
  return { samples: out, sampleRate: sampleRate / factor };
}

/** Hamming-windowed sinc low-pass; cutoff in cycles per sample (0..0.5), unity gain at DC. */
export function windowedSinc(cutoff: number, length: number): Float32Array {
  const taps = new Float32Array(length);
  const m = length - 1;
  let sum = 0;
  for (let i = 0; i < length; i++) {
    const x = i - m / 2;
    const sinc = x === 0 ? 2 * cutoff : Math.sin(2 * Math.PI * cutoff * x) / (Math.PI * x);
    const w = 0.54 - 0.46 * Math.cos((2 * Math.PI * i) / m);
    taps[i] = sinc * w;
    sum += taps[i]!;
  }
  for (let i = 0; i < length; i++) taps[i]! /= sum;
  return taps;
}

/** RMS of each analysis frame (hop and window in samples); frame i starts at i*hop. */
export function frameRms(samples: Float32Array, hop: number, win: number): Float32Array {
  const n =
    samples.length < win ? (samples.length > 0 ? 1 : 0) : Math.floor((samples.length - win) / hop) + 1;
  const out = new Float32Array(n);
  for (let f = 0; f < n; f++) {
    const start = f * hop;
    const end = Math.min(samples.length, start + win);
    let acc = 0;
    for (let i = start; i < end; i++) acc += samples[i]! * samples[i]!;
    out[f] = Math.sqrt(acc / Math.max(1, end - start));
  }
  return out;
}

export const toDb = (rms: number): number => 20 * Math.log10(Math.max(rms, 1e-5));

/** Linear-interpolated percentile (p in 0..100) of the values; NaN for an empty list. */
export function percentile(values: ArrayLike<number>, p: number): number {
  if (values.length === 0) return NaN;
  const sorted = Float64Array.from(values).sort();
  const pos = (Math.min(100, Math.max(0, p)) / 100) * (sorted.length - 1);
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

/** Centred moving average over `width` values (odd widths keep peaks in place). */
export function movingAverage(values: Float32Array, width: number): Float32Array {
  const out = new Float32Array(values.length);
  const half = Math.floor(width / 2);
  for (let i = 0; i < values.length; i++) {
    let acc = 0;
    let n = 0;
    for (let k = i - half; k <= i + half; k++) {
      if (k >= 0 && k < values.length) {
        acc += values[k]!;
        n++;
      }
    }
    out[i] = acc / n;
  }
  return out;
}
