// likeness speech engine: text-to-speech with word/phoneme timings, voice-sample analysis, presets.
export {
  SPEECH_LANGUAGES,
  detectTextLanguage,
  espeakVoiceFor,
  isSpeechLanguage,
  type SpeechLanguage,
} from './languages.js';
export {
  SpeechInputError,
  type SpeechEngine,
  type SynthesizeOptions,
  type SpeechInputReason,
  type SpeechResult,
  type SpeechTransform,
  type VoiceProfile,
  type VoiceSettings,
} from './types.js';
export type { TimedPhoneme, TimedWord } from './timing.js';
export { createSpeechEngine, type SpeechEngineDeps } from './engine.js';
export { PUBLIC_VOICE_PRESETS, type PublicVoicePreset } from './presets.js';
export { MAX_SAMPLE_SEC, MIN_SAMPLE_SEC } from './sample-check.js';
export { measureLoudnessLufs, measureSpeechFile, type MeasuredFile } from './measure.js';
export { analyseSpeechSamples, type SpeechStats } from './analysis.js';
export { PROTECTED_VOICE_DISTANCE, voiceprintDistance, voiceprintOf, type Voiceprint } from './voiceprint.js';
