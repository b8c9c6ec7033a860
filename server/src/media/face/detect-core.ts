import sharp from 'sharp';
import type { FaceEngine } from './human-engine.js';
import { MESH_POINTS } from './landmarks.js';
import { checkRgbImage, extractWindow, type RgbImage } from './rgb-window.js';
import { eyeLineAngle, meshEyeAngle, toPicture, turnSquare, type RoiFrame } from './upright.js';
import {
  levelTiles,
  MAX_TILE_BOX,
  mergeBoxes,
  MIN_FACE_PX,
  ROI_PX,
  searchLevels,
  windowForBox,
  type SquareWindow,
} from './search-plan.js';

export { checkRgbImage, type RgbImage } from './rgb-window.js';

/** Detection on the engine itself: what runs inside the face worker thread. */

/** A face in image pixels (top-left origin), clipped to the image; score is the detector's 0..1 confidence. */
export interface FaceBox {
  x: number;
  y: number;
  width: number;
  height: number;
  score: number;
  /** The eye line's angle where the detector saw the eyes (radians, clockwise on screen). */
  angle?: number;
}

/** A face with its landmarks, in image pixels; angles in degrees. */
export interface FaceLandmarks {
  box: FaceBox;
  /** The mesh model's confidence (a logit: real faces score 10-34, see speaker.ts faceIsSure). */
  meshScore: number;
  /** 468 × (x, y). */
  points: Float32Array;
  yaw: number;
  pitch: number;
  roll: number;
}

/**
 * Pictures larger than this (long side) are scaled down before a search: a face 40 pixels wide in
 * a 4K frame is still 40 pixels at this size, and nothing larger than 4K is accepted anyway.
 */
export const MAX_DETECT_SIDE = 3840;

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

const DEG = 180 / Math.PI;

/**
 * The engine's settings per call: the search needs only the detector, measuring needs the mesh.
 * The engine's own turning of faces is off (upright.ts turns them). Both are given on every call:
 * the engine keeps what it was last given.
 */
const DETECTOR_ONLY = { face: { mesh: { enabled: false }, detector: { rotation: false } } };
const WITH_MESH = { face: { mesh: { enabled: true }, detector: { rotation: false } } };

/** The detector's key points without the mesh: right eye, left eye, nose, mouth, right ear, left ear. */
const KEY_RIGHT_EYE = 0;
const KEY_LEFT_EYE = 1;

/** Scales a raw RGB image to exactly width x height (sharp: area-correct when shrinking). */
async function resizeRgb(image: RgbImage, width: number, height: number): Promise<RgbImage> {
  if (image.width === width && image.height === height) return image;
  const data = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .resize(width, height, { fit: 'fill' })
    .raw()
    .toBuffer();
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width, height };
}

/** The engine on one raw image, as it is (no scaling). */
async function run(engine: FaceEngine, image: RgbImage, config: Record<string, unknown>) {
  const input = engine.tf.tensor4d(image.data, [1, image.height, image.width, 3], 'float32');
  try {
    return (await engine.detect(input, config)).face;
  } finally {
    input.dispose();
  }
}

/**
 * Every face the detector finds in a picture at least `minFacePx` wide (search-plan.ts: a pyramid of
 * tiles of the detector's own size), one box each, largest first. No landmarks.
 */
export async function searchFaces(
  engine: FaceEngine,
  image: RgbImage,
  minFacePx = MIN_FACE_PX,
): Promise<FaceBox[]> {
  checkRgbImage(image);
  const found: FaceBox[] = [];
  let source = image;
  for (const lv of searchLevels(image.width, image.height, minFacePx)) {
    // Each level is made from the previous one (never more than halved): cheaper than from the
    // full picture, and as sharp.
    source = await resizeRgb(source, lv.width, lv.height);
    const scale = lv.width / image.width;
    for (const tile of levelTiles(lv)) {
      const faces = await run(engine, extractWindow(source, tile), DETECTOR_ONLY);
      for (const f of faces) {
        // Boxes larger than this in a tile are mostly the detector's false alarms (a dark corner
        // read as a 200-pixel face at 0.85); a real face that large is found whole, half the size,
        // at the next level. The last level, the whole picture, keeps every size.
        if (!lv.whole && Math.max(f.box[2], f.box[3]) > MAX_TILE_BOX) continue;
        const b = toFaceBox(
          [f.box[0] + tile.x, f.box[1] + tile.y, f.box[2], f.box[3]],
          f.boxScore,
          scale,
          image.width,
          image.height,
        );
        const re = f.mesh[KEY_RIGHT_EYE];
        const le = f.mesh[KEY_LEFT_EYE];
        if (b && re && le) b.angle = eyeLineAngle({ x: re[0]!, y: re[1]! }, { x: le[0]!, y: le[1]! });
        if (b) found.push(b);
      }
    }
  }
  return mergeBoxes(found);
}

/** A turn left over after measuring that is worth measuring again for (the mesh is trained upright). */
const REFINE_RAD = (8 * Math.PI) / 180;

