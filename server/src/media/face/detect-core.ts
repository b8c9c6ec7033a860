import type { FaceEngine } from './human-engine.js';
import { MESH_POINTS } from './landmarks.js';

/** Detection on the engine itself: what runs inside the face worker thread. */

/** A face in image pixels (top-left origin), clipped to the image; score is the detector's 0..1 confidence. */
export interface FaceBox {
  x: number;
  y: number;
  width: number;
  height: number;
  score: number;
}

/** Raw RGB (3 bytes per pixel, row-major, no padding). */
export interface RgbImage {
  data: Uint8Array;
  width: number;
  height: number;
}

/** A face with its landmarks, in image pixels; angles in degrees. */
export interface FaceLandmarks {
  box: FaceBox;
  /** 468 × (x, y). */
  points: Float32Array;
  yaw: number;
  pitch: number;
  roll: number;
}

/** Inputs are scaled down to this long side before detection: the detector works on a 256 px
 * grid anyway, and a 4K float tensor would cost ~100 MB for no gain. */
export const MAX_DETECT_SIDE = 1280;

/** Clips an [x, y, w, h] box to the image and maps it back from detection scale. Pure. */
export function toFaceBox(
  box: readonly [number, number, number, number],
  score: number,
  scale: number,
  width: number,
  height: number,
): FaceBox | null {
  const x0 = Math.max(0, box[0] / scale);
  const y0 = Math.max(0, box[1] / scale);
  const x1 = Math.min(width, (box[0] + box[2]) / scale);
  const y1 = Math.min(height, (box[1] + box[3]) / scale);
  if (x1 <= x0 || y1 <= y0) return null;
  const r = (v: number) => Math.round(v * 10) / 10;
  return {
    x: r(x0),
    y: r(y0),
    width: r(x1 - x0),
    height: r(y1 - y0),
    score: Math.round(score * 1000) / 1000,
  };
}

/** Checks a raw RGB image's size against its bytes; throws a RangeError that says what is wrong. */
export function checkRgbImage(image: RgbImage): void {
  const { data, width, height } = image;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0) {
    throw new RangeError(`invalid image size ${width}x${height}`);
  }
  if (data.length !== width * height * 3) {
    throw new RangeError(
      `expected ${width * height * 3} RGB bytes for ${width}x${height}, got ${data.length}`,
    );
  }
}

const DEG = 180 / Math.PI;

/** What one image holds: every face the detector found, and those the mesh model could measure. */
export interface Detection {
  /** Largest first. */
  boxes: FaceBox[];
  /** Largest first; a subset of the boxes. */
  faces: FaceLandmarks[];
}

export async function detectWith(engine: FaceEngine, image: RgbImage): Promise<Detection> {
  checkRgbImage(image);
  const { data, width, height } = image;
  const { tf } = engine;
  const scale = Math.min(1, MAX_DETECT_SIDE / Math.max(width, height));
  const input = tf.tidy(() => {
    const t = tf.tensor4d(data, [1, height, width, 3], 'float32');
    if (scale === 1) return t;
    const size: [number, number] = [Math.round(height * scale), Math.round(width * scale)];
    return tf.image.resizeBilinear(t, size);
  });
  try {
    const result = await engine.detect(input);
    const faces: FaceLandmarks[] = [];
    const boxes: FaceBox[] = [];
    for (const f of result.face) {
      const box = toFaceBox(f.box, f.boxScore, scale, width, height);
      if (!box) continue;
      boxes.push(box);
      // The attention mesh appends ten iris points after the 468 of the mesh; the rig uses the 468.
      if (f.mesh.length < MESH_POINTS) continue;
      const points = new Float32Array(MESH_POINTS * 2);
      for (let i = 0; i < MESH_POINTS; i++) {
        points[i * 2] = f.mesh[i]![0]! / scale;
        points[i * 2 + 1] = f.mesh[i]![1]! / scale;
      }
      const a = f.rotation?.angle;
      faces.push({
        box,
        points,
        yaw: a ? a.yaw * DEG : 0,
        pitch: a ? a.pitch * DEG : 0,
        roll: a ? a.roll * DEG : 0,
      });
    }
    const area = (b: FaceBox) => b.width * b.height;
    return {
      boxes: boxes.sort((a, b) => area(b) - area(a)),
      faces: faces.sort((a, b) => area(b.box) - area(a.box)),
    };
  } finally {
    input.dispose();
  }
}
