import type { SpeechStats } from './analysis.js';
import type { LevelResult } from './level.js';
import type { EspeakEvent } from './timing.js';
import type { PostPlan } from './voice-plan.js';

/** Main thread → worker: synthesise one SSML document with eSpeak. */
export interface SynthRequest {
  kind: 'synth';
  id: number;
  ssml: string;
  /** eSpeak voice, optionally with a variant ("cmn", "en-us+lk0123456789"). */
  voice: string;
  /** A generated variant the voice names, written into eSpeak's voice folder before use. */
  variant?: { name: string; text: string } | null;
  /** Words per minute (eSpeak's default is 175). */
  rateWpm: number;
  /** eSpeak base pitch and pitch range, 0-99 (50 = the voice's own). */
  pitch: number;
  range: number;
  /** Also analyse the first this-many seconds of the result (0 = don't). */
  measureSec: number;
}

/**
 * Main thread → worker: the transformation and levelling of synthesised samples (level.ts), written
 * to `outPath`. ffmpeg is started from the worker, whose streams it feeds: starting a process from
 * the main thread costs that thread a fork, and the samples' conversions are loops over every sample.
 */
export interface LevelRequest {
  kind: 'level';
  id: number;
  ffmpeg: string;
  samples: Int16Array;
  sampleRate: number;
  plan: PostPlan;
  outPath: string;
}

/** Main thread → worker: decode a voice sample (up to `maxSec`) and analyse it (measure.ts). */
export interface AnalyseFileRequest {
  kind: 'analyse-file';
  id: number;
  ffmpeg: string;
  input: string;
  maxSec: number;
}

export type WorkerRequest = SynthRequest | LevelRequest | AnalyseFileRequest;

export type WorkerResponse =
  | {
      id: number;
      ok: true;
      /** Synthesis only. */
      sampleRate?: number;
      samples?: Int16Array;
      events?: EspeakEvent[];
      /** Synthesis with measureSec > 0, and analysis. */
      stats?: SpeechStats;
      /** analyse-file: the sample's loudness; or `unreadable` when ffmpeg could not decode it. */
      loudnessLufs?: number;
      unreadable?: boolean;
      /** level */
      level?: LevelResult;
    }
  | { id: number; ok: false; message: string };
