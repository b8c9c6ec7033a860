import type { Plane } from './frame.js';
import type { MouthOpening } from './rig.js';

/**
 * Paints the inside of an open mouth between the warped inner lip contours: a dark cavity that is
 * darkest in the middle, the upper teeth under the upper lip, a hint of the lower teeth and the
 * tongue when the mouth is wide open. Colours are derived from the lips' own brightness so a dim
 * video does not get glowing teeth. The edge is feathered over about a pixel, so the lips meet the
 * painting without a seam. Pure pixel work on the planes of one frame.
 */

export interface MouthColours {
  /** Mean luma of the lips (limited-range Y). */
  lipLuma: number;
}

const FEATHER = 1.1;

const clamp = (v: number, lo: number, hi: number) => (v < lo ? lo : v > hi ? hi : v);
const smooth = (e0: number, e1: number, v: number) => {
  const t = clamp((v - e0) / (e1 - e0), 0, 1);
  return t * t * (3 - 2 * t);
};

/** Piecewise-linear y of a contour (x,y pairs sorted by x) at x. */
function contourY(c: Float32Array, x: number): number {
  const n = c.length / 2;
  if (x <= c[0]!) return c[1]!;
  for (let i = 1; i < n; i++) {
    const x1 = c[i * 2]!;
    if (x <= x1) {
      const x0 = c[i * 2 - 2]!;
      const t = (x - x0) / (x1 - x0 || 1);
      return c[i * 2 - 1]! + (c[i * 2 + 1]! - c[i * 2 - 1]!) * t;
    }
  }
  return c[n * 2 - 1]!;
}

/** Sorts a contour's (x, y) pairs by x into `out` (insertion sort: contours are short and nearly sorted). */
function sortedByX(c: Float32Array, out: Float32Array): Float32Array {
  out.set(c);
  const n = c.length / 2;
  for (let i = 1; i < n; i++) {
    const x = out[i * 2]!;
    const y = out[i * 2 + 1]!;
    let j = i - 1;
    while (j >= 0 && out[j * 2]! > x) {
      out[(j + 1) * 2] = out[j * 2]!;
      out[(j + 1) * 2 + 1] = out[j * 2 + 1]!;
      j--;
    }
    out[(j + 1) * 2] = x;
    out[(j + 1) * 2 + 1] = y;
  }
  return out;
}

let sortedUpper = new Float32Array(0);
let sortedLower = new Float32Array(0);

interface Shade {
  y: number;
  cb: number;
  cr: number;
  a: number;
  lip: number;
}

/**
 * Colour and coverage of the mouth interior at the frame point (x2 / 2, y2 / 2): twice the pixel
 * centre's coordinates, whole numbers, so the call passes no fractional argument (V8 boxes those
 * for a function this large, once per pixel). The lips' luma comes in `out.lip`.
 */
