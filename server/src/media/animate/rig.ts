import Delaunator from 'delaunator';
import {
  BETWEEN_EYES,
  CHIN,
  FACE_OVAL,
  LEFT_EYE,
  LIPS_LOWER_INNER,
  LIPS_LOWER_OUTER,
  LIPS_UPPER_INNER,
  LIPS_UPPER_OUTER,
  LOWER_FACE,
  MESH_POINTS,
  MID_FACE_ANCHORS,
  MOUTH_CORNER_LEFT,
  MOUTH_CORNER_RIGHT,
  NOSE_TIP,
  RIGHT_EYE,
} from '../face/landmarks.js';
import { constrainEdges } from './constrained-edges.js';
import type { MouthPose } from './timeline/types.js';
import type { WarpMesh } from './warp.js';

/**
 * The face rig: turns tracked landmarks plus a mouth pose, eyelid closure and head motion into
 * the control points of a piecewise-affine warp. Pure geometry, in frame pixels.
 *
 * The mouth is modelled in its own frame (x along the line between the corners, y down toward the
 * chin). The jaw hinges near the ears: a point moves down in proportion to how far below the hinge
 * line it sits, so the chin travels further than the lower lip, as a real jaw does. The lips open
 * to a target gap (so a source photo with parted lips still closes in silence), spread for "ee"
 * and gather for "oo". Synthetic rings around the face pin the deformation down: everything
 * outside the outer ring is never touched.
 */

/** Widest inner-lip gap of ordinary speech, as a share of the mouth's width (MIN_MOUTH_OF_EYES at least). */
export const MAX_GAP_OF_WIDTH = 0.34;
/**
 * The narrowest mouth the gap is scaled from, as a share of the distance between the outer eye
 * corners. A smile widens the mouth by half (the corpus's photos: 0.68-0.87 of that distance
 * smiling, 0.50-0.57 with closed, relaxed lips) without changing how far the jaw drops, so a face
 * whose lips were relaxed opened a third less than a smiling one for the same speech: a small
 * painted face's mouth moved over two or three pixels.
 */
export const MIN_MOUTH_OF_EYES = 0.65;
/** How an opening is shared: the jaw carries the lower lip most of the way. */
const LOWER_SHARE = 0.7;
/** Corners follow the jaw by this much of the lower lip's travel. */
const CORNER_DROP = 0.35;
/** The mouth poses a rig takes: each amount is clamped to its range. */
export const POSE_RANGE = {
  open: [0, 1.2],
  wide: [-1, 1],
  round: [0, 1],
} as const;

/** Horizontal stretch of the lips per unit of `wide`, and their gathering per unit of `round`. */
const SPREAD = 0.1;
const GATHER = 0.2;
/** The outer share of each half of the opening (middle to inner corner) over which it narrows to the corner. */
const CORNER_TAPER = 0.35;

export interface HeadMotion {
  /** Rotation in the image plane, radians, positive = clockwise on screen. */
  angle: number;
  /** Translation in frame pixels. */
  dx: number;
  dy: number;
}

export interface RigInput {
  /** 468 landmark positions (x0,y0,x1,y1,…) in frame pixels. */
  points: Float32Array;
  pose: MouthPose;
  /** Eyelid closure 0 (open) .. 1 (closed). */
  blink: number;
  head: HeadMotion | null;
}

/** The mouth opening after the warp, for painting the inside of the mouth. */
export interface MouthOpening {
  /** Centre and axes of the mouth frame (x axis along the mouth, y axis toward the chin). */
  cx: number;
  cy: number;
  ux: number;
  uy: number;
  /** Upper and lower inner lip contours from corner to corner, in mouth-frame coordinates. */
  upper: Float32Array;
  lower: Float32Array;
  /** Mouth width (corner to corner) and the largest gap, in pixels. */
  width: number;
  maxGap: number;
  /**
   * The source's own opening before the warp: its inner contours in its own mouth frame (the frame
   * of the unmoved face), and how much the lips were stretched sideways (x in the moved frame is
   * xScale times x in this one). The painter shows the source's own teeth and mouth from here where
   * the source mouth was open.
   */
  source: MouthSource;
}

