import { LEFT_EYE, RIGHT_EYE } from './landmarks.js';
import type { RgbImage } from './rgb-window.js';

/**
 * Turning a face upright before the mesh measures it, and its points back. The face mesh was trained
 * on upright faces: a head rolled by 30-45° is measured badly or not at all, so each face is measured
 * in a square of the picture turned by the angle of its eye line. (The engine can turn faces itself,
 * from the detector's eye points, but its points came back misplaced: the oval across an eye, the
 * lips beside the mouth.) Pure.
 */

/** The frame a face is measured in: a square of `side` picture pixels about (cx, cy), turned by `angle` (radians). */
export interface RoiFrame {
  cx: number;
  cy: number;
  side: number;
  angle: number;
}

/** Angle (radians, image axes: positive turns clockwise on screen) of the line from one eye to the other. */
export function eyeLineAngle(right: { x: number; y: number }, left: { x: number; y: number }): number {
  return Math.atan2(left.y - right.y, left.x - right.x);
}

/** The eye line's angle in a set of 468 mesh points (x, y pairs), from the outer eye corners. */
export function meshEyeAngle(points: ArrayLike<number>): number {
  return eyeLineAngle(
    { x: points[RIGHT_EYE.outer * 2]!, y: points[RIGHT_EYE.outer * 2 + 1]! },
    { x: points[LEFT_EYE.outer * 2]!, y: points[LEFT_EYE.outer * 2 + 1]! },
  );
}

/** Where a point of the `size`-pixel upright square lies in the picture. */
export function toPicture(f: RoiFrame, size: number, x: number, y: number): [number, number] {
  const k = f.side / size;
  const u = (x - size / 2) * k;
  const v = (y - size / 2) * k;
  const c = Math.cos(f.angle);
  const s = Math.sin(f.angle);
  return [f.cx + u * c - v * s, f.cy + u * s + v * c];
}

/**
 * The `size` x `size` upright square sampled (bilinearly) from `wide`: a picture of the same place
 * at the same scale, axis-aligned, centred on the square's middle and large enough to hold it turned
 * (√2 times its side). Outside `wide` is black.
 */
export function turnSquare(wide: RgbImage, angle: number, size: number): RgbImage {
  const out = new Uint8Array(size * size * 3);
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  const { data, width: w, height: h } = wide;
  const ox = w / 2;
  const oy = h / 2;
  for (let j = 0; j < size; j++) {
    const v = j + 0.5 - size / 2;
    for (let i = 0; i < size; i++) {
      const u = i + 0.5 - size / 2;
      const x = ox + u * c - v * s - 0.5;
      const y = oy + u * s + v * c - 0.5;
      const x0 = Math.floor(x);
      const y0 = Math.floor(y);
      if (x0 < 0 || y0 < 0 || x0 + 1 >= w || y0 + 1 >= h) continue;
      const fx = x - x0;
      const fy = y - y0;
      const a = (y0 * w + x0) * 3;
      const b = a + w * 3;
      const o = (j * size + i) * 3;
      for (let ch = 0; ch < 3; ch++) {
        const top = data[a + ch]! + (data[a + 3 + ch]! - data[a + ch]!) * fx;
        const bot = data[b + ch]! + (data[b + 3 + ch]! - data[b + ch]!) * fx;
        out[o + ch] = (top + (bot - top) * fy + 0.5) | 0;
      }
    }
  }
  return { data: out, width: size, height: size };
}
