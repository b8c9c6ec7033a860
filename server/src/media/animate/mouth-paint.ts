import type { Plane } from './frame.js';
import type { MouthOpening, MouthSource } from './rig.js';

/**
 * Paints the inside of an open mouth between the warped inner lip contours. Where the source's own
 * mouth was open (a smile with teeth, a face caught mid-word), its own inside is shown: each lip
 * keeps the teeth and mouth that were behind it in the source, as far as the source showed them, so
 * a closing mouth covers its teeth instead of squeezing them, and an opening one shows them where
 * they were. Beyond what the source showed, and in a mouth the source had closed, it paints: a dark
 * cavity that is darkest in the middle, the upper teeth under the upper lip (unless the source has
 * its own), a hint of the lower teeth and the tongue when the mouth is wide open. Colours are
 * derived from the lips' own brightness so a dim video does not get glowing teeth. The edge is
 * feathered over about a pixel, so the lips meet the painting without a seam. Pure pixel work on
 * the planes of one frame.
 */

export interface MouthColours {
  /** Mean luma of the lips (limited-range Y). */
  lipLuma: number;
  /**
   * How colourful the painted inside is, 0..1: the share of the painting's own chroma (a warm
   * cavity, a pink tongue) it keeps. 0 paints in greys, for a black-and-white picture; 1 for lips of
   * ordinary colour (chromaScaleOfLips).
   */
  chroma: number;
}

/** Lips this far from grey (Cb/Cr distance, 8-bit) or more are ordinarily coloured: pale lips read ~25. */
const LIP_CHROMA_FULL = 20;

/**
 * MouthColours.chroma from the lips' mean chroma distance from grey (√((Cb−128)² + (Cr−128)²)): a
 * mouth painted pink inside a black-and-white or faded picture is the first thing a viewer sees.
 * Pure.
 */
export function chromaScaleOfLips(lipChromaDistance: number): number {
  return clamp(lipChromaDistance / LIP_CHROMA_FULL, 0, 1);
}

const FEATHER = 1.1;
/**
 * A source mouth open by less than this (pixels, and share of the mouth's width) shows no inside of
 * its own: the lips of a closed mouth are parted by a seam of about 1 % of its width.
 */
const SOURCE_MIN_GAP_PX = 1.5;
const SOURCE_MIN_GAP_OF_WIDTH = 0.04;

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

/**
 * Where the upper teeth meet, as a share of the mouth's half-width from its middle: the two
 * central incisors, the lateral incisors, the canines (seen obliquely, so narrower).
 */
const TOOTH_EDGES = [0, 0.34, 0.6, 0.78];
/** Mouths narrower than this (pixels) show no gaps between teeth: they would be under a pixel. */
const TOOTH_GAP_MIN_WIDTH = 50;

/**
 * How much darker a tooth is at `d` pixels from the mouth's middle, for a mouth `w` pixels wide:
 * a thin line where two teeth meet, widening toward the biting edge (`along`, 0 at the gum, 1 at
 * the edge) where their corners are rounded.
 */
function toothGap(d: number, w: number, along: number): number {
  const fade = smooth(TOOTH_GAP_MIN_WIDTH, TOOTH_GAP_MIN_WIDTH * 2, w);
  if (fade <= 0) return 0;
  const half = w / 2;
  const line = Math.max(0.4, 0.005 * w) * (1 + 1.5 * smooth(0.55, 1, along));
  let nearest = Infinity;
  for (const e of TOOTH_EDGES) nearest = Math.min(nearest, Math.abs(d - e * half));
  return fade * (0.1 + 0.25 * smooth(0.4, 1, along)) * (1 - smooth(0, line, nearest));
}

let sortedUpper = new Float32Array(0);
let sortedLower = new Float32Array(0);
let sortedSourceUpper = new Float32Array(0);
let sortedSourceLower = new Float32Array(0);

interface Shade {
  y: number;
  cb: number;
  cr: number;
  a: number;
  lip: number;
  /**
   * Weights (0..1) of the source's own inside, in front (its upper half) and behind (its lower
   * half), and where to take each (frame pixels).
   */
  s: number;
  sx: number;
  sy: number;
  s2: number;
  sx2: number;
  sy2: number;
}