/**
 * The face nearest the middle of `window` (a square of the picture turned so its eye line is level,
 * scaled to ROI_PX so the face is measured at the same size whatever its size in the picture), with
 * its 468 landmarks in picture pixels; null when the mesh finds no face there. When the face turns
 * out to be rolled in the window by more than REFINE_RAD, it is measured once more, turned by that.
 */
export async function measureFace(
  engine: FaceEngine,
  image: RgbImage,
  window: SquareWindow,
): Promise<FaceLandmarks | null> {
  checkRgbImage(image);
  const frame: RoiFrame = {
    cx: window.x + window.side / 2,
    cy: window.y + window.side / 2,
    side: window.side,
    angle: window.angle ?? 0,
  };
  let found = await measureIn(engine, image, frame);
  if (found && Math.abs(found.residual) > REFINE_RAD) {
    const again = await measureIn(engine, image, { ...frame, angle: frame.angle + found.residual });
    if (again) found = again;
  }
  return found?.face ?? null;
}

/** The square of `frame`, upright, ROI_PX on a side. */
async function uprightSquare(image: RgbImage, frame: RoiFrame): Promise<RgbImage> {
  const half = frame.side / 2;
  if (Math.abs(frame.angle) < 0.005) {
    const win = { x: frame.cx - half, y: frame.cy - half, side: frame.side };
    return resizeRgb(extractWindow(image, win), ROI_PX, ROI_PX);
  }
  // An axis-aligned square √2 as large holds the turned one; scaled as the result will be, then turned.
  const wideSide = frame.side * Math.SQRT2;
  const widePx = Math.ceil(ROI_PX * Math.SQRT2);
  const wide = extractWindow(image, {
    x: frame.cx - wideSide / 2,
    y: frame.cy - wideSide / 2,
    side: wideSide,
  });
  return turnSquare(await resizeRgb(wide, widePx, widePx), frame.angle, ROI_PX);
}

/** One measurement in `frame`: the face, and how far it is still rolled there (radians). */
async function measureIn(
  engine: FaceEngine,
  image: RgbImage,
  frame: RoiFrame,
): Promise<{ face: FaceLandmarks; residual: number } | null> {
  const faces = await run(engine, await uprightSquare(image, frame), WITH_MESH);
  const mid = ROI_PX / 2;
  let best: (typeof faces)[number] | null = null;
  let bestD = Infinity;
  for (const f of faces) {
    // The attention mesh appends ten iris points after the 468 of the mesh; the rig uses the 468.
    if (f.mesh.length < MESH_POINTS) continue;
    const d = Math.hypot(f.box[0] + f.box[2] / 2 - mid, f.box[1] + f.box[3] / 2 - mid);
    // A face whose middle lies outside the window's inner part is someone else's, or cut off.
    if (d < bestD && d < ROI_PX * 0.3) {
      best = f;
      bestD = d;
    }
  }
  if (!best) return null;
  const points = new Float32Array(MESH_POINTS * 2);
  const local = new Float32Array(MESH_POINTS * 2);
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (let i = 0; i < MESH_POINTS; i++) {
    local[i * 2] = best.mesh[i]![0]!;
    local[i * 2 + 1] = best.mesh[i]![1]!;
    const [x, y] = toPicture(frame, ROI_PX, local[i * 2]!, local[i * 2 + 1]!);
    points[i * 2] = x;
    points[i * 2 + 1] = y;
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
  }
  const box = toFaceBox([x0, y0, x1 - x0, y1 - y0], best.boxScore, 1, image.width, image.height);
  if (!box) return null;
  box.angle = meshEyeAngle(points);
  const a = best.rotation?.angle;
  return {
    face: {
      box,
      meshScore: best.faceScore,
      points,
      yaw: a ? a.yaw * DEG : 0,
      pitch: a ? a.pitch * DEG : 0,
      roll: a ? a.roll * DEG + frame.angle * DEG : frame.angle * DEG,
    },
    residual: meshEyeAngle(local),
  };
}

/** What one picture holds: every face the detector found, and those the mesh could measure. */
export interface Detection {
  /** Largest first. */
  boxes: FaceBox[];
  /** Largest first; one per box at most. */
  faces: FaceLandmarks[];
}

/** At most this many of the largest boxes are measured: enough for any group that could speak. */
export const MAX_MEASURED_FACES = 20;

/** Every face in a picture: found by the search, then each measured in its own window. */
export async function findFaces(
  engine: FaceEngine,
  image: RgbImage,
  minFacePx = MIN_FACE_PX,
): Promise<Detection> {
  const boxes = await searchFaces(engine, image, minFacePx);
  const measured: FaceLandmarks[] = [];
  for (const box of boxes.slice(0, MAX_MEASURED_FACES)) {
    const face = await measureFace(engine, image, windowForBox(box));
    if (face) measured.push(face);
  }
  // Two boxes of one face (a head and its reflection in the search's tiles) measure the same face.
  const faces = mergeBoxes(measured.map((f) => ({ ...f.box, face: f }))).map((b) => b.face);
  return { boxes, faces };
}