function shadeAt(
  x2: number,
  y2: number,
  upper: Float32Array,
  lower: Float32Array,
  o: MouthOpening,
  out: Shade,
): boolean {
  const dx = x2 / 2 - o.cx;
  const dy = y2 / 2 - o.cy;
  const x = dx * o.ux + dy * o.uy;
  const y = -dx * o.uy + dy * o.ux;
  const lip = out.lip;
  const yu = contourY(upper, x);
  const yl = contourY(lower, x);
  const gap = yl - yu;
  if (gap <= 0.3 || y <= yu - FEATHER || y >= yl + FEATHER) return false;
  const a = clamp((Math.min(y - yu, yl - y) + FEATHER * 0.5) / FEATHER, 0, 1) * clamp(gap / 2, 0, 1);
  if (a <= 0) return false;
  const w = o.width;
  const open = clamp(gap / (o.maxGap || 1), 0, 1.2);
  const side = Math.abs(x) / (w / 2);
  // Cavity: dark, warm, darker toward the middle and the back.
  const depth = clamp((y - yu) / gap, 0, 1);
  let yy = (lip * 0.2 + 8) * (1 - 0.35 * Math.sin(depth * Math.PI)) * (0.75 + 0.25 * side);
  let cb = 124;
  let cr = 146;
  // Tongue: a soft pink mound rising from the floor of the mouth.
  const tongueTop = yl - gap * (0.22 + 0.18 * open);
  const tongueHalf = w * 0.27;
  if (y > tongueTop && Math.abs(x) < tongueHalf) {
    const t = smooth(0, 1, (y - tongueTop) / 2) * (1 - smooth(0.75, 1, Math.abs(x) / tongueHalf));
    yy += (lip * 0.72 - yy) * t * 0.9;
    cb += (118 - cb) * t;
    cr += (160 - cr) * t;
  }
  // Teeth: light bands just inside the lips, across the middle of the mouth.
  const teethSide = 1 - smooth(0.55, 0.8, side);
  const teethLuma = clamp(lip * 1.1 + 26, 70, 185);
  const upperTeeth = Math.min(gap * 0.36, w * 0.075);
  if (teethSide > 0 && y < yu + upperTeeth + 1) {
    const t = teethSide * (1 - smooth(upperTeeth - 1, upperTeeth + 1, y - yu));
    // Shadowed right under the lip, brightest in the middle of the mouth.
    const lum = teethLuma * (0.8 + 0.2 * (1 - side)) * (0.72 + 0.28 * smooth(0, upperTeeth * 0.45, y - yu));
    yy += (lum - yy) * t;
    cb += (127 - cb) * t;
    cr += (131 - cr) * t;
  }
  const lowerTeeth = open > 0.45 ? Math.min(gap * 0.18, w * 0.05) * smooth(0.45, 0.8, open) : 0;
  if (lowerTeeth > 0 && teethSide > 0 && y > yl - lowerTeeth - 1 && Math.abs(x) < w * 0.3) {
    const t = teethSide * smooth(yl - lowerTeeth - 1, yl - lowerTeeth + 1, y) * 0.85;
    const lum = teethLuma * 0.85;
    yy += (lum - yy) * t;
    cb += (127 - cb) * t;
    cr += (131 - cr) * t;
  }
  out.y = yy;
  out.cb = cb;
  out.cr = cr;
  out.a = a;
  return true;
}

/** Paints the interior of `o` into the three planes of a 4:2:0 frame. */
export function paintMouth(planes: [Plane, Plane, Plane], o: MouthOpening, colours: MouthColours): void {
  if (sortedUpper.length !== o.upper.length) sortedUpper = new Float32Array(o.upper.length);
  if (sortedLower.length !== o.lower.length) sortedLower = new Float32Array(o.lower.length);
  const upper = sortedByX(o.upper, sortedUpper);
  const lower = sortedByX(o.lower, sortedLower);
  let maxGap = 0;
  for (let i = 0; i < upper.length / 2; i++) {
    maxGap = Math.max(maxGap, contourY(lower, upper[i * 2]!) - upper[i * 2 + 1]!);
  }
  if (maxGap <= 0.5) return;
  const lip = colours.lipLuma;

  // Bounding box of the opening in frame pixels.
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const c of [upper, lower]) {
    for (let i = 0; i < c.length; i += 2) {
      const fx = o.cx + c[i]! * o.ux - c[i + 1]! * o.uy;
      const fy = o.cy + c[i]! * o.uy + c[i + 1]! * o.ux;
      x0 = Math.min(x0, fx);
      y0 = Math.min(y0, fy);
      x1 = Math.max(x1, fx);
      y1 = Math.max(y1, fy);
    }
  }
  const [Y, U, V] = planes;
  const shade: Shade = { y: 0, cb: 0, cr: 0, a: 0, lip };
  const bx0 = Math.max(0, Math.floor(x0 - 2));
  const by0 = Math.max(0, Math.floor(y0 - 2));
  const bx1 = Math.min(Y.width - 1, Math.ceil(x1 + 2));
  const by1 = Math.min(Y.height - 1, Math.ceil(y1 + 2));
  for (let py = by0; py <= by1; py++) {
    for (let px = bx0; px <= bx1; px++) {
      if (!shadeAt(px * 2 + 1, py * 2 + 1, upper, lower, o, shade)) continue;
      const i = py * Y.width + px;
      Y.data[i] = Math.round(Y.data[i]! + (shade.y - Y.data[i]!) * shade.a);
    }
  }
  // Chroma at half resolution: each sample covers a 2x2 luma block, centred at its middle.
  for (let cy = by0 >> 1; cy <= by1 >> 1; cy++) {
    for (let cx = bx0 >> 1; cx <= bx1 >> 1; cx++) {
      if (!shadeAt(cx * 4 + 2, cy * 4 + 2, upper, lower, o, shade)) continue;
      const i = cy * U.width + cx;
      U.data[i] = Math.round(U.data[i]! + (shade.cb - U.data[i]!) * shade.a);
      V.data[i] = Math.round(V.data[i]! + (shade.cr - V.data[i]!) * shade.a);
    }
  }
}
