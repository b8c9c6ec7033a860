import { espeakVoiceFor } from './languages.js';
import type { VoiceSettings } from './types.js';

/** eSpeak's default speaking rate, words per minute. */
export const ESPEAK_DEFAULT_WPM = 175;
const MIN_WPM = 80;
const MAX_WPM = 450;
/** eSpeak variant used when the target voice is high (female formants and pitch). */
export const HIGH_VOICE_VARIANT = 'f2';

interface Calibration {
  /** Syllable rate likeness's analyser measures on this voice at 175 wpm. */
  syllablesPerSec: number;
  /** Median pitch of the plain voice and of its HIGH_VOICE_VARIANT, Hz. */
  pitchHz: number;
  highPitchHz: number;
}

/**
 * Measured with analyseSpeechSamples on a two-sentence text per language (the synthesis media test,
 * test/media/speech-synthesis.test.ts, re-measures the plain voices and checks them). Used to choose the
 * eSpeak rate and variant before synthesis; the result is measured again and corrected afterwards.
 */
export const ESPEAK_CALIBRATION: Readonly<Record<string, Calibration>> = Object.freeze({
  cmn: { syllablesPerSec: 3.6, pitchHz: 91, highPitchHz: 171 },
  yue: { syllablesPerSec: 4.5, pitchHz: 86, highPitchHz: 163 },
  'en-us': { syllablesPerSec: 5.1, pitchHz: 103, highPitchHz: 196 },
  de: { syllablesPerSec: 5.2, pitchHz: 96, highPitchHz: 185 },
  es: { syllablesPerSec: 5.6, pitchHz: 102, highPitchHz: 197 },
  fr: { syllablesPerSec: 5.8, pitchHz: 99, highPitchHz: 190 },
  ja: { syllablesPerSec: 5.6, pitchHz: 96, highPitchHz: 184 },
  ko: { syllablesPerSec: 4.7, pitchHz: 102, highPitchHz: 192 },
});

const FALLBACK: Calibration = { syllablesPerSec: 5, pitchHz: 100, highPitchHz: 190 };

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const finitePositive = (v: number | undefined): v is number =>
  typeof v === 'number' && Number.isFinite(v) && v > 0;

export interface EspeakPlan {
  /** eSpeak voice id, with "+variant" for high voices. */
  voice: string;
  rateWpm: number;
  pitch: number;
  range: number;
  /** Median pitch this voice is expected to have; the fallback when the result is too short to measure. */
  expectedPitchHz: number;
}

/**
 * How to call eSpeak for these settings. A profile picks the variant whose pitch is nearer (in
 * log-frequency) to the profile's, and the rate that should land on its syllable rate. Pure.
 */
export function planEspeak(settings: VoiceSettings): EspeakPlan {
  const base = espeakVoiceFor(settings.language);
  const cal = ESPEAK_CALIBRATION[base] ?? FALLBACK;
  const profile = settings.profile;
  let high = false;
  let rateWpm = ESPEAK_DEFAULT_WPM;
  if (profile) {
    high =
      finitePositive(profile.medianPitchHz) &&
      profile.medianPitchHz >= Math.sqrt(cal.pitchHz * cal.highPitchHz);
    if (finitePositive(profile.syllablesPerSec)) {
      rateWpm = Math.round(
        clamp((ESPEAK_DEFAULT_WPM * profile.syllablesPerSec) / cal.syllablesPerSec, MIN_WPM, MAX_WPM),
      );
    }
  }
  return {
    voice: high ? `${base}+${HIGH_VOICE_VARIANT}` : base,
    rateWpm,
    pitch: 50,
    range: 50,
    expectedPitchHz: high ? cal.highPitchHz : cal.pitchHz,
  };
}

/** What the analyser measured on eSpeak's output. */
export interface MeasuredSpeech {
  medianPitchHz: number;
  voicedSec: number;
  syllablesPerSec: number;
  /** Active speech (pauses excluded), seconds. */
  speechSec: number;
}

export interface PostPlan {
  /** Pitch-shift factor (duration kept). */
  pitch: number;
  /** Tempo factor: 1.5 = 1.5× faster, duration / 1.5. */
  tempo: number;
  /** Linear gain (0.5 ≈ -6 dB). */
  volume: number;
}

/** Below this much voiced audio the measured median is not trusted. */
const MIN_VOICED_SEC = 0.3;
/** The rate correction needs a few seconds to count syllables reliably, and stays gentle. */
const MIN_RATE_SPEECH_SEC = 3;
const MAX_RATE_CORRECTION = 1.18;
const SNAP = 0.005;

/** An edit multiplier inside its range; anything non-numeric counts as 1 (unchanged). */
const multiplier = (v: number, lo: number, hi: number) => (Number.isFinite(v) ? clamp(v, lo, hi) : 1);
const snap = (v: number, tolerance: number) => (Math.abs(v - 1) < tolerance ? 1 : v);

/**
 * The ffmpeg-side changes: move the measured median pitch onto the profile's, finish the rate
 * correction eSpeak's wpm setting left over, then apply the voice's edit multipliers exactly. Pure.
 */
export function planPostProcessing(
  settings: VoiceSettings,
  measured: MeasuredSpeech | null,
  expectedPitchHz: number,
): PostPlan {
  const profile = settings.profile;
  let pitchToProfile = 1;
  let rateToProfile = 1;
  if (profile && measured) {
    if (finitePositive(profile.medianPitchHz)) {
      const have =
        measured.voicedSec >= MIN_VOICED_SEC && finitePositive(measured.medianPitchHz)
          ? measured.medianPitchHz
          : expectedPitchHz;
      pitchToProfile = snap(clamp(profile.medianPitchHz / have, 0.25, 4), SNAP);
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
  }
  return {
    pitch: pitchToProfile * multiplier(settings.pitch, 0.1, 2),
    tempo: rateToProfile * multiplier(settings.rate, 0.5, 2),
    volume: multiplier(settings.volume, 0.1, 2),
  };
}
