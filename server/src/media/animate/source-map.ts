import type { VideoLoopPlan } from '../compose/avatar-filters.js';

/**
 * Where each output frame comes from: which moment(s) of the avatar's source video it shows, and
 * how source pixels map into the avatar's box. Pure.
 */

/** One or two source moments; with two, the frame is a cross-fade and `mix` is the second's weight. */
export interface SourceMoment {
  a: number;
  b: number | null;
  mix: number;
}

/**
 * The source time(s) shown at output time `t` for a loop plan (see compose/avatar-filters.ts for
 * the loop's construction): played once from startSec; a plain loop; or a loop whose seam is a
 * cross-fade of the clip's tail over its head.
 */
export function sourceMomentAt(plan: VideoLoopPlan, t: number): SourceMoment {
  const s = plan.startSec;
  const A = plan.availableSec;
  if (plan.mode === 'once') return { a: s + Math.min(t, A), b: null, mix: 0 };
  if (plan.mode === 'cut') return { a: s + (A > 0 ? t % A : 0), b: null, mix: 0 };
  const X = plan.crossfadeSec;
  if (t < X) return { a: s + t, b: null, mix: 0 };
  const unit = A - X;
  const u = (t - X) % unit;
  const body = A - 2 * X;
  if (u < body) return { a: s + X + u, b: null, mix: 0 };
  const k = u - body;
  return { a: s + A - X + k, b: s + k, mix: X > 0 ? k / X : 1 };
}

/** Maps source pixels into the box: scale to cover the box, then crop the middle (as coverFit does). */
export interface PixelTransform {
  scaleX: number;
  scaleY: number;
  offsetX: number;
  offsetY: number;
}

/**
 * The transform of ffmpeg's `scale=W:H:force_original_aspect_ratio=increase,crop=W:H`: the scaled
 * size is rounded to whole pixels (even, as the scaler does for yuv420p), the crop is centred.
 */
export function coverFitTransform(
  source: { width: number; height: number },
  box: { width: number; height: number },
): PixelTransform {
  const k = Math.max(box.width / source.width, box.height / source.height);
  const even = (v: number) => Math.max(box.width > 0 ? 2 : 0, Math.round(v / 2) * 2);
  const sw = Math.max(box.width, even(source.width * k));
  const sh = Math.max(box.height, even(source.height * k));
  return {
    scaleX: sw / source.width,
    scaleY: sh / source.height,
    offsetX: 0 - Math.floor((sw - box.width) / 2) || 0,
    offsetY: 0 - Math.floor((sh - box.height) / 2) || 0,
  };
}

/** Applies a transform to 468 × (x, y) points, into `out`. */
export function transformPoints(points: Float32Array, t: PixelTransform, out: Float32Array): Float32Array {
  for (let k = 0; k < points.length; k += 2) {
    out[k] = points[k]! * t.scaleX + t.offsetX;
    out[k + 1] = points[k + 1]! * t.scaleY + t.offsetY;
  }
  return out;
}
