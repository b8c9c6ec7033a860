import type { VoiceProfile } from './types.js';

/**
 * What likeness compares to tell whether two recordings are the same voice: register (median
 * pitch), vocal tract (formants F1-F3), voice quality (spectral tilt) and the long-term spectrum's
 * shape. All of them are measured on voiced speech and change little with what is said. This is a
 * coarse, text-independent comparison of voice characteristics, not a speaker-verification model:
 * it stops the plain re-upload of a protected voice (a recording of that speaker, re-encoded,
 * at another level), not a determined imitation.
 */
export interface Voiceprint {
  medianPitchHz: number;
  f1Hz: number;
  f2Hz: number;
  f3Hz: number;
  tiltDbPerOct: number;
  /** Third-octave levels of the long-term spectrum, dB, mean removed. */
  bandDb: number[];
}

/** The voiceprint of a profile, or null when the profile lacks a part (made before formants were measured). */
export function voiceprintOf(p: VoiceProfile): Voiceprint | null {
  const { medianPitchHz, f1Hz, f2Hz, f3Hz, tiltDbPerOct, bandDb } = p;
  const ok = (v: number | undefined): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0;
  if (!ok(medianPitchHz) || !ok(f1Hz) || !ok(f2Hz) || !ok(f3Hz)) return null;
  if (typeof tiltDbPerOct !== 'number' || !Number.isFinite(tiltDbPerOct) || !bandDb?.length) return null;
  return { medianPitchHz, f1Hz, f2Hz, f3Hz, tiltDbPerOct, bandDb: [...bandDb] };
}

/**
 * How far one measurement may wander for the same voice (different sentences, recording chain):
 * each difference is divided by its scale, and the distance is the root mean square of the scaled
 * differences. Two recordings of one voice come out well under 1; a different voice above it.
 */
export const VOICEPRINT_SCALES = Object.freeze({
  /** Semitones of median pitch. */
  pitchSt: 2,
  /** Semitones, weighted root mean square over F1-F3. */
  formantSt: 1,
  /** dB per octave of tilt. */
  tiltDb: 1.5,
  /** dB, root mean square over the third-octave bands. */
  bandDb: 2.5,
});

const st = (a: number, b: number) => 12 * Math.log2(a / b);
/**
 * F1 counts a quarter as much as F2 and F3: its median follows the vowels of what was said more
 * than the speaker (two texts by one eSpeak voice differed by up to 1.2 semitones in F1).
 */
const F1_WEIGHT = 0.25;

/** The four scaled differences between two voiceprints and their combined distance. Pure. */
export function voiceprintDistance(a: Voiceprint, b: Voiceprint) {
  const pitch = Math.abs(st(a.medianPitchHz, b.medianPitchHz)) / VOICEPRINT_SCALES.pitchSt;
  const formants =
    Math.sqrt(
      (F1_WEIGHT * st(a.f1Hz, b.f1Hz) ** 2 + st(a.f2Hz, b.f2Hz) ** 2 + st(a.f3Hz, b.f3Hz) ** 2) /
        (2 + F1_WEIGHT),
    ) / VOICEPRINT_SCALES.formantSt;
  const tilt = Math.abs(a.tiltDbPerOct - b.tiltDbPerOct) / VOICEPRINT_SCALES.tiltDb;
  const n = Math.min(a.bandDb.length, b.bandDb.length);
  let acc = 0;
  for (let i = 0; i < n; i++) acc += (a.bandDb[i]! - b.bandDb[i]!) ** 2;
  const bands = n > 0 ? Math.sqrt(acc / n) / VOICEPRINT_SCALES.bandDb : 0;
  const distance = Math.sqrt((pitch ** 2 + formants ** 2 + tilt ** 2 + bands ** 2) / 4);
  return { pitch, formants, tilt, bands, distance };
}

/**
 * Below this distance a sample counts as the same voice as a protected voiceprint. Measured on
 * thirteen eSpeak voices reading two different texts: one voice against itself 0.19-0.47; two
 * voices 0.41 and up, where the pairs under 0.6 are variants eSpeak defines a few per cent apart.
 */
export const PROTECTED_VOICE_DISTANCE = 0.6;
