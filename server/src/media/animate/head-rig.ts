import Delaunator from 'delaunator';
import type { HeadMotion } from './rig.js';
import type { WarpMesh } from './warp.js';

/**
 * Head motion for a drawn face: a disc around the head turns rigidly about the neck, a wider ring
 * stays where it is, and the band between them stretches smoothly. Pure geometry.
 */
export function buildHeadRig(
  head: { cx: number; cy: number; radius: number; pivotX: number; pivotY: number },
  motion: HeadMotion,
): WarpMesh {
  const inner = 20;
  const outer = 24;
  const n = 1 + inner + outer;
  const src = new Float32Array(n * 2);
  const dst = new Float32Array(n * 2);
  const c = Math.cos(motion.angle);
  const s = Math.sin(motion.angle);
  const move = (i: number, x: number, y: number) => {
    src[i * 2] = x;
    src[i * 2 + 1] = y;
    const dx = x - head.pivotX;
    const dy = y - head.pivotY;
    dst[i * 2] = head.pivotX + dx * c - dy * s + motion.dx;
    dst[i * 2 + 1] = head.pivotY + dx * s + dy * c + motion.dy;
  };
  const stay = (i: number, x: number, y: number) => {
    src[i * 2] = dst[i * 2] = x;
    src[i * 2 + 1] = dst[i * 2 + 1] = y;
  };
  move(0, head.cx, head.cy);
  for (let k = 0; k < inner; k++) {
    const a = (2 * Math.PI * k) / inner;
    move(1 + k, head.cx + 1.15 * head.radius * Math.cos(a), head.cy + 1.15 * head.radius * Math.sin(a));
  }
  for (let k = 0; k < outer; k++) {
    const a = (2 * Math.PI * (k + 0.5)) / outer;
    stay(1 + inner + k, head.cx + 1.9 * head.radius * Math.cos(a), head.cy + 1.9 * head.radius * Math.sin(a));
  }
  return { src, dst, triangles: new Delaunator(src).triangles };
}