/** A mouth as the source frame shows it (MouthOpening.source). */
export interface MouthSource {
  cx: number;
  cy: number;
  ux: number;
  uy: number;
  upper: Float32Array;
  lower: Float32Array;
  xScale: number;
}

export interface RigResult {
  mesh: WarpMesh;
  opening: MouthOpening;
}

interface Frame2 {
  cx: number;
  cy: number;
  ux: number;
  uy: number;
}

const toLocal = (f: Frame2, x: number, y: number): [number, number] => {
  const dx = x - f.cx;
  const dy = y - f.cy;
  return [dx * f.ux + dy * f.uy, -dx * f.uy + dy * f.ux];
};

/** Linear interpolation of ys over sorted xs, clamped at the ends. */
function interp(xs: readonly number[], ys: readonly number[], x: number): number {
  const n = xs.length;
  if (x <= xs[0]!) return ys[0]!;
  if (x >= xs[n - 1]!) return ys[n - 1]!;
  for (let i = 1; i < n; i++) {
    if (x <= xs[i]!) {
      const t = (x - xs[i - 1]!) / (xs[i]! - xs[i - 1]! || 1);
      return ys[i - 1]! + (ys[i]! - ys[i - 1]!) * t;
    }
  }
  return ys[n - 1]!;
}

const clamp = (v: number, lo: number, hi: number) => (v < lo ? lo : v > hi ? hi : v);

/** Mesh points the rig uses (each once), in a fixed order. */
const RIG_POINTS: readonly number[] = [
  ...new Set<number>([
    ...LIPS_UPPER_OUTER,
    ...LIPS_LOWER_OUTER,
    ...LIPS_UPPER_INNER,
    ...LIPS_LOWER_INNER,
    ...LOWER_FACE,
    ...FACE_OVAL,
    ...MID_FACE_ANCHORS,
    ...RIGHT_EYE.upper0,
    ...RIGHT_EYE.lower0,
    ...RIGHT_EYE.upper1,
    ...RIGHT_EYE.upper2,
    ...LEFT_EYE.upper0,
    ...LEFT_EYE.lower0,
    ...LEFT_EYE.upper1,
    ...LEFT_EYE.upper2,
    NOSE_TIP,
    BETWEEN_EYES,
  ]),
];

const LIP_POINTS = new Set<number>([
  ...LIPS_UPPER_OUTER,
  ...LIPS_LOWER_OUTER,
  ...LIPS_UPPER_INNER,
  ...LIPS_LOWER_INNER,
]);
const JAW_POINTS = new Set<number>([...LOWER_FACE, ...FACE_OVAL]);
const UPPER_LIP_POINTS = new Set<number>([...LIPS_UPPER_OUTER, ...LIPS_UPPER_INNER]);
/** Where each mesh point sits in the rig's point list. */
const RIG_INDEX = new Map<number, number>(RIG_POINTS.map((m, idx) => [m, idx]));

/** Points in every rig: the mesh points, two rings around the face and the neck anchors. */
const RIG_SIZE = RIG_POINTS.length + FACE_OVAL.length * 2 + 5;
const PAIRS = LIPS_UPPER_INNER.length;

/** Triangulations kept per builder: a looping video shows the same landmarks once per pass. */
const TRIANGULATION_CACHE_BYTES = 32 * 1024 * 1024;

/**
 * Buffers reused from frame to frame. A render builds a rig for every frame; fresh typed arrays and
 * a fresh triangulation each time made the garbage collector run several times a second.
 * Triangulations are remembered by their source points (up to TRIANGULATION_CACHE_BYTES): the
 * triangulation is a function of the points alone, so a looping video's later passes, and a
 * render after the pass that measured its region, reuse them exactly.
 * The result of `build` is valid until the next call.
 */
