import { WorkerThreadClient, workerEntry } from '../worker-thread.js';
import {
  checkRgbImage,
  MAX_DETECT_SIDE,
  toFaceBox,
  type Detection,
  type FaceBox,
  type FaceLandmarks,
  type RgbImage,
} from './detect-core.js';
import type { FaceWorkerReply, FaceWorkerRequest } from './face-worker-protocol.js';
import { readPictureRgb } from './picture-rgb.js';
import type { SquareWindow } from './search-plan.js';
import type { FaceTrack } from './track.js';
import type { TrackedVideo, TrackVideoOptions } from './track-options.js';

export {
  MAX_DETECT_SIDE,
  toFaceBox,
  type Detection,
  type FaceBox,
  type FaceLandmarks,
  type RgbImage,
} from './detect-core.js';

/** What a search looks for. */
export interface FindOptions {
  /** The smallest face wanted, in the image's pixels (default MIN_FACE_PX, 40). */
  minFacePx?: number;
}

/** What the tracker needs of a detector: searching a picture and measuring a followed face. */
export interface FaceFinder {
  /** Every face found (boxes, largest first) and those the mesh could measure (faces). */
  find(image: RgbImage, opts?: FindOptions): Promise<Detection>;
  /** The face in each window of the image (one followed from where it was), or null. */
  measure(image: RgbImage, windows: SquareWindow[]): Promise<(FaceLandmarks | null)[]>;
}

export interface FaceDetector extends FaceFinder {
  /** Every face found in the image, largest first, measured or not (see find). */
  detect(image: RgbImage, opts?: FindOptions): Promise<FaceBox[]>;
  /** Faces with their 468-point mesh, largest first. */
  detectLandmarks(image: RgbImage, opts?: FindOptions): Promise<FaceLandmarks[]>;
  /**
   * The face track of a video (tracker.ts's trackFaceInVideo), worked out where the detector runs:
   * the frames are decoded, searched and followed there, and only the track comes back.
   */
  trackVideo(
    ffmpeg: string,
    videoPath: string,
    info: TrackedVideo,
    opts?: TrackVideoOptions,
  ): Promise<FaceTrack>;
  /** Any image sharp reads; EXIF orientation is applied, and width/height are the upright size. */
  detectInFile(imagePath: string): Promise<{ width: number; height: number; faces: FaceBox[] }>;
  close(): Promise<void>;
}

/**
 * Creates a face detector. The engine runs in its own worker thread, loaded on first use (~0.1 s);
 * requests queue there and run one at a time (the WebAssembly backend is single-threaded).
 */
export async function createFaceDetector(): Promise<FaceDetector> {
  const client = new WorkerThreadClient<FaceWorkerRequest, FaceWorkerReply>(
    () => workerEntry(import.meta.url, 'face-worker'),
    'face detector',
    // Tracking is batch work like a render: the thread that serves HTTP gets the CPU first.
    { niceness: 10, cancelMessage: (id) => ({ id, op: 'cancel' }) },
  );

  // Structured clone copies the pixels: the caller's buffer may be a slice of a larger one.
  const find = async (image: RgbImage, opts: FindOptions = {}): Promise<Detection> => {
    checkRgbImage(image);
    const reply = await client.request({ op: 'find', ...pixels(image), minFacePx: opts.minFacePx });
    return { boxes: reply.boxes ?? [], faces: reply.faces ?? [] };
  };

  return {
    find,
    detect: async (image, opts) => (await find(image, opts)).boxes,
    detectLandmarks: async (image, opts) => (await find(image, opts)).faces,
    async measure(image, windows) {
      checkRgbImage(image);
      if (windows.length === 0) return [];
      return (await client.request({ op: 'measure', ...pixels(image), windows })).measured ?? [];
    },
    async trackVideo(ffmpeg, videoPath, info, opts = {}) {
      const { signal, onProgress, ...range } = opts;
      const reply = await client.request(
        { op: 'track', ffmpeg, videoPath, info, range },
        { signal, onProgress },
      );
      if (!reply.track) throw new Error('face detector sent no track');
      return reply.track;
    },
    async detectInFile(imagePath) {
      const pic = await readPictureRgb(imagePath, MAX_DETECT_SIDE);
      const { boxes } = await find(pic.image);
      return {
        width: pic.width,
        height: pic.height,
        faces: boxes
          .map((f) => toFaceBox([f.x, f.y, f.width, f.height], f.score, pic.scale, pic.width, pic.height))
          .filter((f): f is FaceBox => f !== null),
      };
    },
    close: () => client.close(),
  };
}

const pixels = (image: RgbImage) => ({ data: image.data, width: image.width, height: image.height });
