import { espeakVoiceFor } from './languages.js';
import type { VoiceSettings } from './types.js';
import { variantFile, type EspeakVariant } from './variant.js';

/** eSpeak's default speaking rate, words per minute. */
export const ESPEAK_DEFAULT_WPM = 175;
const MIN_WPM = 80;
const MAX_WPM = 450;

interface Calibration {
  /** Syllable rate likeness's analyser measures on this voice at 175 wpm. */
  syllablesPerSec: number;
  /** Median pitch of the plain voice (eSpeak's default `pitch 82 118`), Hz. */
  pitchHz: number;
  /**
   * How the median follows a variant's `pitch <base> <top>`: median ≈ PITCH_BASE_GAIN·base +
   * pitchSlope·(top − base). The slope is the language's intonation: how far up its contours go.
   */
  pitchSlope: number;
  /** Median F1-F3 of the plain voice, Hz. */
  f1Hz: number;
  f2Hz: number;
  f3Hz: number;
  /** Long-term spectral tilt of the plain voice, dB per octave. */
  tiltDbPerOct: number;
}

/**
 * Measured with analyseSpeechSamples on a two-sentence text per language (the synthesis media test,
 * test/media/speech-synthesis.test.ts, re-measures the plain voices and checks them). Used to choose
 * the eSpeak rate, pitch and formants before synthesis; pitch, rate and tilt are measured again on
 * the result and corrected afterwards.
 */
export const ESPEAK_CALIBRATION: Readonly<Record<string, Calibration>> = Object.freeze({
  cmn: {
    syllablesPerSec: 3.6,
    pitchHz: 92,
    pitchSlope: 0.51,
    f1Hz: 356,
    f2Hz: 1732,
    f3Hz: 2569,
    tiltDbPerOct: -6.1,
  },
  yue: {
    syllablesPerSec: 4.5,
    pitchHz: 87,
    pitchSlope: 0.39,
    f1Hz: 389,
    f2Hz: 1410,
    f3Hz: 2548,
    tiltDbPerOct: -6.1,
  },
  'en-us': {
    syllablesPerSec: 5.1,
    pitchHz: 103,
    pitchSlope: 0.83,
    f1Hz: 453,
    f2Hz: 1462,
    f3Hz: 2566,
    tiltDbPerOct: -5.7,
  },
  de: {
    syllablesPerSec: 5.2,
    pitchHz: 97,
    pitchSlope: 0.67,
    f1Hz: 380,
    f2Hz: 1533,
    f3Hz: 2546,
    tiltDbPerOct: -6.1,
  },
  es: {
    syllablesPerSec: 5.6,
    pitchHz: 102,
    pitchSlope: 0.83,
    f1Hz: 485,
    f2Hz: 1662,
    f3Hz: 2556,
    tiltDbPerOct: -5.1,
  },
  fr: {
    syllablesPerSec: 5.8,
    pitchHz: 101,
    pitchSlope: 0.77,
    f1Hz: 387,
    f2Hz: 1379,
    f3Hz: 2575,
    tiltDbPerOct: -5.8,
  },
  ja: {
    syllablesPerSec: 5.6,
    pitchHz: 97,
    pitchSlope: 0.66,
    f1Hz: 403,
    f2Hz: 1431,
    f3Hz: 2562,
    tiltDbPerOct: -5.4,
  },
  ko: {
    syllablesPerSec: 4.7,
    pitchHz: 101,
    pitchSlope: 0.76,
    f1Hz: 424,
    f2Hz: 1206,
    f3Hz: 2651,
    tiltDbPerOct: -6.1,
  },
});

const FALLBACK: Calibration = {
  syllablesPerSec: 5,
  pitchHz: 100,
  pitchSlope: 0.7,
  f1Hz: 430,
  f2Hz: 1450,
  f3Hz: 2570,
  tiltDbPerOct: -5.8,
};

export const calibrationFor = (espeakVoice: string): Calibration =>
  ESPEAK_CALIBRATION[espeakVoice] ?? FALLBACK;

/** A variant's median pitch with a flat contour is this share of its base (eSpeak subtracts ~9 Hz). */
export const PITCH_BASE_GAIN = 0.925;
/**
 * p90/p10 of the pitch grows with the variant's range: spread − 1 ≈ SPREAD_GAIN·(top − base)/median
 * (measured 0.55-0.7 across the eight voices).
 */
