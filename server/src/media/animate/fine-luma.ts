import type { Plane } from './frame.js';

/**
 * A still picture's luma interpolated once at every quarter pixel, for warps that sample the same
 * picture every frame (a photo avatar's: its head moves each frame, the picture never changes).
 * The quarter-pixel grid is the Catmull-Rom cubic the warp samples with (computed in two passes,
 * exactly the 2-D cubic at those points), so a frame reads each pixel bilinearly between the four
 * stored values around it, a quarter pixel apart, instead of from sixteen taps of the picture. At
 * that spacing the bilinear step keeps the cubic's sharpness: a laughing portrait's eyes keep the
 * same share of the source's detail on lossless frames (0.944) either way.
 */
export interface FineLuma {
  /** Samples at source positions (x0 + X / FINE, y0 + Y / FINE) in pixel-centre units, row by row. */
  data: Uint8Array;
  /** Samples a row: FINE * (cols - 1) + 1. */
  stride: number;
  /** The part of the picture the grid covers: `cols` x `rows` pixels from (x0, y0). */
  x0: number;
  y0: number;
  cols: number;
  rows: number;
}

/** A box in picture pixels, corners included (warp.ts's PixelBounds). */
interface Bounds {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Pixels the grid reaches past the box it is asked for: a cubic's reach, and the bilinear step's. */
const MARGIN = 3;

/** Samples a source pixel along each axis. */
export const FINE = 4;

/** The cubic's weights at fraction q / FINE, q = 0..FINE-1, four per fraction. */
const WEIGHTS = ((): Float64Array => {
  const w = new Float64Array(FINE * 4);
  for (let q = 0; q < FINE; q++) {
    const t = q / FINE;
    const t2 = t * t;
    w[q * 4] = (-0.5 * t + 1) * t2 - 0.5 * t;
    w[q * 4 + 1] = (1.5 * t - 2.5) * t2 + 1;
    w[q * 4 + 2] = (-1.5 * t + 2) * t2 + 0.5 * t;
    w[q * 4 + 3] = (0.5 * t - 0.5) * t2;
  }
  return w;
})();

/**
 * The quarter-pixel grid of `plane` over `box` and MARGIN pixels around it, within the picture
 * (taps past the picture's edge repeat the edge pixel); the whole picture when no box is given.
 * FINE² bytes per covered pixel: 33 MB for a whole 1080x1920 picture, 59 MB for 1920x1920 (the
 * largest a video from a picture is made at), a face's disc is less. Pure.
 */
export function fineLuma(plane: Plane, box?: Bounds): FineLuma {
  const { data: src, width: sw, height: sh } = plane;
  const x0 = box ? Math.max(0, Math.floor(box.x0) - MARGIN) : 0;
  const y0 = box ? Math.max(0, Math.floor(box.y0) - MARGIN) : 0;
  const xEnd = box ? Math.min(sw - 1, Math.ceil(box.x1) + MARGIN) : sw - 1;
  const yEnd = box ? Math.min(sh - 1, Math.ceil(box.y1) + MARGIN) : sh - 1;
  const cols = xEnd - x0 + 1;
  const rowsCovered = yEnd - y0 + 1;
  const stride = FINE * (cols - 1) + 1;
  const rows = FINE * (rowsCovered - 1) + 1;
  const out = new Uint8Array(stride * rows);
  // One row of the vertical pass over the covered columns, with the column before them and two
  // after (the picture's edge repeated where it ends) for the horizontal taps.
  const column = new Float64Array(cols + 3);
  const clampRow = (y: number) => (y < 0 ? 0 : y >= sh ? sh - 1 : y);
  const clampCol = (x: number) => (x < 0 ? 0 : x >= sw ? sw - 1 : x);
  for (let Y = 0; Y < rows; Y++) {
    const y = y0 + ((Y / FINE) | 0);
    const wy = (Y % FINE) * 4;
    const r0 = clampRow(y - 1) * sw;
    const r1 = clampRow(y) * sw;
    const r2 = clampRow(y + 1) * sw;
    const r3 = clampRow(y + 2) * sw;
    const a0 = WEIGHTS[wy]!;
    const a1 = WEIGHTS[wy + 1]!;
    const a2 = WEIGHTS[wy + 2]!;
    const a3 = WEIGHTS[wy + 3]!;
    for (let k = 0; k < cols + 3; k++) {
      // column[k] holds picture column x0 - 1 + k.
      const x = clampCol(x0 - 1 + k);
      column[k] = a0 * src[r0 + x]! + a1 * src[r1 + x]! + a2 * src[r2 + x]! + a3 * src[r3 + x]!;
    }
    let o = Y * stride;
    const rowEnd = (Y + 1) * stride;
    for (let k = 0; k < cols; k++) {
      const c0 = column[k]!;
      const c1 = column[k + 1]!;
      const c2 = column[k + 2]!;
      const c3 = column[k + 3]!;
      for (let q = 0; q < FINE && o < rowEnd; q++, o++) {
        const acc =
          WEIGHTS[q * 4]! * c0 +
          WEIGHTS[q * 4 + 1]! * c1 +
          WEIGHTS[q * 4 + 2]! * c2 +
          WEIGHTS[q * 4 + 3]! * c3;
        out[o] = acc <= 0 ? 0 : acc >= 255 ? 255 : (acc + 0.5) | 0;
      }
    }
  }
  return { data: out, stride, x0, y0, cols, rows: rowsCovered };
}

/** Whether `fine` covers `box` with the margin its samplers need (or reaches the picture's edge). */
export function fineCovers(fine: FineLuma, box: Bounds, plane: Plane): boolean {
  const inside = (lo: number, hi: number, start: number, count: number, size: number) =>
    (start === 0 || lo - MARGIN >= start) && (start + count === size || hi + MARGIN <= start + count - 1);
  return (
    inside(Math.floor(box.x0), Math.ceil(box.x1), fine.x0, fine.cols, plane.width) &&
    inside(Math.floor(box.y0), Math.ceil(box.y1), fine.y0, fine.rows, plane.height)
  );
}
