import { LIPS_LOWER_OUTER, LIPS_UPPER_OUTER } from '../face/landmarks.js';
import { faceHeight } from '../face/track.js';
import { planes, type Plane } from './frame.js';
import type { HeadTrack } from './idle-motion.js';
import { chromaScaleOfLips, paintMouth } from './mouth-paint.js';
import { RigBuilder, type HeadMotion, type RigResult } from './rig.js';
import type { MouthTimeline } from './timeline/types.js';
import { fineCovers, fineLuma, type FineLuma } from './fine-luma.js';
import {
  copyBox,
  joinBounds,
  movedBox,
  sourceBox,
  warpFrame,
  warpFrameInPlace,
  type PixelBounds,
} from './warp.js';
import type { FrameAnimator } from './frame-stream.js';

/**
 * Animates one face frame by frame: reads the landmarks for the frame, builds the rig for the
 * mouth pose, blink and head motion of that frame, warps the planes and paints the mouth's inside.
 * Works in place on yuv420p frames; only the region that moves is read and written.
 */

export interface FaceAnimation {
  fps: number;
  width: number;
  height: number;
  /** Landmarks in frame pixels for output frame `index`; null when the frame shows no face. */
  landmarksAt(index: number): Float32Array | null;
  mouth: MouthTimeline;
  /** Lid closure per frame; null = leave the eyes as they are (video avatars blink themselves). */
  blink: Float32Array | null;
  /** Head motion per frame (dx, dy as shares of the face height); null = none. */
  head: HeadTrack | null;
}

export interface FrameStats {
  /** Frames that had a face and were animated. */
  animated: number;
  /** Frames passed through unchanged (no face near). */
  passed: number;
}

const LIP_SAMPLES = [...LIPS_UPPER_OUTER.slice(2, 9), ...LIPS_LOWER_OUTER.slice(2, 9)];

/** Moves a rig built in frame pixels by (dx, dy) (its points and the mouth opening). */
function shiftRig(rig: RigResult, dx: number, dy: number): void {
  for (const p of [rig.mesh.src, rig.mesh.dst]) {
    for (let k = 0; k < p.length; k += 2) {
      p[k] = p[k]! + dx;
      p[k + 1] = p[k + 1]! + dy;
    }
  }
  rig.opening.cx += dx;
  rig.opening.cy += dy;
  rig.opening.source.cx += dx;
  rig.opening.source.cy += dy;
}

/** The box (frame pixels) of the source's mouth opening, where the painter reads its own inside. */
function sourceMouthBox(rig: RigResult): PixelBounds {
  const m = rig.opening.source;
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const c of [m.upper, m.lower]) {
    for (let i = 0; i + 1 < c.length; i += 2) {
      const x = m.cx + c[i]! * m.ux - c[i + 1]! * m.uy;
      const y = m.cy + c[i]! * m.uy + c[i + 1]! * m.ux;
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x);
      y1 = Math.max(y1, y);
    }
  }
  return { x0, y0, x1, y1 };
}

/**
 * Mean luma at the lips (a pixel inside each outer lip point toward the mouth centre), and the mean
 * distance of their chroma from grey; the planes cover the frame from (ox, oy).
 */
function lipColours(
  [y, u, v]: [Plane, Plane, Plane],
  pts: Float32Array,
  ox = 0,
  oy = 0,
): { luma: number; chroma: number } {
  let cx = 0;
  let cy = 0;
  for (const i of LIP_SAMPLES) {
    cx += pts[i * 2]!;
    cy += pts[i * 2 + 1]!;
  }
  cx /= LIP_SAMPLES.length;
  cy /= LIP_SAMPLES.length;
  let sum = 0;
  let chroma = 0;
  let n = 0;
  for (const i of LIP_SAMPLES) {
    const x = Math.round(pts[i * 2]! * 0.75 + cx * 0.25) - ox;
    const yy = Math.round(pts[i * 2 + 1]! * 0.75 + cy * 0.25) - oy;
    if (x < 0 || yy < 0 || x >= y.width || yy >= y.height) continue;
    sum += y.data[yy * y.width + x]!;
    const c = Math.min(u.height - 1, yy >> 1) * u.width + Math.min(u.width - 1, x >> 1);
    chroma += Math.hypot(u.data[c]! - 128, v.data[c]! - 128);
    n++;
  }
  return n ? { luma: sum / n, chroma: chroma / n } : { luma: 100, chroma: Infinity }; // lips out of the frame: ordinary colours;
}