const SPREAD_GAIN = 0.65;
/** Pitch spread used when a profile has none, and the spreads likeness will ask eSpeak for. */
const DEFAULT_SPREAD = 1.25;
const MIN_SPREAD = 1.05;
const MAX_SPREAD = 1.8;
/** eSpeak pitch targets likeness asks for; the rest of a larger change is a pitch shift. */
const MIN_TARGET_HZ = 50;
const MAX_TARGET_HZ = 420;
/** Formant factors beyond this range make eSpeak's vowels unnatural; they are clamped. */
const MIN_FORMANT_SCALE = 0.75;
const MAX_FORMANT_SCALE = 1.35;

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const finitePositive = (v: number | undefined): v is number =>
  typeof v === 'number' && Number.isFinite(v) && v > 0;

export interface EspeakPlan {
  /** eSpeak voice id, with "+variant" when a profile shapes the voice. */
  voice: string;
  /** The variant file the worker must provide before selecting `voice`. */
  variant: EspeakVariant | null;
  rateWpm: number;
  pitch: number;
  range: number;
  /** Median pitch this voice is expected to have; the fallback when the result is too short to measure. */
  expectedPitchHz: number;
}

/** An edit multiplier inside its range; anything non-numeric counts as 1 (unchanged). */
export const multiplier = (v: number, lo: number, hi: number) => (Number.isFinite(v) ? clamp(v, lo, hi) : 1);

/**
 * How to call eSpeak for these settings. A profile becomes an eSpeak voice variant: its base pitch
 * and range aim at the profile's median and p10-p90 spread (times the pitch edit), its formant
 * factors move F1-F3 by the ratio of the speaker's formants to eSpeak's voice in the sample's
 * language (so a Chinese sample's voice speaks English with the same vocal tract, not with
 * Chinese vowel averages), and the rate aims at the profile's syllable rate. Pure.
 */
export function planEspeak(settings: VoiceSettings): EspeakPlan {
  const base = espeakVoiceFor(settings.language);
  const cal = calibrationFor(base);
  const profile = settings.profile;
  if (!profile) {
    return {
      voice: base,
      variant: null,
      rateWpm: ESPEAK_DEFAULT_WPM,
      pitch: 50,
      range: 50,
      expectedPitchHz: cal.pitchHz,
    };
  }
  let rateWpm = ESPEAK_DEFAULT_WPM;
  if (finitePositive(profile.syllablesPerSec)) {
    rateWpm = Math.round(
      clamp((ESPEAK_DEFAULT_WPM * profile.syllablesPerSec) / cal.syllablesPerSec, MIN_WPM, MAX_WPM),
    );
  }
  const wanted = finitePositive(profile.medianPitchHz)
    ? profile.medianPitchHz * multiplier(settings.pitch, 0.1, 2)
    : cal.pitchHz;
  const median = clamp(wanted, MIN_TARGET_HZ, MAX_TARGET_HZ);
  const spread =
    finitePositive(profile.pitchP10Hz) && finitePositive(profile.pitchP90Hz)
      ? clamp(profile.pitchP90Hz / profile.pitchP10Hz, MIN_SPREAD, MAX_SPREAD)
      : DEFAULT_SPREAD;
  const span = ((spread - 1) / SPREAD_GAIN) * median;
  const pitchBaseHz = Math.max(20, (median - cal.pitchSlope * span) / PITCH_BASE_GAIN);

  // The speaker's formants relative to eSpeak's in the language the sample was spoken in.
  const ref = calibrationFor(espeakVoiceFor(profile.language ?? settings.language));
  const scale = (have: number | undefined, refHz: number) =>
    finitePositive(have) ? clamp(have / refHz, MIN_FORMANT_SCALE, MAX_FORMANT_SCALE) : 1;
  const variant = variantFile({
    pitchBaseHz,
    pitchTopHz: pitchBaseHz + span,
    formantScale: [
      scale(profile.f1Hz, ref.f1Hz),
      scale(profile.f2Hz, ref.f2Hz),
      scale(profile.f3Hz, ref.f3Hz),
    ],
  });
  return {
    voice: `${base}+${variant.name}`,
    variant,
    rateWpm,
    pitch: 50,
    range: 50,
    expectedPitchHz: median,
  };
}

