import type { EncoderPreset } from '../config.js';
import type { SafeFetcher } from '../net/safe-fetch.js';
import type { MediaBinaries } from './binaries.js';
import type { RegionCacheOptions } from './compose/region-cache.js';
import type { FaceDetector } from './face/index.js';
import type { TranslationCatalog } from './translate/index.js';
import type { SpeechEngine } from './speech/index.js';

/** The media engine as the jobs see it: built once by the container, handed to the handlers. */
export interface MediaToolkit {
  bins: MediaBinaries;
  speech: SpeechEngine;
  /** The face model loads on first use (it takes a moment and most requests never need it). */
  faces(): Promise<FaceDetector>;
  fetcher: SafeFetcher;
  /** This process's scratch directory (other processes may share the data dir). */
  tmpDir: string;
  encoderPreset: EncoderPreset;
  /** Where renders keep video avatars' region sources for the next render; null: nowhere. */
  regionCache: RegionCacheOptions | null;
  /** What a render may hold of a video avatar's loop in memory (RenderOptions.loopMemoryBytes). */
  loopMemoryBytes: number;
  /** The translation engines found at start and what they translate (empty without engines). */
  translation: TranslationCatalog;
}
