import type { AudioFeatures } from './audio-analyser.js';
import { percentileOf } from './measure.js';
import { clamp, frameCount, gaussianSmooth, smoothStep, toFrameRate } from './smoothing.js';
import type { MouthTimeline } from './types.js';

/** Loudness range mapped onto the envelope's 0..1 (speech keeps most of its syllable contrast in it). */
const ENVELOPE_RANGE_DB = 40;
const MIN_RANGE_DB = 15;
/** Anything quieter is silence whatever the rest of the file does (dither, a fade's tail). */
const SILENT_DB = -90;
/** Below this share of the range the voice counts as silent: the mouth rests. */
const VOICE_GATE = 0.15;
/** Smoothing of the opening and of the lip shape (zero-phase Gaussians, σ). */
const OPEN_SMOOTH_SEC = 0.04;
const SHAPE_SMOOTH_SEC = 0.045;
/** dB of voice-band rise over 30 ms that counts as a full-strength syllable onset. */
const ONSET_FULL_DB = 15;
const ONSET_BOOST = 0.15;
/** How many dB of upper-versus-lower voice band tilt (from the speaker's median) make a full spread. */
const TILT_FULL_DB = 9;

/**
 * The voice loudness at the hop rate, 0..1: dB of the voice band (the vocal estimate in song mode)
 * over the ENVELOPE_RANGE_DB below the 98th-percentile level, or above the noise floor when that is
 * higher (noisy recordings). The 5th percentile is the noise only when there are pauses; in audio
 * that is voiced throughout it lies in the voice itself, so the floor never comes closer than
 * MIN_RANGE_DB to the top. Pure.
 */
export function voiceLevel(features: AudioFeatures): Float32Array {
  const v = features.voiceDb;
  const top = percentileOf(v, 98);
  const noise = percentileOf(v, 5);
  const floor = Math.max(top - ENVELOPE_RANGE_DB, Math.min(noise + 3, top - MIN_RANGE_DB), SILENT_DB);
  const range = top - floor;
  const out = new Float32Array(v.length);
  if (!(range > 0)) return out;
  for (let i = 0; i < v.length; i++) out[i] = clamp((v[i]! - floor) / range, 0, 1);
  return out;
}

/**
 * The reference loudness envelope at the video frame rate (one value 0..1 per frame, lightly
 * smoothed): what mouth opening should correlate with, and the optional envelope of
 * `mouthTimelineFromPhonemes`. Pure.
 */
export function speechEnvelope(features: AudioFeatures, fps: number, durationSec?: number): Float32Array {
  const frames = frameCount(durationSec ?? features.durationSec, fps);
  return toFrameRate(voiceLevel(features), features.hopSec, 0.02, frames, fps);
}

/**
 * The jaw of the sound-driven mouth, per analysis hop: the voice level above a gate, compressed so
 * loud passages do not gape, with a quick extra drop of the jaw on syllable onsets. `level` is
 * `voiceLevel` lightly smoothed. Pure.
 */
function openingAtHops(features: AudioFeatures, level: Float32Array): Float32Array {
  const n = level.length;
  const out = new Float32Array(n);
  const lag = Math.max(1, Math.round(0.03 / features.hopSec));
  for (let i = 0; i < n; i++) {
    const g = clamp((level[i]! - VOICE_GATE) / (1 - VOICE_GATE), 0, 1);
    const rise = features.voiceDb[i]! - features.voiceDb[Math.max(0, i - lag)]!;
    const onset = clamp(rise / ONSET_FULL_DB, 0, 1) * g;
    // A power below 1 compresses: quiet syllables still show, loud ones approach but rarely hit 1.
    out[i] = clamp(0.9 * g ** 0.8 + ONSET_BOOST * onset, 0, 1);
  }
  return out;
}

const smoothedLevel = (features: AudioFeatures) =>
  gaussianSmooth(voiceLevel(features), 0.01 / features.hopSec);

/**
 * How far the voice opens the jaw, one value 0..1 per video frame: the opening of
 * `mouthTimelineFromAudio`, which `mouthTimelineFromPhonemes` takes as its jaw so that synthesised
 * speech opens with its syllables' loudness as sound-driven video does. Pure.
 */
export function voiceOpening(features: AudioFeatures, durationSec: number, fps: number): Float32Array {
  const raw = openingAtHops(features, smoothedLevel(features));
  return clampAll(
    toFrameRate(raw, features.hopSec, OPEN_SMOOTH_SEC, frameCount(durationSec, fps), fps),
    0,
    1,
  );
}

/**
 * The mouth timeline of audio without phonemes. Opening follows the voice level (`voiceOpening`).
 * Lip shape comes from the spectrum: energy high in the second-formant region (front vowels) spreads
 * the lips, energy low in it (back rounded vowels) rounds them, judged against the speaker's own
 * median so voice colour does not bias it. All smoothing is zero-phase. Pure.
 */
