import type { SpeechLanguage } from '../../speech/languages.js';
import type { TimedPhoneme } from '../../speech/timing.js';
import type { MouthTimeline } from './types.js';
import { VISEMES, visemeUnits, type VisemeId } from './visemes.js';
import { clamp, frameCount, smoothStep, toFrameRate } from './smoothing.js';

/** One viseme over a stretch of time: a phoneme, part of a diphthong, or a pause. */
export interface VisemeSegment {
  viseme: VisemeId;
  startSec: number;
  endSec: number;
  openScale: number;
  /** Multiplies the class dominance (pauses: how firmly the mouth should settle). */
  strength: number;
}

/** Blending grid: fine enough for 30 ms stops, coarse enough for hour-long narrations. */
const GRID_SEC = 0.005;
/** Final zero-phase smoothing on the grid (before sampling at the frame rate). */
const SMOOTH_SEC = 0.015;
/**
 * How far each class's influence reaches outside its own interval (e-folding time). Lip rounding and
 * spread are anticipated further than the jaw opening, vowels reach further than consonants.
 */
const SPREAD_SEC = {
  vowel: { open: 0.05, wide: 0.06, round: 0.08 },
  consonant: { open: 0.025, wide: 0.04, round: 0.05 },
} as const;
/** A pause shorter than this is a stop closure or a word join, not a rest. */
const MIN_REST_GAP_SEC = 0.04;
/** Pauses at least MIN + this long settle the mouth fully. */
const REST_RAMP_SEC = 0.16;
const REST_STRENGTH = 3;
/**
 * Lips close and open again over about this long around a bilabial's hold, inside the consonant:
 * a lip closure is a quick gesture, and the sound around it is loud, so ramps reaching out into the
 * neighbouring vowels closed the mouth where the voice was loudest (T24).
 */
const CLOSURE_RAMP_SEC = 0.03;
/** Keeps the blend defined where no segment reaches (it then reads as the closed rest pose). */
const BASELINE_WEIGHT = 1e-3;
/**
 * With a jaw, the share of it that even the closest vowel (i, u, ü: table openings ~0.25) opens to;
 * the rest scales with the vowel's table opening, so "a" opens to the whole jaw and "i" to ~0.6 of it.
 */
const VOWEL_APERTURE_FLOOR = 0.5;

/**
 * Splits phonemes into viseme segments (diphthongs into their parts) and fills the time before the
 * first phoneme, after the last one and every real pause with `rest`. Pure.
 */
export function visemeSegments(
  phonemes: readonly TimedPhoneme[],
  language: SpeechLanguage,
  durationSec: number,
): VisemeSegment[] {
  const out: VisemeSegment[] = [];
  const timed = phonemes
    .filter((p) => Number.isFinite(p.startSec) && Number.isFinite(p.endSec))
    .map((p) => ({ ...p, endSec: Math.max(p.startSec, p.endSec) }))
    .sort((a, b) => a.startSec - b.startSec);
  let cursor = -Infinity;
  let first = true;
  for (const p of timed) {
    const gap = p.startSec - (first ? 0 : cursor);
    if (first) pushRest(out, -Infinity, p.startSec, 1);
    else if (gap > MIN_REST_GAP_SEC) {
      pushRest(out, cursor, p.startSec, smoothStep((gap - MIN_REST_GAP_SEC) / REST_RAMP_SEC));
    }
    first = false;
    const units = visemeUnits(p.phoneme, language);
    let t = p.startSec;
    const span = p.endSec - p.startSec;
    for (const u of units) {
      const end = t + span * u.share;
      out.push({ viseme: u.viseme, startSec: t, endSec: end, openScale: u.openScale, strength: 1 });
      t = end;
    }
    cursor = Math.max(cursor, p.endSec);
  }
  pushRest(out, first ? -Infinity : cursor, Infinity, 1);
  return out.filter((s) => s.strength > 0 && s.startSec <= durationSec + 1);
}

