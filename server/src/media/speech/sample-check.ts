import type { MeasuredFile } from './measure.js';
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
  if (m.clippingShare > MAX_CLIPPING_SHARE) {
    return new SpeechInputError('clipping', 'the voice sample is distorted (recorded too loud)');
  }
  if (m.snrDb < MIN_SNR_DB) {
    return new SpeechInputError('noisy', 'the voice sample has too much background noise');
  }
  return null;
}

const round = (v: number, digits: number) => Number(v.toFixed(digits));

/** The stored profile: measured figures, rounded to what is meaningful. Pure. */
export function toProfile(m: MeasuredFile): VoiceProfile {
  return {
    medianPitchHz: round(m.medianPitchHz, 1),
    pitchP10Hz: round(m.pitchP10Hz, 1),
    pitchP90Hz: round(m.pitchP90Hz, 1),
    syllablesPerSec: round(m.syllablesPerSec, 2),
    loudnessLufs: round(m.loudnessLufs, 1),
    speechRatio: round(m.speechRatio, 3),
  };
}
