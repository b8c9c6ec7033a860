import type { FaceBox, FaceLandmarks } from './detect-core.js';

/** Messages between the face detector (main thread) and its worker. */
export interface FaceWorkerRequest {
  id: number;
  data: Uint8Array;
  width: number;
  height: number;
}

export interface FaceWorkerReply {
  id: number;
  ok: boolean;
  message?: string;
  boxes?: FaceBox[];
  faces?: FaceLandmarks[];
}