export class RigBuilder {
  private readonly src = new Float32Array(RIG_SIZE * 2);
  private readonly dst = new Float32Array(RIG_SIZE * 2);
  private readonly coords = new Float64Array(RIG_SIZE * 2);
  private readonly rigid = new Uint8Array(RIG_SIZE);
  private readonly upper = new Float32Array(PAIRS * 2);
  private readonly lower = new Float32Array(PAIRS * 2);
  private readonly sourceUpper = new Float32Array(PAIRS * 2);
  private readonly sourceLower = new Float32Array(PAIRS * 2);
  private readonly parted = new Float32Array(MESH_POINTS * 2);
  private delaunay: Delaunator<Float64Array> | null = null;
  private readonly known = new Map<number, { points: Float32Array; triangles: Uint32Array }[]>();
  private knownBytes = 0;
  private last: Uint32Array | null = null;

  build(input: RigInput): RigResult {
    return buildInto(input, this);
  }

  /** @internal */
  buffers() {
    return {
      src: this.src,
      dst: this.dst,
      rigid: this.rigid,
      upper: this.upper,
      lower: this.lower,
      sourceUpper: this.sourceUpper,
      sourceLower: this.sourceLower,
      parted: this.parted,
    };
  }

  /** @internal Triangulates the source positions (or finds them triangulated before). */
  triangulate(): Uint32Array {
    // A still picture gives the same source points every frame.
    if (this.last && samePoints(this.coords, this.src)) return this.last;
    this.coords.set(this.src);
    const key = hashPoints(this.src);
    const seen = this.known.get(key)?.find((k) => samePoints(k.points, this.src));
    if (seen) return (this.last = seen.triangles);
    if (this.delaunay) this.delaunay.update();
    else this.delaunay = new Delaunator(this.coords);
    constrainEdges(this.delaunay, LIP_EDGES);
    const triangles = this.delaunay.triangles.slice();
    const bytes = triangles.byteLength + this.src.byteLength;
    if (this.knownBytes + bytes <= TRIANGULATION_CACHE_BYTES) {
      const entry = { points: this.src.slice(), triangles };
      const list = this.known.get(key);
      if (list) list.push(entry);
      else this.known.set(key, [entry]);
      this.knownBytes += bytes;
    }
    return (this.last = triangles);
  }
}

/**
 * The lips' contours as edges of the rig (rig point indices): the inner contours bound the opening,
 * the outer ones the lips. A plain Delaunay triangulation of thin lips has triangles from one lip
 * across to the other, or from a lip into the skin beside it; when the mouth opens those stretch
 * pieces of lip and skin across the opening (seen at 1080p as skin-coloured wedges, a thinned upper
 * lip and notches in it). With these edges kept, every triangle lies wholly inside the opening
 * (which the painter covers), on one lip (which moves as one piece), or in the skin.
 */
const LIP_EDGES: readonly [number, number][] = [
  LIPS_UPPER_INNER,
  LIPS_LOWER_INNER,
  LIPS_UPPER_OUTER,
  LIPS_LOWER_OUTER,
].flatMap((contour) =>
  contour.slice(1).map((m, j): [number, number] => [RIG_INDEX.get(contour[j]!)!, RIG_INDEX.get(m)!]),
);