function pushRest(out: VisemeSegment[], startSec: number, endSec: number, strength: number): void {
  out.push({ viseme: 'rest', startSec, endSec, openScale: 1, strength: strength * REST_STRENGTH });
}

/**
 * The mouth timeline of synthesised speech. Co-articulation follows the dominance model: every
 * segment pulls each pose dimension toward its target with a weight that is flat over the segment and
 * decays exponentially outside it, and the pose is the weighted mean. Weights are symmetric in time,
 * so nothing lags. Bilabial (and labiodental) holds then cap the opening so the lips visibly meet
 * on at least one frame, however short the consonant.
 *
 * The optional `jaw` (one value 0..1 per frame: how far the voice opens the mouth, `voiceOpening` of
 * the sound) sets how far each vowel opens: a syllable's jaw opening follows its loudness (stress,
 * tone, the end of a phrase) as much as its vowel, so a vowel's target is the jaw there times its
 * aperture (VOWEL_APERTURE_FLOOR for the closest vowels up to 1 for "a"). Consonants keep their own
 * targets (the lips and teeth set them), rounding and spread come from the phonemes alone, and the
 * bilabial closures still apply. With a `mix`, the opening is then partly the jaw itself
 * (OpeningMix). Without a jaw, vowels take their table openings. Pure.
 */
export function mouthTimelineFromPhonemes(
  phonemes: readonly TimedPhoneme[],
  language: SpeechLanguage,
  durationSec: number,
  fps: number,
  jaw?: Float32Array,
  mix?: OpeningMix,
): MouthTimeline {
  const frames = frameCount(durationSec, fps);
  const segments = visemeSegments(phonemes, language, durationSec);
  const grid = blendOnGrid(segments, durationSec, jaw && { values: jaw, fps });
  const open = toFrameRate(grid.open, GRID_SEC, SMOOTH_SEC, frames, fps);
  const wide = toFrameRate(grid.wide, GRID_SEC, SMOOTH_SEC, frames, fps);
  const round = toFrameRate(grid.round, GRID_SEC, SMOOTH_SEC, frames, fps);
  if (jaw && mix) {
    for (let i = 0; i < frames; i++) {
      const articulated = Math.min(1, open[i]! * mix.gain);
      open[i] = (1 - mix.jawShare) * articulated + mix.jawShare * clamp(jaw[i] ?? 0, 0, 1);
    }
  }
  applyClosures(open, segments, fps);
  for (let i = 0; i < frames; i++) {
    open[i] = clamp(open[i]!, 0, 1);
    wide[i] = clamp(wide[i]!, -1, 1);
    round[i] = clamp(round[i]!, 0, 1);
  }
  return { fps, open, wide, round };
}

/**
 * How the opening of synthesised speech is made (mouthTimelineFromPhonemes with a jaw): the phoneme
 * blend's opening times `gain`, mixed with the jaw itself by `jawShare` (0: phonemes alone, 1: the
 * sound's jaw alone), before the bilabial closures, which hold whatever the mix says.
 */
export interface OpeningMix {
  gain: number;
  jawShare: number;
}

interface Grid {
  open: Float32Array;
  wide: Float32Array;
  round: Float32Array;
}

/** A per-frame curve (frame i at time i / fps). */
export interface FrameCurve {
  values: Float32Array;
  fps: number;
}

/**
 * Dominance-weighted blend of all segment targets, sampled every GRID_SEC from 0 to durationSec.
 * With a jaw, a vowel's `open` target at each instant is the jaw there times the vowel's aperture.
 */
