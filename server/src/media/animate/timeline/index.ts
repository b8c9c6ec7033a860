// likeness mouth timeline: one mouth pose per video frame for the talking-head renderer, from
// synthesised speech (eSpeak phoneme timings) or from driving audio (uploaded speech or a song).
export type { MouthPose, MouthTimeline } from './types.js';
export {
  VISEMES,
  normalisePhoneme,
  unmappedSymbols,
  visemeUnits,
  type Dominance,
  type NormalisedPhoneme,
  type Viseme,
  type VisemeId,
  type VisemeUnit,
} from './visemes.js';
export {
  mouthTimelineFromPhonemes,
  visemeSegments,
  type OpeningMix,
  type VisemeSegment,
} from './coarticulation.js';
export { type AudioFeatures, type DrivingAudioMode } from './audio-analyser.js';
export { DRIVING_SAMPLE_RATE, drivingAudioArgs } from './audio-args.js';
export { analyseDrivingAudio, type AnalyseDrivingAudioOptions } from './audio-features.js';
export {
  beatOnsetStrength,
  beatsFromFeatures,
  mouthTimelineFromAudio,
  speechEnvelope,
  voiceOpening,
  type Beat,
} from './audio-mouth.js';
export {
  envelopeCorrelation,
  loudnessEnvelope,
  pearson,
  steadiness,
  type EnvelopeCorrelation,
  type Steadiness,
} from './measure.js';
export { frameCount } from './smoothing.js';
