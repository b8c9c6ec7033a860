import { planes, type Plane } from './frame.js';
import type { FrameAnimator } from './frame-stream.js';
import { HeadRig } from './head-rig.js';
import type { HeadTrack } from './idle-motion.js';
import { drawSprite, type Sprite } from './sprite.js';
import type { MouthPose, MouthTimeline } from './timeline/types.js';
import { warpFrameInPlace } from './warp.js';

/**
 * Animates an illustrated character: its mouth is drawn for each frame's pose from ready-made
 * sprites (no warping of a photo), its eyelids close on blinks, and the head sways by a rigid turn
 * about the neck. Sprites and positions are in frame pixels.
 */

export interface PlacedSprite {
  sprite: Sprite;
  x: number;
  y: number;
}

export interface DrawnFace {
  /** The mouth drawn for a pose. */
  mouth(pose: MouthPose): PlacedSprite;
  /** Both eyelids at a closure 0..1; null when the eyes are open. */
  lids(closure: number): PlacedSprite | null;
  head: { cx: number; cy: number; radius: number; pivotX: number; pivotY: number };
  /** Face height in frame pixels, the unit of head shifts. */
  faceHeight: number;
}

export interface DrawnAnimation {
  width: number;
  height: number;
  face: DrawnFace;
  mouth: MouthTimeline;
  blink: Float32Array | null;
  head: HeadTrack | null;
}

export class DrawnAnimator implements FrameAnimator {
  readonly stats = { animated: 0, passed: 0 };
  private readonly scratch: [Plane, Plane, Plane];
  private readonly headRig: HeadRig;

  constructor(private readonly a: DrawnAnimation) {
    this.headRig = new HeadRig(a.face.head);
    this.scratch = planes({
      width: a.width,
      height: a.height,
      data: new Uint8Array(a.width * a.height * 1.5),
    });
  }

  render(index: number, frame: Uint8Array): void {
    const a = this.a;
    const out = planes({ width: a.width, height: a.height, data: frame });
    const i = Math.min(index, a.mouth.open.length - 1);
    const pose =
      i >= 0
        ? { open: a.mouth.open[i]!, wide: a.mouth.wide[i]!, round: a.mouth.round[i]! }
        : { open: 0, wide: 0, round: 0 };
    const m = a.face.mouth(pose);
    drawSprite(out, m.sprite, m.x, m.y);
    const lids = a.blink ? a.face.lids(a.blink[index] ?? 0) : null;
    if (lids) drawSprite(out, lids.sprite, lids.x, lids.y);
    if (a.head) {
      const h = a.face.faceHeight;
      const mesh = this.headRig.mesh({
        angle: a.head.angle[index] ?? 0,
        dx: (a.head.dx[index] ?? 0) * h,
        dy: (a.head.dy[index] ?? 0) * h,
      });
      warpFrameInPlace(out, this.scratch, mesh);
    }
    this.stats.animated++;
  }
}