export function blendOnGrid(segments: readonly VisemeSegment[], durationSec: number, jaw?: FrameCurve): Grid {
  const n = Math.max(1, Math.ceil(durationSec / GRID_SEC) + 1);
  const jawOnGrid = jaw ? resampleToGrid(jaw, n) : null;
  const num = { open: new Float64Array(n), wide: new Float64Array(n), round: new Float64Array(n) };
  const den = {
    open: new Float64Array(n).fill(BASELINE_WEIGHT),
    wide: new Float64Array(n).fill(BASELINE_WEIGHT),
    round: new Float64Array(n).fill(BASELINE_WEIGHT),
  };
  const dims = ['open', 'wide', 'round'] as const;
  for (const s of segments) {
    const v = VISEMES[s.viseme];
    const spread = v.vowel ? SPREAD_SEC.vowel : SPREAD_SEC.consonant;
    const reach = 6 * spread.round;
    const lo = Math.max(0, Math.floor((s.startSec - reach) / GRID_SEC));
    const hi = Math.min(n - 1, Math.ceil((s.endSec + reach) / GRID_SEC));
    for (const d of dims) {
      const alpha = v.dominance[d] * s.strength;
      if (alpha <= 0) continue;
      const target = d === 'open' ? v.pose.open * s.openScale : v.pose[d];
      // A vowel's opening rides on the jaw: its aperture is a share of it, not an absolute opening.
      const scale = d === 'open' && v.vowel && jawOnGrid ? jawOnGrid : null;
      const aperture = VOWEL_APERTURE_FLOOR + (1 - VOWEL_APERTURE_FLOOR) * target;
      const tau = spread[d];
      const nd = num[d];
      const dd = den[d];
      for (let j = lo; j <= hi; j++) {
        const t = j * GRID_SEC;
        const dist = t < s.startSec ? s.startSec - t : t > s.endSec ? t - s.endSec : 0;
        const w = alpha * Math.exp(-dist / tau);
        nd[j] = nd[j]! + w * (scale ? scale[j]! * aperture : target);
        dd[j] = dd[j]! + w;
      }
    }
  }
  const out: Grid = { open: new Float32Array(n), wide: new Float32Array(n), round: new Float32Array(n) };
  for (const d of dims) for (let j = 0; j < n; j++) out[d][j] = num[d][j]! / den[d][j]!;
  return out;
}

/** A per-frame curve at the grid's times (linear between frames, the end values beyond them). */
function resampleToGrid(curve: FrameCurve, n: number): Float32Array {
  const out = new Float32Array(n);
  const last = curve.values.length - 1;
  if (last < 0) return out;
  for (let j = 0; j < n; j++) {
    const pos = j * GRID_SEC * curve.fps;
    const i = Math.min(last, Math.floor(pos));
    const f = i < last ? pos - i : 0;
    out[j] = clamp(curve.values[i]! * (1 - f) + curve.values[Math.min(last, i + 1)]! * f, 0, 1);
  }
  return out;
}

/**
 * Caps `open` around every segment whose class has `maxOpen`: at the cap over the segment less a
 * CLOSURE_RAMP_SEC at each end (at least one frame period wide, so a frame always lands in it),
 * easing back over CLOSURE_RAMP_SEC.
 */
export function applyClosures(open: Float32Array, segments: readonly VisemeSegment[], fps: number): void {
  for (const s of segments) {
    const cap = VISEMES[s.viseme].maxOpen;
    if (cap === null || !Number.isFinite(s.startSec) || !Number.isFinite(s.endSec)) continue;
    const centre = (s.startSec + s.endSec) / 2;
    const hold = Math.max((s.endSec - s.startSec) / 2 - CLOSURE_RAMP_SEC, 0.5 / fps);
    const lo = Math.max(0, Math.floor((centre - hold - CLOSURE_RAMP_SEC) * fps));
    const hi = Math.min(open.length - 1, Math.ceil((centre + hold + CLOSURE_RAMP_SEC) * fps));
    for (let i = lo; i <= hi; i++) {
      const away = (Math.abs(i / fps - centre) - hold) / CLOSURE_RAMP_SEC;
      const limit = cap + (1 - cap) * smoothStep(away);
      if (open[i]! > limit) open[i] = limit;
    }
  }
}
