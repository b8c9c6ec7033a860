import type { SpawnError } from '../spawn-protocol.js';
import type { FaceBox, FaceLandmarks } from './detect-core.js';
import type { SquareWindow } from './search-plan.js';
import type { FaceTrack } from './track.js';
import type { TrackedVideo, TrackRange } from './track-options.js';

/** Messages between the face detector (main thread) and its worker. */
export type FaceWorkerRequest =
  /** Search the whole picture for faces at least minFacePx wide and measure each. */
  | { id: number; op: 'find'; data: Uint8Array; width: number; height: number; minFacePx?: number }
  /** Measure the face in each window of the picture (a face followed from its last position). */
  | { id: number; op: 'measure'; data: Uint8Array; width: number; height: number; windows: SquareWindow[] }
  /** Track the face through a video: decoded, searched and followed in the worker. */
  | { id: number; op: 'track'; ffmpeg: string; videoPath: string; info: TrackedVideo; range: TrackRange }
  /** Stop the track request `id` (its decoder is killed); no reply. */
  | { id: number; op: 'cancel' };

export interface FaceWorkerReply {
  id: number;
  ok: boolean;
  message?: string;
  /** A media binary's failure, rethrown as its class. */
  error?: SpawnError;
  /** On an interim message of a 'track' request: the share of the work done. */
  progress?: number;
  boxes?: FaceBox[];
  faces?: FaceLandmarks[];
  /** One per window of a 'measure' request. */
  measured?: (FaceLandmarks | null)[];
  track?: FaceTrack;
}