export function mouthTimelineFromAudio(
  features: AudioFeatures,
  durationSec: number,
  fps: number,
): MouthTimeline {
  const frames = frameCount(durationSec, fps);
  const level = smoothedLevel(features);
  const n = level.length;
  const openRaw = openingAtHops(features, level);
  const wideRaw = new Float32Array(n);
  const roundRaw = new Float32Array(n);

  const voiced = (i: number) => smoothStep((level[i]! - VOICE_GATE) / 0.25);
  const tilt = new Float32Array(n);
  const voicedTilts: number[] = [];
  for (let i = 0; i < n; i++) {
    tilt[i] = features.highVoiceDb[i]! - features.lowVoiceDb[i]!;
    if (level[i]! > 0.4) voicedTilts.push(tilt[i]!);
  }
  const medianTilt = voicedTilts.length > 0 ? percentileOf(voicedTilts, 50) : 0;

  for (let i = 0; i < n; i++) {
    const z = clamp((tilt[i]! - medianTilt) / TILT_FULL_DB, -1, 1) * voiced(i);
    wideRaw[i] = z > 0 ? 0.7 * z : 0.5 * z;
    // Rounded vowels are the narrow ones; a wide-open jaw reads as "ah", not "oh".
    roundRaw[i] = Math.max(0, -z) * 0.8 * (1 - 0.5 * openRaw[i]!);
  }
  return {
    fps,
    open: clampAll(toFrameRate(openRaw, features.hopSec, OPEN_SMOOTH_SEC, frames, fps), 0, 1),
    wide: clampAll(toFrameRate(wideRaw, features.hopSec, SHAPE_SMOOTH_SEC, frames, fps), -1, 1),
    round: clampAll(toFrameRate(roundRaw, features.hopSec, SHAPE_SMOOTH_SEC, frames, fps), 0, 1),
  };
}

function clampAll(values: Float32Array, lo: number, hi: number): Float32Array {
  for (let i = 0; i < values.length; i++) values[i] = clamp(values[i]!, lo, hi);
  return values;
}

export interface Beat {
  timeSec: number;
  /** 0..1, relative to the strongest hits of the track. */
  strength: number;
}

/** Beats closer than this are one hit (a kick's body re-triggering), the stronger one stays. */
const MIN_BEAT_GAP_SEC = 0.2;
/** A peak must stand out from the local average onset strength over ±LOCAL_SEC. */
const LOCAL_SEC = 0.75;

/**
 * Beat times for head motion: onsets in the bass band (kick drum, bass notes), picked as local maxima
 * of the onset strength that stand clearly above its local mean. Strength is relative to the track's
 * strong hits. Pure.
 */
export function beatsFromFeatures(features: AudioFeatures): Beat[] {
  const onset = beatOnsetStrength(features);
  const n = onset.length;
  const hop = features.hopSec;
  const peakHalf = Math.max(1, Math.round(0.05 / hop));
  const localHalf = Math.round(LOCAL_SEC / hop);
  const reference =
    percentileOf(
      onset.filter((v) => v > 0),
      95,
    ) || 1;
  const candidates: Beat[] = [];
  // Running sum for the local mean.
  const prefix = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) prefix[i + 1] = prefix[i]! + onset[i]!;
  for (let i = 0; i < n; i++) {
    const v = onset[i]!;
    if (v <= 0.1 * reference) continue;
    let isPeak = true;
    for (let k = Math.max(0, i - peakHalf); k <= Math.min(n - 1, i + peakHalf) && isPeak; k++) {
      if (onset[k]! > v || (onset[k] === v && k < i)) isPeak = false;
    }
    if (!isPeak) continue;
    const lo = Math.max(0, i - localHalf);
    const hi = Math.min(n, i + localHalf + 1);
    const localMean = (prefix[hi]! - prefix[lo]!) / (hi - lo);
    if (v < 1.5 * localMean + 0.1 * reference) continue;
    candidates.push({ timeSec: i * hop, strength: clamp(v / reference, 0, 1) });
  }
  // Strongest first, each one clearing its neighbourhood.
  const kept: Beat[] = [];
  for (const c of [...candidates].sort((a, b) => b.strength - a.strength)) {
    if (kept.every((k) => Math.abs(k.timeSec - c.timeSec) >= MIN_BEAT_GAP_SEC)) kept.push(c);
  }
  return kept.sort((a, b) => a.timeSec - b.timeSec);
}

/**
 * Onset strength per hop: the rise of the bass level (dB over ±1 hop, centred so it does not shift
 * the hit), weighted by how loud the band is relative to its own peaks. A low voice's fundamental
 * also lies in the bass band, so a bass rise counts only by what it exceeds the voice band's own
 * rise. The percussive mid band (snare, hi-hat) is left out on purpose: hi-hats and consonants tick
 * on every subdivision, and the head should nod on the beat, not on every sixteenth. Pure.
 */
export function beatOnsetStrength(features: AudioFeatures): Float32Array {
  const n = features.bassDb.length;
  const out = new Float32Array(n);
  const voice = features.voiceDb;
  // Only a present voice masks: the vocal estimate of an instrumental passage is noise whose dB jumps
  // mean nothing.
  const present = voiceLevel(features);
  addRises(out, features.bassDb, 1, (i) => 0.5 * Math.max(0, voice[i + 1]! - voice[i - 1]!) * present[i]!);
  return out;
}

function addRises(out: Float32Array, db: Float32Array, weight: number, masked: (i: number) => number): void {
  const top = percentileOf(db, 99);
  for (let i = 1; i < db.length - 1; i++) {
    const rise = db[i + 1]! - db[i - 1]! - masked(i);
    if (rise <= 0) continue;
    // Quiet rumbles far below the band's peaks are no beat.
    const presence = clamp((db[i + 1]! - (top - 30)) / 30, 0, 1);
    out[i] = out[i]! + weight * Math.min(rise, 30) * presence;
  }
}
