import type { Plane } from '../../src/media/animate/frame.js';

/**
 * The Catmull-Rom cubic of `p` at (u, v), pixel centres at integers, taps past an edge repeating
 * the edge pixel, rounded to a level: the reference the luma warp and its quarter-pixel grid are
 * checked against, written plainly (16 taps, no shortcuts).
 */
export function cubicAt(p: Plane, u: number, v: number): number {
  const weights = (t: number) => [
    ((-0.5 * t + 1) * t - 0.5) * t,
    (1.5 * t - 2.5) * t * t + 1,
    ((-1.5 * t + 2) * t + 0.5) * t,
    (0.5 * t - 0.5) * t * t,
  ];
  const ix = Math.floor(u);
  const iy = Math.floor(v);
  const ax = weights(u - ix);
  const ay = weights(v - iy);
  const at = (x: number, y: number) =>
    p.data[Math.min(p.height - 1, Math.max(0, y)) * p.width + Math.min(p.width - 1, Math.max(0, x))]!;
  let acc = 0;
  for (let j = 0; j < 4; j++) for (let k = 0; k < 4; k++) acc += ay[j]! * ax[k]! * at(ix - 1 + k, iy - 1 + j);
  return Math.min(255, Math.max(0, Math.round(acc)));
}
