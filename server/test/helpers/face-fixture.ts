import { SAMPLE_FACE } from '../../src/media/face/sample-face.js';

/** The landmarks of the sample portrait (720x960), measured once by the face engine; for unit tests. */
export function portraitLandmarks(): Float32Array {
  return Float32Array.from(SAMPLE_FACE.points);
}
