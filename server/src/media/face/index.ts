/** likeness face engine: detection, 468-point landmarks, face tracks and their quality rules. */
export {
  createFaceDetector,
  MAX_DETECT_SIDE,
  type FaceBox,
  type FaceDetector,
  type FaceFinder,
  type FaceLandmarks,
  type RgbImage,
} from './detector.js';
export {
  frameGrabArgs,
  sampleFrameSize,
  sampleTimes,
  SAMPLE_MAX_WIDTH,
  trackFramesArgs,
} from './frame-args.js';
export {
  FACE_LIMITS,
  FACE_PRESENT_SHARE,
  faceHeight,
  LANDMARK_MODEL,
  faceWidth,
  pointsAt,
  rejectTrack,
  smoothTrack,
  trackReport,
  type FaceSample,
  type FaceSearch,
  type FaceTrack,
  type FaceTrackReport,
} from './track.js';
export {
  MIN_STRETCH_SEC,
  reportPlayedStretch,
  stretchToPlay,
  trackOfStretch,
  type FaceStretch,
  type PlayedStretch,
} from './face-stretch.js';
export { decodeFaceTrack, encodeFaceTrack } from './track-file.js';
export { searchVideo, TRACK_FPS, trackFaceInImage, trackFaceInVideo, type SearchResult } from './tracker.js';
export type { TrackedVideo, TrackRange, TrackVideoOptions } from './track-options.js';
export { MIN_FACE_PX } from './search-plan.js';
export { TRACK_MAX_SIDE } from './track-window.js';
