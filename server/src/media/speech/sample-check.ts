import type { MeasuredFile } from './measure.js';
import type { SpeechLanguage } from './languages.js';
import { SpeechInputError, type VoiceProfile } from './types.js';

/** Voice samples the voice API accepts: 5 seconds to 3 minutes. */
export const MIN_SAMPLE_SEC = 5;
export const MAX_SAMPLE_SEC = 180;
/** Less speech than this (share of frames, or seconds of voiced audio) is not a voice to clone. */
const MIN_SPEECH_RATIO = 0.2;
const MIN_VOICED_SEC = 1;
/** Share of speech samples at full scale above which the recording is clipped. */
const MAX_CLIPPING_SHARE = 0.005;
/** Speech must stand this far above the background. */
const MIN_SNR_DB = 12;
/**
 * Speech always has intonation: a p90/p10 pitch ratio under this is a steady tone (a hum, a beep),
 * whatever its loudness pattern. eSpeak's flattest voices measure about 1.2.
 */
const MIN_PITCH_SPREAD = 1.03;

/** Why a measured sample cannot be cloned from, or null when it can. Pure. */
export function rejectSample(m: MeasuredFile): SpeechInputError | null {
  const sec = m.durationSec.toFixed(1);
  if (m.durationSec < MIN_SAMPLE_SEC) {
    return new SpeechInputError(
      'too-short',
      `the voice sample is ${sec} s long; at least ${MIN_SAMPLE_SEC} s is needed`,
    );
  }
  if (m.durationSec > MAX_SAMPLE_SEC) {
    return new SpeechInputError('too-long', `the voice sample is longer than ${MAX_SAMPLE_SEC} s`);
  }
  if (m.speechRatio < MIN_SPEECH_RATIO || m.voicedSec < MIN_VOICED_SEC || !Number.isFinite(m.medianPitchHz)) {
    return new SpeechInputError('no-speech', 'no speech was found in the voice sample');
  }
  // A tone has a pitch but neither intonation nor vowel resonances (formants).
  if (m.pitchP90Hz / m.pitchP10Hz < MIN_PITCH_SPREAD || !Number.isFinite(m.f2Hz)) {
    return new SpeechInputError('no-speech', 'the voice sample holds a steady tone, not speech');
  }
  if (m.clippingShare > MAX_CLIPPING_SHARE) {
    return new SpeechInputError('clipping', 'the voice sample is distorted (recorded too loud)');
  }
  if (m.snrDb < MIN_SNR_DB) {
    return new SpeechInputError('noisy', 'the voice sample has too much background noise');
  }
  return null;
}

// `+ 0` turns -0 into 0: the profile is stored as JSON, which has no negative zero.
const round = (v: number, digits: number) => Number(v.toFixed(digits)) + 0;

/**
 * The stored profile: measured figures, rounded to what is meaningful. Formants and tilt are left
 * out when they could not be measured (JSON has no NaN). Pure.
 */
export function toProfile(m: MeasuredFile, language?: SpeechLanguage): VoiceProfile {
  const profile: VoiceProfile = {
    medianPitchHz: round(m.medianPitchHz, 1),
    pitchP10Hz: round(m.pitchP10Hz, 1),
    pitchP90Hz: round(m.pitchP90Hz, 1),
    syllablesPerSec: round(m.syllablesPerSec, 2),
    loudnessLufs: round(m.loudnessLufs, 1),
    speechRatio: round(m.speechRatio, 3),
  };
  if ([m.f1Hz, m.f2Hz, m.f3Hz].every(Number.isFinite)) {
    profile.f1Hz = Math.round(m.f1Hz);
    profile.f2Hz = Math.round(m.f2Hz);
    profile.f3Hz = Math.round(m.f3Hz);
  }
  if (Number.isFinite(m.tiltDbPerOct)) profile.tiltDbPerOct = round(m.tiltDbPerOct, 2);
  if (m.bandDb.length > 0 && m.bandDb.every(Number.isFinite))
    profile.bandDb = m.bandDb.map((v) => round(v, 1));
  if (language) profile.language = language;
  return profile;
}
