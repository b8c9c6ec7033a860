// Spectra for voice analysis: an FFT, the long-term average spectrum of voiced frames, and its
// tilt. All pure.

/** In-place radix-2 complex FFT; the length must be a power of two. */
export function fft(re: Float64Array, im: Float64Array): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j]!, re[i]!];
      [im[i], im[j]] = [im[j]!, im[i]!];
    }
  }
  for (let len = 2; len <= n; len <<= 1) {
    const ang = (-2 * Math.PI) / len;
    const wr = Math.cos(ang);
    const wi = Math.sin(ang);
    for (let i = 0; i < n; i += len) {
      let cr = 1;
      let ci = 0;
      for (let k = 0; k < len / 2; k++) {
        const a = i + k;
        const b = a + len / 2;
        const tr = re[b]! * cr - im[b]! * ci;
        const ti = re[b]! * ci + im[b]! * cr;
        re[b] = re[a]! - tr;
        im[b] = im[a]! - ti;
        re[a] = re[a]! + tr;
        im[a] = im[a]! + ti;
        const ncr = cr * wr - ci * wi;
        ci = cr * wi + ci * wr;
        cr = ncr;
      }
    }
  }
}

/** Third-octave bands whose long-term levels describe a voice's timbre (tilt, voiceprints). */
export const TILT_LOW_HZ = 250;
export const TILT_HIGH_HZ = 4000;
export const BAND_CENTRES_HZ: readonly number[] = Object.freeze(
  Array.from({ length: 13 }, (_, k) => TILT_LOW_HZ * 2 ** (k / 3)),
);

export interface LongTermSpectrum {
  /** Mean power density (dB, arbitrary reference) of each band in BAND_CENTRES_HZ. */
  bandDb: number[];
  /** Least-squares slope of bandDb against log2(frequency), dB per octave. */
  tiltDbPerOct: number;
  frames: number;
}

/**
 * Long-term average spectrum of the frames centred at `centres` (sample indices), Hann-windowed,
 * `fftSize` long (a power of two). Frames are power-normalised first, so loud syllables do not
 * outweigh quiet ones: the result describes the voice's spectral shape, not its dynamics.
 */
export function longTermSpectrum(
  samples: Float32Array,
  sampleRate: number,
  centres: readonly number[],
  fftSize: number,
): LongTermSpectrum {
  const half = fftSize / 2;
  const power = new Float64Array(half + 1);
  const window = new Float64Array(fftSize);
  for (let i = 0; i < fftSize; i++) window[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (fftSize - 1));
  const re = new Float64Array(fftSize);
  const im = new Float64Array(fftSize);
  let frames = 0;
  for (const c of centres) {
    const start = c - half;
    if (start < 0 || start + fftSize > samples.length) continue;
    let energy = 0;
    for (let i = 0; i < fftSize; i++) {
      re[i] = samples[start + i]! * window[i]!;
      im[i] = 0;
      energy += re[i]! * re[i]!;
    }
    if (!(energy > 1e-12)) continue;
    fft(re, im);
    for (let k = 0; k <= half; k++) power[k] = power[k]! + (re[k]! * re[k]! + im[k]! * im[k]!) / energy;
    frames++;
  }
  const binHz = sampleRate / fftSize;
  const bandDb = BAND_CENTRES_HZ.map((fc) => {
    const lo = Math.max(1, Math.ceil((fc * 2 ** (-1 / 6)) / binHz));
    const hi = Math.min(half, Math.floor((fc * 2 ** (1 / 6)) / binHz));
    let acc = 0;
    let n = 0;
    for (let k = lo; k <= Math.max(lo, hi); k++) {
      acc += power[k]!;
      n++;
    }
    return 10 * Math.log10(Math.max(acc / Math.max(1, n) / Math.max(1, frames), 1e-20));
  });
  return { bandDb, tiltDbPerOct: frames > 0 ? slope(BAND_CENTRES_HZ.map(Math.log2), bandDb) : NaN, frames };
}

/** Least-squares slope of y against x. */
export function slope(x: readonly number[], y: readonly number[]): number {
  const n = x.length;
  const mx = x.reduce((a, b) => a + b, 0) / n;
  const my = y.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < n; i++) {
    sxy += (x[i]! - mx) * (y[i]! - my);
    sxx += (x[i]! - mx) ** 2;
  }
  return sxx > 0 ? sxy / sxx : NaN;
}