/** What the analyser measured on eSpeak's output. */
export interface MeasuredSpeech {
  medianPitchHz: number;
  voicedSec: number;
  syllablesPerSec: number;
  /** Active speech (pauses excluded), seconds. */
  speechSec: number;
  /** Long-term spectral tilt, dB per octave (NaN when nothing was voiced). */
  tiltDbPerOct: number;
}

export interface PostPlan {
  /** Pitch-shift factor (duration kept). */
  pitch: number;
  /** Tempo factor: 1.5 = 1.5× faster, duration / 1.5. */
  tempo: number;
  /** Spectral tilt an equaliser adds, dB per octave (0 = none). */
  tiltDbPerOct: number;
  /**
   * Integrated loudness the result must have before the volume multiplier: the profile's, or null
   * for "as eSpeak made it".
   */
  loudnessLufs: number | null;
  /** Linear gain on top of that loudness (0.5 ≈ -6 dB), applied as a loudness change. */
  volume: number;
}

/** Below this much voiced audio the measured median is not trusted. */
const MIN_VOICED_SEC = 0.3;
/** The rate correction needs a few seconds to count syllables reliably, and stays gentle. */
const MIN_RATE_SPEECH_SEC = 3;
const MAX_RATE_CORRECTION = 1.18;
/** Tilt is corrected when a second of voiced speech pins it down, by at most this much. */
const MIN_TILT_VOICED_SEC = 1;
const MAX_TILT_CHANGE = 8;
const TILT_SNAP = 0.25;
const SNAP = 0.005;
/** Loudness targets likeness keeps to (ebur128 reports -70 for silence). */
const MIN_LUFS = -50;
const MAX_LUFS = -8;

const snap = (v: number, tolerance: number) => (Math.abs(v - 1) < tolerance ? 1 : v);

/**
 * The ffmpeg-side changes: move the measured median pitch onto the profile's (eSpeak's variant got
 * close; the pitch edit is already part of its target), finish the rate correction eSpeak's wpm
 * setting left over, add the tilt that separates eSpeak's spectrum from the profile's, and aim at
 * the profile's loudness; the rate and volume edits apply exactly on top. Without a profile the
 * pitch edit is a plain pitch shift. Pure.
 */
export function planPostProcessing(
  settings: VoiceSettings,
  measured: MeasuredSpeech | null,
  expectedPitchHz: number,
): PostPlan {
  const profile = settings.profile;
  const pitchEdit = multiplier(settings.pitch, 0.1, 2);
  let pitch = profile ? 1 : pitchEdit;
  let rateToProfile = 1;
  let tiltDbPerOct = 0;
  if (profile && measured) {
    if (finitePositive(profile.medianPitchHz)) {
      const have =
        measured.voicedSec >= MIN_VOICED_SEC && finitePositive(measured.medianPitchHz)
          ? measured.medianPitchHz
          : expectedPitchHz;
      pitch = snap(clamp((profile.medianPitchHz * pitchEdit) / have, 0.1, 4), SNAP);
    }
    if (
      finitePositive(profile.syllablesPerSec) &&
      finitePositive(measured.syllablesPerSec) &&
      measured.speechSec >= MIN_RATE_SPEECH_SEC
    ) {
      const r = clamp(
        profile.syllablesPerSec / measured.syllablesPerSec,
        1 / MAX_RATE_CORRECTION,
        MAX_RATE_CORRECTION,
      );
      rateToProfile = snap(r, 0.03);
    }
    if (
      typeof profile.tiltDbPerOct === 'number' &&
      Number.isFinite(profile.tiltDbPerOct) &&
      Number.isFinite(measured.tiltDbPerOct) &&
      measured.voicedSec >= MIN_TILT_VOICED_SEC
    ) {
      const d = clamp(profile.tiltDbPerOct - measured.tiltDbPerOct, -MAX_TILT_CHANGE, MAX_TILT_CHANGE);
      tiltDbPerOct = Math.abs(d) < TILT_SNAP ? 0 : Number(d.toFixed(2));
    }
  }
  const lufs = profile?.loudnessLufs;
  return {
    pitch,
    tempo: rateToProfile * multiplier(settings.rate, 0.5, 2),
    tiltDbPerOct,
    loudnessLufs:
      profile && typeof lufs === 'number' && Number.isFinite(lufs) && lufs > -70
        ? clamp(lufs, MIN_LUFS, MAX_LUFS)
        : null,
    volume: multiplier(settings.volume, 0.1, 2),
  };
}
