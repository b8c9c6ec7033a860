/** likeness face engine: detection, 468-point landmarks, face tracks and their quality rules. */
export {
  createFaceDetector,
  MAX_DETECT_SIDE,
  type FaceBox,
  type FaceDetector,
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
  faceHeight,
  LANDMARK_MODEL,
  faceWidth,
  pointsAt,
  rejectTrack,
  smoothTrack,
  trackReport,
  type FaceSample,
  type FaceTrack,
  type FaceTrackReport,
} from './track.js';
export { decodeFaceTrack, encodeFaceTrack } from './track-file.js';
export {
  TRACK_FPS,
  TRACK_MAX_SIDE,
  trackFaceInImage,
  trackFaceInVideo,
  type TrackVideoOptions,
} from './tracker.js';
