import type { SpeechStats } from './analysis.js';
import type { EspeakEvent } from './timing.js';

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

/** Main thread → worker: analyse decoded mono samples (a voice sample). */
export interface AnalyseRequest {
  kind: 'analyse';
  id: number;
  samples: Float32Array;
  sampleRate: number;
}

export type WorkerRequest = SynthRequest | AnalyseRequest;

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
    }
  | { id: number; ok: false; message: string };
