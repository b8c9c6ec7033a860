export {
  createFaceDetector,
  MAX_DETECT_SIDE,
  type FaceBox,
  type FaceDetector,
  type RgbImage,
} from './detector.js';
export { checkFacesInVideo, type VideoFaceCheck, type VideoFaceCheckOptions } from './video-check.js';
export { frameGrabArgs, sampleFrameSize, sampleTimes, SAMPLE_MAX_WIDTH } from './frame-args.js';
