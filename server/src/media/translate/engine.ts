import type { LanguagePair } from './languages.js';
import type { RecognisedWord } from './pocketsphinx.js';

/**
 * The translation engine port: what recognises speech and translates text. Adapters: the Debian
 * engines (debian-engine.ts: PocketSphinx and Apertium, an optional system install) and the
 * operator's model packs (pack-engine.ts: sherpa-onnx recognition, Bergamot translation). The set
 * of languages a server translates follows from the engines it finds (routes.ts).
 */

export interface EngineCallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

export interface TranslationEngine {
  /** What does the work, for `likeness doctor` and logs ("debian: pocketsphinx, apertium"). */
  readonly name: string;
  /** Languages (API codes) whose speech it recognises. */
  readonly recognises: readonly string[];
  /** Pairs it translates directly. */
  readonly pairs: readonly LanguagePair[];
  /** The words of a 16 kHz mono WAV spoken in `language`, with their times. */
  recognise(wav16k: string, language: string, opts?: EngineCallOptions): Promise<RecognisedWord[]>;
  /** One translated line for each of `lines`. */
  translate(lines: readonly string[], pair: LanguagePair, opts?: EngineCallOptions): Promise<string[]>;
}

export type { RecognisedWord };
