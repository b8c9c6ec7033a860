import type { FaceBox, FaceLandmarks } from './detect-core.js';
import type { SquareWindow } from './search-plan.js';

/** Messages between the face detector (main thread) and its worker. */
export type FaceWorkerRequest =
  /** Search the whole picture for faces at least minFacePx wide and measure each. */
  | { id: number; op: 'find'; data: Uint8Array; width: number; height: number; minFacePx?: number }
  /** Measure the face in each window of the picture (a face followed from its last position). */
  | { id: number; op: 'measure'; data: Uint8Array; width: number; height: number; windows: SquareWindow[] };

export interface FaceWorkerReply {
  id: number;
  ok: boolean;
  message?: string;
  boxes?: FaceBox[];
  faces?: FaceLandmarks[];
  /** One per window of a 'measure' request. */
  measured?: (FaceLandmarks | null)[];
}
