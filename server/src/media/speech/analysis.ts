import { decimate, decimateForPitch, frameRms, movingAverage, percentile, toDb } from './dsp.js';
import { measureFormants } from './formants.js';
import { pitchAt } from './pitch.js';
import { longTermSpectrum } from './spectrum.js';

/** Everything the analyser measures about a mono recording. */
export interface SpeechStats {
  durationSec: number;
  /** Share of 10 ms frames with voice activity (energy above the adaptive threshold). */
  speechRatio: number;
  /** Share of analysed active frames where a pitch was found, and their total length. */
  voicedRatio: number;
  voicedSec: number;
  /** NaN when nothing was voiced. */
  medianPitchHz: number;
  pitchP10Hz: number;
  pitchP90Hz: number;
  /** Energy-envelope peaks per second of active speech (pauses excluded). */
  syllablesPerSec: number;
  /** Share of samples in active frames at or near full scale. */
  clippingShare: number;
  /** Active-speech power over background power, dB (60 = digital silence between words). */
  snrDb: number;
  /** Median formant frequencies over voiced frames (NaN when too few frames had them). */
  f1Hz: number;
  f2Hz: number;
  f3Hz: number;
  /** Slope of the voiced frames' long-term spectrum, 250 Hz-4 kHz, dB per octave. */
  tiltDbPerOct: number;
  /** That spectrum's third-octave levels (dB, mean removed), BAND_CENTRES_HZ. */
  bandDb: number[];
}

const HOP_SEC = 0.01;
const WIN_SEC = 0.025;
/**
 * Pitch is tracked on every active 10 ms frame: sparser tracking made the median wander by 2-3%
 * between two renderings of the same speech. Long samples are thinned to bound the cost (~1 s).
 */
const PITCH_STEP = 1;
const MAX_PITCH_FRAMES = 8000;
/** Formants and the long-term spectrum settle after a few hundred voiced frames. */
const MAX_TIMBRE_FRAMES = 1200;
/** Timbre is measured on a ~11 kHz copy: formants F1-F3 lie below 5 kHz. */
const TIMBRE_RATE_HZ = 11000;
const TILT_FFT = 512;
const CLIP_LEVEL = 0.95;
/** A syllable nucleus must rise and then fall this far in the smoothed envelope. */
const SYLLABLE_SWING_DB = 3;

export interface AnalyseOptions {
  /** Measure formants (the costliest part; synthesis control does not need them). Default true. */
  formants?: boolean;
}

/** Analyses mono float samples (any rate ≥ 8 kHz). Pure and deterministic. */
export function analyseSpeechSamples(
  samples: Float32Array,
  sampleRate: number,
  opts: AnalyseOptions = {},
): SpeechStats {
  const durationSec = samples.length / sampleRate;
  // Activity and noise are judged on the full band (hiss lives above the voice band); pitch and the
  // syllable envelope on the decimated voice band.
  const full = frameRms(samples, Math.round(sampleRate * HOP_SEC), Math.round(sampleRate * WIN_SEC));
  const low = decimateForPitch(samples, sampleRate);
  const hop = Math.round(low.sampleRate * HOP_SEC);
  const win = Math.round(low.sampleRate * WIN_SEC);
  const lowRms = frameRms(low.samples, hop, win);
  const frameCount = Math.min(full.length, lowRms.length);
  const rms = full.subarray(0, frameCount);
  const active = voiceActivity(Float32Array.from(rms, toDb));
  const activeCount = active.reduce((n, a) => n + (a ? 1 : 0), 0);

  // Pitch on active frames, centred on the energy frame.
  const frames: number[] = [];
  for (let f = 0; f < active.length; f += PITCH_STEP) if (active[f]) frames.push(f);
  const stride = Math.max(1, Math.ceil(frames.length / MAX_PITCH_FRAMES));
  const picked = frames.filter((_, i) => i % stride === 0);
  const centres = picked.map((f) => f * hop + Math.floor(win / 2));
  const f0 = cleanPitchTrack(pitchAt(low.samples, low.sampleRate, centres));
  const voiced = Array.from(f0).filter((v) => v > 0);
  const timbre = measureTimbre(
    samples,
    sampleRate,
    picked.filter((_, i) => f0[i]! > 0).map((f) => (f * hop + Math.floor(win / 2)) / low.sampleRate),
    opts.formants ?? true,
  );

  return {
    durationSec,
    speechRatio: frameCount > 0 ? activeCount / frameCount : 0,
    voicedRatio: picked.length > 0 ? voiced.length / picked.length : 0,
    voicedSec: voiced.length * stride * PITCH_STEP * HOP_SEC,
    medianPitchHz: percentile(voiced, 50),
    pitchP10Hz: percentile(voiced, 10),
    pitchP90Hz: percentile(voiced, 90),
    syllablesPerSec:
      activeCount > 0 ? countSyllables(lowRms.subarray(0, frameCount), active) / (activeCount * HOP_SEC) : 0,
    clippingShare: clippingShare(samples, sampleRate, active),
    snrDb: snrDb(rms, active),
    ...timbre,
  };
}

/**
 * Repairs the octave errors a frame-wise tracker makes (a period doubled or halved, usually on
 * breathy or creaky frames): a frame near twice or half the track's median is folded back, and
 * what is still more than an octave off is dropped as unvoiced. Pure; returns a new array.
 */
