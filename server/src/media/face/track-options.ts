import type { FaceBox } from './detect-core.js';

/** The video a face is tracked in. `width`/`height` are the display size (after rotation). */
export interface TrackedVideo {
  durationSec: number;
  width: number;
  height: number;
}

/** What a track of a video covers and follows; plain data, so it can go to the face worker. */
export interface TrackRange {
  /** Tracked range (default the whole video). */
  fromSec?: number;
  toSec?: number;
  sampleFps?: number;
  /** Follow the face nearest to this box (display pixels) instead of choosing the speaker anew. */
  near?: FaceBox;
}

export interface TrackVideoOptions extends TrackRange {
  signal?: AbortSignal;
  /** Called with the share (0..1) of the work done so far. */
  onProgress?: (fraction: number) => void;
}