function samePoints(a: Float32Array | Float64Array, b: Float32Array): boolean {
  for (let i = 0; i < b.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** FNV-1a over the points' bits. */
function hashPoints(points: Float32Array): number {
  const bits = new Uint32Array(points.buffer, points.byteOffset, points.length);
  let h = 0x811c9dc5;
  for (let i = 0; i < bits.length; i++) h = Math.imul(h ^ bits[i]!, 0x01000193);
  return h >>> 0;
}

/** Builds the warp for one frame (one-off; renders use a RigBuilder). */
export function buildRig(input: RigInput): RigResult {
  return new RigBuilder().build(input);
}

/**
 * The smallest gap between the inner lips of a rig's source, as a share of the mouth's width (and at
 * least MIN_SEAM_PX). Closed lips are tracked with upper and lower inner points on the same pixel;
 * the triangulation drops a point that duplicates another, so the lower lip's inner edge would have
 * no vertices and opening the mouth would tear the lips into spikes. Parted this little, the lips
 * keep a seam of thin triangles between them, which the painted interior covers once they open.
 */
const MIN_SEAM_OF_WIDTH = 0.01;
const MIN_SEAM_PX = 0.5;

/**
 * `points` with every pair of inner-lip points at least the minimum seam apart (symmetrically, along
 * the line between them); `points` itself when all are. The copy goes into `scratch`.
 */
export function partedLips(points: Float32Array, scratch: Float32Array): Float32Array {
  const w = Math.hypot(
    points[MOUTH_CORNER_LEFT * 2]! - points[MOUTH_CORNER_RIGHT * 2]!,
    points[MOUTH_CORNER_LEFT * 2 + 1]! - points[MOUTH_CORNER_RIGHT * 2 + 1]!,
  );
  const seam = Math.max(MIN_SEAM_PX, MIN_SEAM_OF_WIDTH * w);
  // The mouth's "down": perpendicular to the line between the corners.
  const ux = (points[MOUTH_CORNER_LEFT * 2]! - points[MOUTH_CORNER_RIGHT * 2]!) / (w || 1);
  const uy = (points[MOUTH_CORNER_LEFT * 2 + 1]! - points[MOUTH_CORNER_RIGHT * 2 + 1]!) / (w || 1);
  let out = points;
  for (let j = 1; j < PAIRS - 1; j++) {
    const u = LIPS_UPPER_INNER[j]!;
    const l = LIPS_LOWER_INNER[j]!;
    const gap = -(points[l * 2]! - points[u * 2]!) * uy + (points[l * 2 + 1]! - points[u * 2 + 1]!) * ux;
    if (gap >= seam - 1e-3) continue; // float32 positions: a pair parted before reads a hair less
    if (out === points) {
      scratch.set(points);
      out = scratch;
    }
    const half = (seam - gap) / 2;
    // Down in the mouth's frame is (-uy, ux).
    out[u * 2] = out[u * 2]! + half * uy;
    out[u * 2 + 1] = out[u * 2 + 1]! - half * ux;
    out[l * 2] = out[l * 2]! - half * uy;
    out[l * 2 + 1] = out[l * 2 + 1]! + half * ux;
  }
  return out;
}

function buildInto(input: RigInput, builder: RigBuilder): RigResult {
  if (input.points.length !== MESH_POINTS * 2) throw new RangeError(`expected ${MESH_POINTS} landmarks`);
  const p = partedLips(input.points, builder.buffers().parted);
  const px = (i: number) => p[i * 2]!;
  const py = (i: number) => p[i * 2 + 1]!;

  // Mouth frame.
  const rx = px(MOUTH_CORNER_RIGHT);
  const ry = py(MOUTH_CORNER_RIGHT);
  const lx = px(MOUTH_CORNER_LEFT);
  const ly = py(MOUTH_CORNER_LEFT);
  const width = Math.hypot(lx - rx, ly - ry) || 1;
  const f: Frame2 = { cx: (rx + lx) / 2, cy: (ry + ly) / 2, ux: (lx - rx) / width, uy: (ly - ry) / width };
  const half = width / 2;
  const fromLocal = (x: number, y: number): [number, number] => [
    f.cx + x * f.ux - y * f.uy,
    f.cy + x * f.uy + y * f.ux,
  ];

  const pose = {
    open: clamp(input.pose.open, POSE_RANGE.open[0], POSE_RANGE.open[1]),
    wide: clamp(input.pose.wide, POSE_RANGE.wide[0], POSE_RANGE.wide[1]),
    round: clamp(input.pose.round, POSE_RANGE.round[0], POSE_RANGE.round[1]),
  };
  const eyeSpan = Math.hypot(
    px(LEFT_EYE.outer) - px(RIGHT_EYE.outer),
    py(LEFT_EYE.outer) - py(RIGHT_EYE.outer),
  );
  const maxGap = MAX_GAP_OF_WIDTH * Math.max(width, MIN_MOUTH_OF_EYES * eyeSpan);

  // Jaw hinge: level with the sides of the face at the ears (the two widest oval points).
  const hingeY = (toLocal(f, px(234), py(234))[1] + toLocal(f, px(454), py(454))[1]) / 2;
  const chinY = toLocal(f, px(CHIN), py(CHIN))[1];
  const jawSpan = Math.max(1, chinY - hingeY);
  const jawK = (y: number) => clamp((y - hingeY) / jawSpan, 0, 1.2);

  // Target gap of each inner-lip pair; pairs 0 and 10 are the shared corners.
  const n = LIPS_UPPER_INNER.length;
  const pairX: number[] = [];
  const upperDy: number[] = [];
  const lowerDy: number[] = [];
  let centreDelta = 0;
  const shapeHalf = half * (1 + SPREAD * pose.wide - GATHER * pose.round);
  // The inner corners, in the mouth frame (they sit inside the outer corners that set its width).
  const leftX = toLocal(f, px(LIPS_UPPER_INNER[0]), py(LIPS_UPPER_INNER[0]))[0];
  const rightX = toLocal(f, px(LIPS_UPPER_INNER[n - 1]!), py(LIPS_UPPER_INNER[n - 1]!))[0];
  for (let j = 0; j < n; j++) {
    const [ux, uy] = toLocal(f, px(LIPS_UPPER_INNER[j]!), py(LIPS_UPPER_INNER[j]!));
    const [, ly2] = toLocal(f, px(LIPS_LOWER_INNER[j]!), py(LIPS_LOWER_INNER[j]!));
    const x = ux;
    const r = clamp(Math.abs(x * (1 + SPREAD * pose.wide - GATHER * pose.round)) / shapeHalf, 0, 1);
    // Parabolic opening, squarer when rounded (an "oo" opening is more circular), narrowing to
    // the inner corners: the pairs next to them sit only a few pixels away, and opened as far as
    // the parabola says, the opening ended there in a blunt step.
    const corner = Math.abs(x < 0 === leftX < 0 ? leftX : rightX) || 1;
    const taper = clamp((1 - Math.abs(x) / corner) / CORNER_TAPER, 0, 1);
    const profile = ((1 - pose.round) * (1 - r * r) + pose.round * (1 - r * r * r * r)) * taper;
    const target = j === 0 || j === n - 1 ? 0 : pose.open * maxGap * profile;
    const delta = target - Math.max(0, ly2 - uy);
    pairX.push(x);
    upperDy.push(-(1 - LOWER_SHARE) * delta);
    lowerDy.push(LOWER_SHARE * delta);
    if (j === (n - 1) / 2) centreDelta = delta;
  }
  const cornerDy = CORNER_DROP * LOWER_SHARE * centreDelta;
  upperDy[0] = upperDy[n - 1] = cornerDy;
  lowerDy[0] = lowerDy[n - 1] = cornerDy;
  // Pairs must be sorted by x for interpolation; corners sit at the ends already.
  const order = pairX.map((x, i) => [x, i] as const).sort((a, b) => a[0] - b[0]);
  const sx = order.map((o) => o[0]);
  const sUp = order.map((o) => upperDy[o[1]]!);
  const sLow = order.map((o) => lowerDy[o[1]]!);

  // Jaw travel at the chin, chosen so the lower lip's centre lands where the lips open to.
  const lipCentreK = Math.max(
    0.2,
    jawK(toLocal(f, px(LIPS_LOWER_INNER[(n - 1) / 2]!), py(LIPS_LOWER_INNER[(n - 1) / 2]!))[1]),
  );
  const jawTravel = (LOWER_SHARE * centreDelta) / lipCentreK;
  const xStretch = SPREAD * pose.wide - GATHER * pose.round;

  const { src, dst, rigid, upper, lower, sourceUpper, sourceLower } = builder.buffers();
  let k = 0;
  const push = (sxv: number, syv: number, dxv: number, dyv: number, turns: boolean) => {
    rigid[k / 2] = turns ? 1 : 0;
    src[k] = sxv;
    src[k + 1] = syv;
    dst[k] = dxv;
    dst[k + 1] = dyv;
    k += 2;
  };

  // Eyelids: the upper lid margin slides down onto the lower one; the crease and fold follow less.
  const lidShift = new Map<number, number>();
  if (input.blink > 0.001) {
    for (const eye of [RIGHT_EYE, LEFT_EYE]) {
      const lowX = eye.lower0.map((i) => px(i));
      const lowY = eye.lower0.map((i) => py(i));
      const sortedLow = lowX.map((x, i) => [x, lowY[i]!] as const).sort((a, b) => a[0] - b[0]);
      const lx2 = sortedLow.map((s) => s[0]);
      const ly3 = sortedLow.map((s) => s[1]);
      eye.upper0.forEach((i, idx) => {
        const d = interp(lx2, ly3, px(i)) - py(i);
        const b = 0.96 * clamp(input.blink, 0, 1);
        lidShift.set(i, b * Math.max(0, d));
        const crease = eye.upper1[idx];
        if (crease !== undefined) lidShift.set(crease, 0.85 * b * Math.max(0, d));
        const fold = eye.upper2[idx];
        if (fold !== undefined) lidShift.set(fold, 0.45 * b * Math.max(0, d));
      });
    }
  }

  // Runs for every rig point of every frame: the mouth-frame transforms are written out here rather
  // than called (each call returned a fresh pair, a large share of a render's garbage).
  for (let r = 0; r < RIG_POINTS.length; r++) {
    const i = RIG_POINTS[r]!;
    const x0 = px(i);
    const y0 = py(i);
    const ox = x0 - f.cx;
    const oy = y0 - f.cy;
    const lxp = ox * f.ux + oy * f.uy;
    const lyp = -ox * f.uy + oy * f.ux;
    let ddx = 0;
    let ddy = 0;
    if (LIP_POINTS.has(i)) {
      ddy = UPPER_LIP_POINTS.has(i) ? interp(sx, sUp, lxp) : interp(sx, sLow, lxp);
      ddx = lxp * xStretch;
    } else if (JAW_POINTS.has(i)) {
      const k2 = jawK(lyp);
      ddy = jawTravel * k2;
      // Cheeks beside the mouth follow the corners sideways, fading with distance.
      const dr = (lxp - half) * (lxp - half) + lyp * lyp;
      const dl = (lxp + half) * (lxp + half) + lyp * lyp;
      ddx = lxp * xStretch * Math.exp(-Math.min(dr, dl) / (0.5 * width) ** 2);
    }
    const mx = lxp + ddx;
    const my = lyp + ddy;
    const lid = lidShift.get(i) ?? 0;
    push(x0, y0, f.cx + mx * f.ux - my * f.uy, f.cy + mx * f.uy + my * f.ux + lid, true);
  }

  // Synthetic anchors: a "hair" ring that moves with the head, an outer ring and the neck that stay.
  let ocx = 0;
  let ocy = 0;
  for (const i of FACE_OVAL) {
    ocx += px(i);
    ocy += py(i);
  }
  ocx /= FACE_OVAL.length;
  ocy /= FACE_OVAL.length;
  const faceH = Math.hypot(px(CHIN) - px(10), py(CHIN) - py(10)) || width * 3;
  for (const i of FACE_OVAL) {
    const hx = ocx + (px(i) - ocx) * 1.45;
    const hy = ocy + (py(i) - ocy) * 1.45;
    // Below the mouth the ring stays put with the neck, and leaves the jaw room to move.
    push(hx, hy, hx, hy, toLocal(f, hx, hy)[1] <= 0);
  }
  for (const i of FACE_OVAL) {
    const ax = ocx + (px(i) - ocx) * 2.2;
    const ay = ocy + (py(i) - ocy) * 2.2;
    push(ax, ay, ax, ay, false);
  }
  for (const [nx, ny] of [
    [0, 0.45],
    [-0.3, 0.4],
    [0.3, 0.4],
    [-0.5, 0.3],
    [0.5, 0.3],
  ] as const) {
    const [ax, ay] = fromLocal(nx * faceH, chinY + ny * faceH);
    push(ax, ay, ax, ay, false);
  }
  if (k !== RIG_SIZE * 2) throw new Error(`rig has ${k / 2} points, expected ${RIG_SIZE}`);

  // Head motion: a rigid turn about the neck, applied to the face and the upper hair ring.
  if (input.head && (input.head.angle !== 0 || input.head.dx !== 0 || input.head.dy !== 0)) {
    const [pvx, pvy] = fromLocal(0, chinY + 0.3 * faceH);
    const c = Math.cos(input.head.angle);
    const sn = Math.sin(input.head.angle);
    for (let v = 0; v < RIG_SIZE; v++) {
      if (!rigid[v]) continue;
      const x = dst[v * 2]! - pvx;
      const y = dst[v * 2 + 1]! - pvy;
      dst[v * 2] = pvx + x * c - y * sn + input.head.dx;
      dst[v * 2 + 1] = pvy + x * sn + y * c + input.head.dy;
    }
  }

  // Triangulated over the source positions: the warp then keeps every triangle's orientation as
  // long as no point crosses a neighbour, so a closing eyelid collapses the eye's triangles instead
  // of folding over them.
  const triangles = builder.triangulate();

  // Inner contours before and after the warp, in the mouth frame, for the painter.
  for (let j = 0; j < n; j++) {
    const [sux, suy] = toLocal(f, px(LIPS_UPPER_INNER[j]!), py(LIPS_UPPER_INNER[j]!));
    const [slx, sly] = toLocal(f, px(LIPS_LOWER_INNER[j]!), py(LIPS_LOWER_INNER[j]!));
    sourceUpper[j * 2] = sux;
    sourceUpper[j * 2 + 1] = suy;
    sourceLower[j * 2] = slx;
    sourceLower[j * 2 + 1] = sly;
    const ui = RIG_INDEX.get(LIPS_UPPER_INNER[j]!)!;
    const li = RIG_INDEX.get(LIPS_LOWER_INNER[j]!)!;
    const [ax, ay] = toLocal(f, dst[ui * 2]!, dst[ui * 2 + 1]!);
    const [bx, by] = toLocal(f, dst[li * 2]!, dst[li * 2 + 1]!);
    upper[j * 2] = ax;
    upper[j * 2 + 1] = ay;
    lower[j * 2] = bx;
    lower[j * 2 + 1] = by;
  }

  // The mouth frame moves with the head too.
  let cx = f.cx;
  let cy = f.cy;
  let ux = f.ux;
  let uy = f.uy;
  if (input.head && (input.head.angle !== 0 || input.head.dx !== 0 || input.head.dy !== 0)) {
    const [pvx, pvy] = fromLocal(0, chinY + 0.3 * faceH);
    const c = Math.cos(input.head.angle);
    const sn = Math.sin(input.head.angle);
    const x = cx - pvx;
    const y = cy - pvy;
    cx = pvx + x * c - y * sn + input.head.dx;
    cy = pvy + x * sn + y * c + input.head.dy;
    [ux, uy] = [f.ux * c - f.uy * sn, f.ux * sn + f.uy * c];
  }

  return {
    mesh: { src, dst, triangles },
    opening: {
      cx,
      cy,
      ux,
      uy,
      upper,
      lower,
      width,
      maxGap,
      source: {
        cx: f.cx,
        cy: f.cy,
        ux: f.ux,
        uy: f.uy,
        upper: sourceUpper,
        lower: sourceLower,
        xScale: 1 + xStretch,
      },
    },
  };
}
