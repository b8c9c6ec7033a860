import Delaunator from 'delaunator';
import type { HeadMotion } from './rig.js';
import type { WarpMesh } from './warp.js';

/**
 * Head motion for a drawn face: a disc around the head turns rigidly about the neck, a wider ring
 * stays where it is, and the band between them stretches smoothly. The points and their
 * triangulation never change, so they are laid out once; each frame only moves the inner points.
 */
export class HeadRig {
  private readonly src: Float32Array;
  private readonly dst: Float32Array;
  private readonly triangles: Uint32Array;
  /** Points 0..moving-1 turn with the head; the rest stay. */
  private readonly moving: number;

  constructor(
    private readonly head: { cx: number; cy: number; radius: number; pivotX: number; pivotY: number },
  ) {
    const inner = 20;
    const outer = 24;
    const pts: number[] = [head.cx, head.cy];
    for (let k = 0; k < inner; k++) {
      const a = (2 * Math.PI * k) / inner;
      pts.push(head.cx + 1.15 * head.radius * Math.cos(a), head.cy + 1.15 * head.radius * Math.sin(a));
    }
    for (let k = 0; k < outer; k++) {
      const a = (2 * Math.PI * (k + 0.5)) / outer;
      pts.push(head.cx + 1.9 * head.radius * Math.cos(a), head.cy + 1.9 * head.radius * Math.sin(a));
    }
    this.moving = 1 + inner;
    this.src = Float32Array.from(pts);
    this.dst = Float32Array.from(pts);
    this.triangles = new Delaunator(this.src).triangles;
  }

  /** The warp for one frame's motion (valid until the next call). */
  mesh(motion: HeadMotion): WarpMesh {
    const { src, dst, head } = this;
    const c = Math.cos(motion.angle);
    const s = Math.sin(motion.angle);
    for (let i = 0; i < this.moving; i++) {
      const dx = src[i * 2]! - head.pivotX;
      const dy = src[i * 2 + 1]! - head.pivotY;
      dst[i * 2] = head.pivotX + dx * c - dy * s + motion.dx;
      dst[i * 2 + 1] = head.pivotY + dx * s + dy * c + motion.dy;
    }
    return { src, dst, triangles: this.triangles };
  }
}
