import type { SpeechLanguage } from './languages.js';
import type { TimedPhoneme, TimedWord } from './timing.js';

/** What likeness keeps of a cloned voice: measured from the sample, JSON-serialisable (stored in the DB). */
export interface VoiceProfile {
  medianPitchHz: number;
  pitchP10Hz: number;
  pitchP90Hz: number;
  /** Syllable nuclei per second of active speech (pauses excluded). */
  syllablesPerSec: number;
  loudnessLufs: number;
  /** Share of 10 ms frames with voice activity. */
  speechRatio: number;
  /**
   * Median formant frequencies over voiced frames, Hz. Absent in profiles made before formants
   * were measured (and in presets that leave the voice's own formants alone).
   */
  f1Hz?: number;
  f2Hz?: number;
  f3Hz?: number;
  /** Slope of the long-term spectrum of voiced speech, 250 Hz-4 kHz, dB per octave. */
  tiltDbPerOct?: number;
  /** Third-octave levels of that spectrum (dB, mean removed), for voiceprints. */
  bandDb?: number[];
  /** Language the sample was spoken in; formants are compared with eSpeak's voice of that language. */
  language?: SpeechLanguage;
}

export interface VoiceSettings {
  language: SpeechLanguage;
  /** null = the engine's plain voice for the language. */
  profile: VoiceProfile | null;
  /** Edit multipliers, 1.0 = unchanged: rate 0.5-2, volume 0.1-2, pitch 0.1-2 (clamped to these). */
  rate: number;
  volume: number;
  pitch: number;
}

export interface SpeechResult {
  durationSec: number;
  sampleRate: number;
  words: TimedWord[];
  phonemes: TimedPhoneme[];
  /** What was done to eSpeak's output to follow the profile and the edits (for logs and tests). */
  transform?: SpeechTransform;
}

export interface SpeechTransform {
  /** eSpeak voice used, with the generated variant ("en-us+lk…") when a profile shaped it. */
  espeakVoice: string;
  rateWpm: number;
  /** Pitch shift, tempo and tilt applied by ffmpeg after eSpeak. */
  pitch: number;
  tempo: number;
  tiltDbPerOct: number;
  /** Gain applied to reach the loudness target, dB; and the loudness measured at the end (LUFS). */
  gainDb: number;
  loudnessLufs: number | null;
  /** Whether a limiter had to hold peaks down (gain beyond the headroom). */
  limited: boolean;
}

export type SpeechInputReason = 'too-short' | 'too-long' | 'no-speech' | 'clipping' | 'noisy' | 'unreadable';

/** A voice sample likeness cannot clone from; `reason` is stable, the message is for people. */
export class SpeechInputError extends Error {
  constructor(
    readonly reason: SpeechInputReason,
    message: string,
  ) {
    super(message);
    this.name = 'SpeechInputError';
  }
}

export interface SynthesizeOptions {
  signal?: AbortSignal;
  /**
   * A draft's voice (a test token's works): the voice as the synthesiser shapes it (its pitch,
   * range, formants and rate), without the measured corrections that bring it the rest of the way
   * to the profile, and without levelling (a video's soundtrack levels it). The same words and
   * timings, in a fifth of the time; edits that change pitch or tempo are still applied.
   */
  draft?: boolean;
}

export interface SpeechEngine {
  /** Writes a mono WAV (PCM s16le) to outWavPath. Timings refer to the final audio (after rate change). */
  synthesize(
    text: string,
    voice: VoiceSettings,
    outWavPath: string,
    opts?: SynthesizeOptions,
  ): Promise<SpeechResult>;
  /** Analyses a voice sample (mp3/m4a/wav/any ffmpeg-readable) into a profile; throws SpeechInputError for unusable samples. */
  analyseSample(
    inputPath: string,
    opts?: { signal?: AbortSignal; language?: SpeechLanguage },
  ): Promise<VoiceProfile>;
  close(): Promise<void>;
}
