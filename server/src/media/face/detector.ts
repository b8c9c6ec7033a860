import sharp from 'sharp';
import { WorkerThreadClient, workerEntry } from '../worker-thread.js';
import {
  checkRgbImage,
  MAX_DETECT_SIDE,
  toFaceBox,
  type FaceBox,
  type FaceLandmarks,
  type RgbImage,
} from './detect-core.js';
import type { FaceWorkerReply, FaceWorkerRequest } from './face-worker-protocol.js';

export {
  MAX_DETECT_SIDE,
  toFaceBox,
  type FaceBox,
  type FaceLandmarks,
  type RgbImage,
} from './detect-core.js';

export interface FaceDetector {
  /** Every face the detector finds, largest first (some may have no mesh: see detectLandmarks). */
  detect(image: RgbImage): Promise<FaceBox[]>;
  /** Faces with their 468-point mesh, largest first. */
  detectLandmarks(image: RgbImage): Promise<FaceLandmarks[]>;
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
    { niceness: 10 },
  );

  const request = (image: RgbImage) => {
    checkRgbImage(image);
    // Structured clone copies the pixels: the caller's buffer may be a slice of a larger one.
    return client.request({ data: image.data, width: image.width, height: image.height });
  };
  const detectLandmarks = async (image: RgbImage) => (await request(image)).faces ?? [];
  const detect = async (image: RgbImage) => (await request(image)).boxes ?? [];

  return {
    detect,
    detectLandmarks,
    async detectInFile(imagePath) {
      // Decode and shrink here: sharp runs on its own threads.
      const meta = await sharp(imagePath).metadata();
      const { width, height } = meta.autoOrient;
      const scale = Math.min(1, MAX_DETECT_SIDE / Math.max(width, height));
      const { data, info } = await sharp(imagePath, { autoOrient: true })
        .resize(Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale)), {
          fit: 'fill',
        })
        .removeAlpha()
        .toColourspace('srgb')
        .raw()
        .toBuffer({ resolveWithObject: true });
      const faces = await detect({ data, width: info.width, height: info.height });
      const back = info.width / width;
      return {
        width,
        height,
        faces: faces
          .map((f) => toFaceBox([f.x, f.y, f.width, f.height], f.score, back, width, height))
          .filter((f): f is FaceBox => f !== null),
      };
    },
    close: () => client.close(),
  };
}