export function cleanPitchTrack(f0: Float32Array): Float32Array {
  const out = Float32Array.from(f0);
  const m = percentile(
    Array.from(f0).filter((v) => v > 0),
    50,
  );
  if (!Number.isFinite(m)) return out;
  for (let i = 0; i < out.length; i++) {
    let v = out[i]!;
    if (v <= 0) continue;
    if (v > 1.6 * m && v / 2 >= 0.62 * m) v /= 2;
    else if (v < 0.62 * m && v * 2 <= 1.6 * m) v *= 2;
    out[i] = v > 2 * m || v < m / 2 ? 0 : v;
  }
  return out;
}

/** Formants and long-term spectrum of the voiced frames centred at `times` (seconds). */
function measureTimbre(samples: Float32Array, sampleRate: number, times: number[], withFormants: boolean) {
  const mid = decimate(samples, sampleRate, Math.max(1, Math.floor(sampleRate / TIMBRE_RATE_HZ)));
  const stride = Math.max(1, Math.ceil(times.length / MAX_TIMBRE_FRAMES));
  const centres = times.filter((_, i) => i % stride === 0).map((t) => Math.round(t * mid.sampleRate));
  const formants = withFormants
    ? measureFormants(mid.samples, mid.sampleRate, centres)
    : { f1Hz: NaN, f2Hz: NaN, f3Hz: NaN };
  const ltas = longTermSpectrum(mid.samples, mid.sampleRate, centres, TILT_FFT);
  const mean = ltas.bandDb.reduce((a, b) => a + b, 0) / ltas.bandDb.length;
  return {
    f1Hz: formants.f1Hz,
    f2Hz: formants.f2Hz,
    f3Hz: formants.f3Hz,
    tiltDbPerOct: ltas.tiltDbPerOct,
    bandDb: ltas.frames > 0 ? ltas.bandDb.map((v) => v - mean) : [],
  };
}

/**
 * Energy voice-activity detection. The threshold adapts to the recording: 10 dB over the background
 * (10th percentile), at most 35 dB under the loud part, never under -75 dBFS (an absolute floor
 * higher than that made the analysis depend on the recording level: a quieter copy of the same speech
 * lost its softer voiced frames, and the pitch median moved with them). Steady noise or tone
 * has no frames 10 dB over its own level, so it comes out inactive. Gaps under 150 ms are bridged and
 * blips under 40 ms dropped.
 */
export function voiceActivity(db: Float32Array): Uint8Array {
  const active = new Uint8Array(db.length);
  if (db.length === 0) return active;
  const floor = percentile(db, 10);
  const loud = percentile(db, 99);
  const threshold = Math.max(floor + 10, loud - 35, -75);
  for (let i = 0; i < db.length; i++) active[i] = db[i]! >= threshold ? 1 : 0;
  fillRuns(active, 0, 15);
  fillRuns(active, 1, 4);
  return active;
}

/** Flips interior runs of `value` shorter than `maxLen` frames to the other value. */
function fillRuns(mask: Uint8Array, value: 0 | 1, maxLen: number): void {
  let i = 0;
  while (i < mask.length) {
    if (mask[i] !== value) {
      i++;
      continue;
    }
    let j = i;
    while (j < mask.length && mask[j] === value) j++;
    const interior = value === 1 || (i > 0 && j < mask.length);
    if (interior && j - i < maxLen) mask.fill(value === 1 ? 0 : 1, i, j);
    i = j;
  }
}

/**
 * Counts syllable nuclei: peaks of the 50 ms-smoothed energy envelope (dB) that rise at least 3 dB
 * above the preceding dip and fall 3 dB after it (or end the active stretch). Hysteresis, not plain
 * local maxima, so ripples inside one vowel count once.
 */
export function countSyllables(rms: Float32Array, active: Uint8Array): number {
  const env = Float32Array.from(movingAverage(rms, 5), toDb);
  let count = 0;
  let i = 0;
  while (i < env.length) {
    if (!active[i]) {
      i++;
      continue;
    }
    let dip = env[i]!;
    let peak = -Infinity;
    let rising = true;
    for (; i < env.length && active[i]; i++) {
      const v = env[i]!;
      if (rising) {
        dip = Math.min(dip, v);
        if (v >= dip + SYLLABLE_SWING_DB) {
          rising = false;
          peak = v;
        }
      } else {
        peak = Math.max(peak, v);
        if (v <= peak - SYLLABLE_SWING_DB) {
          count++;
          rising = true;
          dip = v;
        }
      }
    }
    if (!rising) count++;
  }
  return count;
}

function clippingShare(samples: Float32Array, sampleRate: number, active: Uint8Array): number {
  const hop = sampleRate * HOP_SEC;
  let clipped = 0;
  let total = 0;
  for (let f = 0; f < active.length; f++) {
    if (!active[f]) continue;
    const start = Math.round(f * hop);
    const end = Math.min(samples.length, Math.round((f + 1) * hop));
    for (let i = start; i < end; i++) if (Math.abs(samples[i]!) >= CLIP_LEVEL) clipped++;
    total += end - start;
  }
  return total > 0 ? clipped / total : 0;
}

function snrDb(rms: Float32Array, active: Uint8Array): number {
  let sig = 0;
  let nSig = 0;
  const quiet: number[] = [];
  for (let i = 0; i < rms.length; i++) {
    const p = rms[i]! * rms[i]!;
    if (active[i]) {
      sig += p;
      nSig++;
    } else quiet.push(p);
  }
  if (nSig === 0) return 0;
  // With (almost) no pauses the background is the quietest tenth of the frames.
  const noise =
    quiet.length >= 10 ? quiet.reduce((a, b) => a + b, 0) / quiet.length : percentile(rms, 10) ** 2;
  const ratio = 10 * Math.log10(sig / nSig / Math.max(noise, 1e-12));
  return Math.min(60, Math.max(0, ratio));
}