/** A part of the frame, in frame pixels. */
export interface FrameRegion {
  x: number;
  y: number;
  width: number;
  height: number;
}

export class FaceAnimator implements FrameAnimator {
  readonly stats: FrameStats = { animated: 0, passed: 0 };
  private readonly scratch: [Plane, Plane, Plane];
  /** What `render` receives: the whole frame, or the region of it that forRegion names. */
  private readonly area: FrameRegion;
  /** The still picture `render` was last given as `base`, with its luma's quarter-pixel grid. */
  private still: { base: Uint8Array; fine: FineLuma } | null = null;

  constructor(
    private readonly anim: FaceAnimation,
    region?: FrameRegion,
    private readonly rig = new RigBuilder(),
  ) {
    this.area = region ?? { x: 0, y: 0, width: anim.width, height: anim.height };
    const { width: w, height: h } = this.area;
    this.scratch = planes({ width: w, height: h, data: new Uint8Array(w * h * 1.5) });
  }

  /** The warp of frame `index` for its landmarks `pts` (valid until the next call). */
  private rigAt(index: number, pts: Float32Array): RigResult {
    const a = this.anim;
    const head: HeadMotion | null = a.head
      ? {
          angle: a.head.angle[index] ?? 0,
          dx: (a.head.dx[index] ?? 0) * faceHeight(pts),
          dy: (a.head.dy[index] ?? 0) * faceHeight(pts),
        }
      : null;
    const i = Math.min(index, a.mouth.open.length - 1);
    return this.rig.build({
      points: pts,
      pose: {
        open: i >= 0 ? a.mouth.open[i]! : 0,
        wide: i >= 0 ? a.mouth.wide[i]! : 0,
        round: i >= 0 ? a.mouth.round[i]! : 0,
      },
      blink: a.blink?.[index] ?? 0,
      head,
    });
  }

  /**
   * Every pixel that frames [0, frames) write or sample: the union of the moved triangles' boxes,
   * at their source and destination (the mouth's painted inside lies within them). Null when no
   * frame moves anything.
   */
  movedBounds(frames: number): PixelBounds | null {
    let box: PixelBounds | null = null;
    for (let index = 0; index < frames; index++) {
      const pts = this.anim.landmarksAt(index);
      if (!pts) continue;
      box = joinBounds(box, movedBox(this.rigAt(index, pts).mesh));
    }
    return box;
  }

  /**
   * The same animation, rendered on `region` of the frame alone (frames passed to `render` are
   * that region). It shares this animator's rig builder, so triangulations found by movedBounds are
   * reused.
   */
  forRegion(region: FrameRegion): FaceAnimator {
    return new FaceAnimator(this.anim, region, this.rig);
  }

  /**
   * Animates frame `index`. `frame` holds the source picture and receives the result. When `base`
   * is given, it is the untouched source (a still picture reused for every frame) and `frame` must
   * already be a copy of it.
   */
  render(index: number, frame: Uint8Array, base?: Uint8Array): void {
    const a = this.anim;
    const pts = a.landmarksAt(index);
    if (!pts) {
      this.stats.passed++;
      return;
    }
    const rig = this.rigAt(index, pts);
    const { x: ox, y: oy, width: w, height: h } = this.area;
    if (ox !== 0 || oy !== 0) shiftRig(rig, -ox, -oy);
    const out = planes({ width: w, height: h, data: frame });
    // The lips' colours are read before the warp moves them (the frame still holds the source).
    const lips = lipColours(out, pts, ox, oy);
    let source: [Plane, Plane, Plane];
    if (base) {
      source = planes({ width: w, height: h, data: base });
      // The grid covers what this rig's mesh reads: a face's disc, not the whole picture.
      const box = sourceBox(rig.mesh);
      if (this.still?.base !== base || !fineCovers(this.still.fine, box, source[0]))
        this.still = { base, fine: fineLuma(source[0], box) };
      warpFrame(source, out, rig.mesh, this.still.fine);
    } else {
      // The warp copies to scratch only what moves; the painter also reads the source's mouth.
      copyBox(out, this.scratch, sourceMouthBox(rig));
      warpFrameInPlace(out, this.scratch, rig.mesh);
      source = this.scratch;
    }
    paintMouth(out, rig.opening, { lipLuma: lips.luma, chroma: chromaScaleOfLips(lips.chroma) }, source);
    this.stats.animated++;
  }
}