/** The source mouth, its contours sorted by x (null: painted only). */
interface SourceMouth {
  m: MouthSource;
  upper: Float32Array;
  lower: Float32Array;
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
  src: SourceMouth | null,
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
  // The source's own inside, where the source mouth was open: its upper half stays with the skull
  // (the upper teeth; it follows the upper lip only when that lip rises), its lower half moves with
  // the jaw, as the lower lip does; where both reach, the upper teeth are in front. A closing mouth
  // thus shuts its jaw behind the upper teeth and then covers them with the lips; an opening one
  // parts its teeth, and the depth the source never showed between them is painted.
  out.s = 0;
  out.s2 = 0;
  let ownTeeth = 0;
  if (src) {
    const m = src.m;
    const xs = x / (m.xScale || 1);
    const su = contourY(src.upper, xs);
    const sl = contourY(src.lower, xs);
    const minGap = Math.max(SOURCE_MIN_GAP_PX, SOURCE_MIN_GAP_OF_WIDTH * w);
    ownTeeth = smooth(minGap, minGap * 1.6, sl - su);
    if (ownTeeth > 0) {
      const mid = (su + sl) / 2;
      const rowU = y - Math.min(yu - su, 0);
      const rowL = y - (yl - sl);
      out.s = ownTeeth * smooth(su - 0.5, su + 0.5, rowU) * (1 - smooth(mid - 0.75, mid + 0.75, rowU));
      out.s2 = ownTeeth * smooth(mid - 0.75, mid + 0.75, rowL) * (1 - smooth(sl - 0.5, sl + 0.5, rowL));
      out.sx = m.cx + xs * m.ux - rowU * m.uy;
      out.sy = m.cy + xs * m.uy + rowU * m.ux;
      out.sx2 = m.cx + xs * m.ux - rowL * m.uy;
      out.sy2 = m.cy + xs * m.uy + rowL * m.ux;
    }
  }
  // Cavity: dark, warm, darker toward the middle and the back.
  const depth = clamp((y - yu) / gap, 0, 1);
  let yy = (lip * 0.2 + 8) * (1 - 0.35 * Math.sin(depth * Math.PI)) * (0.75 + 0.25 * side);
  let cb = 124;
  let cr = 146;
  // Tongue: a soft pink mound rising from the floor of the mouth, round-topped, behind the teeth.
  const tongueHalf = w * 0.3;
  const tongueRise = gap * (0.24 + 0.18 * open);
  const across = x / tongueHalf;
  if (across * across < 1) {
    const top = yl - tongueRise * Math.sqrt(1 - across * across);
    const t = smooth(-1, 1.5, y - top) * 0.9;
    if (t > 0) {
      // Darker toward its back (the top of the mound as seen), lit toward the lips.
      const lit = 0.6 + 0.4 * smooth(0, tongueRise, y - top);
      yy += (lip * 0.75 * lit - yy) * t;
      cb += (118 - cb) * t;
      cr += (158 - cr) * t;
    }
  }
  // Upper teeth: a row just under the upper lip, tallest at the middle (the incisal edge is an
  // arch), receding into the shadow of the cheeks toward the corners.
  // A source with teeth of its own shows those; painted ones would sit on top of them.
  const teethSide = (1 - smooth(0.5, 0.85, side)) * (1 - ownTeeth);
  const teethLuma = clamp(lip * 1.1 + 26, 70, 185);
  const upperTeeth = Math.min(gap * 0.4, w * 0.08) * (1 - 0.4 * side * side);
  const below = y - yu;
  if (teethSide > 0 && below < upperTeeth + 1) {
    const t = teethSide * (1 - smooth(upperTeeth - 1, upperTeeth + 1, below));
    // Shadowed right under the lip, brightest in the middle of the mouth.
    let lum =
      teethLuma * (0.72 + 0.28 * Math.cos(side * 1.4)) * (0.72 + 0.28 * smooth(0, upperTeeth * 0.45, below));
    lum *= 1 - toothGap(side * (w / 2), w, below / (upperTeeth || 1));
    yy += (lum - yy) * t;
    cb += (123 - cb) * t;
    cr += (132 - cr) * t;
  }
  // Lower teeth: the edges of the middle few show over the tongue, behind the lower lip, only
  // when the mouth is wide open (in speech the lower lip mostly hides them).
  const lowerTeeth =
    open > 0.6 && ownTeeth < 1
      ? Math.min(gap * 0.12, w * 0.035) * smooth(0.6, 0.95, open) * (1 - ownTeeth)
      : 0;
  if (lowerTeeth > 0 && y > yl - lowerTeeth - 1 && Math.abs(x) < w * 0.2) {
    const t =
      smooth(yl - lowerTeeth - 1, yl - lowerTeeth + 1, y) * 0.7 * (1 - smooth(0.1, 0.2, Math.abs(x) / w));
    const lum = teethLuma * 0.75;
    yy += (lum - yy) * t;
    cb += (123 - cb) * t;
    cr += (132 - cr) * t;
  }
  out.y = yy;
  out.cb = cb;
  out.cr = cr;
  out.a = a;
  return true;
}

/** Bilinear sample of `p` at (x, y) in pixel-centre coordinates, clamped to the plane. */
function sample(p: Plane, x: number, y: number): number {
  const xc = clamp(x, 0, p.width - 1);
  const yc = clamp(y, 0, p.height - 1);
  const ix = Math.min(p.width - 2, xc | 0);
  const iy = Math.min(p.height - 2, yc | 0);
  if (ix < 0 || iy < 0) return p.data[0]!;
  const fx = xc - ix;
  const fy = yc - iy;
  const i = iy * p.width + ix;
  const d = p.data;
  const top = d[i]! + (d[i + 1]! - d[i]!) * fx;
  const bot = d[i + p.width]! + (d[i + p.width + 1]! - d[i + p.width]!) * fx;
  return top + (bot - top) * fy;
}

/**
 * Paints the interior of `o` into the three planes of a 4:2:0 frame. `source` holds the frame as it
 * was before the warp (at least around the source's mouth): the source's own inside is taken from
 * there; without it everything is painted.
 */
export function paintMouth(
  planes: [Plane, Plane, Plane],
  o: MouthOpening,
  colours: MouthColours,
  source?: [Plane, Plane, Plane],
): void {
  if (sortedUpper.length !== o.upper.length) sortedUpper = new Float32Array(o.upper.length);
  if (sortedLower.length !== o.lower.length) sortedLower = new Float32Array(o.lower.length);
  if (sortedSourceUpper.length !== o.source.upper.length) {
    sortedSourceUpper = new Float32Array(o.source.upper.length);
    sortedSourceLower = new Float32Array(o.source.lower.length);
  }
  const upper = sortedByX(o.upper, sortedUpper);
  const lower = sortedByX(o.lower, sortedLower);
  const src: SourceMouth | null = source
    ? {
        m: o.source,
        upper: sortedByX(o.source.upper, sortedSourceUpper),
        lower: sortedByX(o.source.lower, sortedSourceLower),
      }
    : null;
  let maxGap = 0;
  for (let i = 0; i < upper.length / 2; i++) {
    maxGap = Math.max(maxGap, contourY(lower, upper[i * 2]!) - upper[i * 2 + 1]!);
  }
  if (maxGap <= 0.5) return;
  const lip = colours.lipLuma;
  const chroma = clamp(colours.chroma, 0, 1);

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
  const shade: Shade = { y: 0, cb: 0, cr: 0, a: 0, lip, s: 0, sx: 0, sy: 0, s2: 0, sx2: 0, sy2: 0 };
  const bx0 = Math.max(0, Math.floor(x0 - 2));
  const by0 = Math.max(0, Math.floor(y0 - 2));
  const bx1 = Math.min(Y.width - 1, Math.ceil(x1 + 2));
  const by1 = Math.min(Y.height - 1, Math.ceil(y1 + 2));
  for (let py = by0; py <= by1; py++) {
    for (let px = bx0; px <= bx1; px++) {
      if (!shadeAt(px * 2 + 1, py * 2 + 1, upper, lower, o, src, shade)) continue;
      const i = py * Y.width + px;
      let v = shade.y;
      if (source && shade.s2 > 0) v += (sample(source[0], shade.sx2 - 0.5, shade.sy2 - 0.5) - v) * shade.s2;
      if (source && shade.s > 0) v += (sample(source[0], shade.sx - 0.5, shade.sy - 0.5) - v) * shade.s;
      Y.data[i] = Math.round(Y.data[i]! + (v - Y.data[i]!) * shade.a);
    }
  }
  // Chroma at half resolution: each sample covers a 2x2 luma block, centred at its middle.
  for (let cy = by0 >> 1; cy <= by1 >> 1; cy++) {
    for (let cx = bx0 >> 1; cx <= bx1 >> 1; cx++) {
      if (!shadeAt(cx * 4 + 2, cy * 4 + 2, upper, lower, o, src, shade)) continue;
      const i = cy * U.width + cx;
      let cb = 128 + (shade.cb - 128) * chroma;
      let cr = 128 + (shade.cr - 128) * chroma;
      if (source && shade.s2 > 0) {
        cb += (sample(source[1], shade.sx2 / 2 - 0.5, shade.sy2 / 2 - 0.5) - cb) * shade.s2;
        cr += (sample(source[2], shade.sx2 / 2 - 0.5, shade.sy2 / 2 - 0.5) - cr) * shade.s2;
      }
      if (source && shade.s > 0) {
        cb += (sample(source[1], shade.sx / 2 - 0.5, shade.sy / 2 - 0.5) - cb) * shade.s;
        cr += (sample(source[2], shade.sx / 2 - 0.5, shade.sy / 2 - 0.5) - cr) * shade.s;
      }
      U.data[i] = Math.round(U.data[i]! + (cb - U.data[i]!) * shade.a);
      V.data[i] = Math.round(V.data[i]! + (cr - V.data[i]!) * shade.a);
    }
  }
}
