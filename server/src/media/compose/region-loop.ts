import type { VideoLoopPlan } from './avatar-filters.js';

/**
 * How a video avatar fills the render when ffmpeg itself plays, loops and cross-fades it (the
 * region-only pipeline): a list of segments of whole frames. Pure.
 *
 * Material frame `i` is frame i of the clip decoded from the loop's start (fitted to the box at the
 * output rate). The first pass plays material [0, m−x); every seam cross-fades the tail [m−x, m)
 * with the head [0, x); every later pass plays [x, m−x). The last segment is cut to the render's
 * frame count. This is the order `sourceMomentAt` describes, in frames.
 */

export type RegionSegment =
  /** Material frames [from, from + frames). */
  | { kind: 'body'; from: number; frames: number }
  /** The first `frames` frames of the seam: tail [m−x+k] faded into head [k], k = 0… */
  | { kind: 'seam'; frames: number };

export interface RegionLoop {
  /** The loop plan with its material cut to whole frames (what every consumer must use). */
  loop: VideoLoopPlan;
  /** Material frames (m) and cross-fade frames (x; 0 without a cross-fade). */
  materialFrames: number;
  fadeFrames: number;
  segments: RegionSegment[];
}

/**
 * With one input per pass (a loop that starts past the clip's start), more passes than this open
 * too many decoders at once: such renders keep the full-frame pipeline. A loop decoded by the
 * concat demuxer (concat-loop.ts) has no such bound.
 */
export const MAX_REGION_PASSES = 16;
/**
 * Frames of material left unused at the clip's end. The decoder's count follows the clip's
 * timestamps and may round the length planned from its duration down by a frame or two; ffmpeg
 * then cannot hold a last picture the way the full-frame pipeline does, so the plan never asks for
 * those frames.
 */
export const END_MARGIN_FRAMES = 2;

/**
 * The segments for `total` output frames, or null when the render should keep the full-frame
 * pipeline: a plain-cut loop that is not seamless, more than `maxPasses` passes, or material that
 * only just covers the render when played once. A seamless cut's material is its whole frames, no
 * margin taken: the clip's decoder was seen to give them all (loop-cut.ts).
 */
export function planRegionLoop(
  loop: VideoLoopPlan,
  fps: number,
  total: number,
  maxPasses = MAX_REGION_PASSES,
): RegionLoop | null {
  const available = Math.floor(loop.availableSec * fps + 1e-6);
  const m = loop.seamless ? available : available - END_MARGIN_FRAMES;
  if (total < 1 || m < 1) return null;
  if (loop.mode === 'once') {
    if (m < total) return null;
    return {
      loop,
      materialFrames: m,
      fadeFrames: 0,
      segments: [{ kind: 'body', from: 0, frames: total }],
    };
  }
  const segments: RegionSegment[] = [];
  let left = total;
  const push = (s: RegionSegment) => {
    segments.push(s);
    left -= s.frames;
  };
  if (loop.mode === 'cut' && loop.seamless) {
    // Every pass plays the material from its first frame; nothing is blended.
    for (let passes = 1; left > 0; passes++) {
      if (passes > maxPasses) return null;
      push({ kind: 'body', from: 0, frames: Math.min(left, m) });
    }
    return { loop: { ...loop, availableSec: m / fps }, materialFrames: m, fadeFrames: 0, segments };
  }
  if (loop.mode !== 'crossfade') return null;
  const x = Math.round(loop.crossfadeSec * fps);
  if (x < 1 || m - 2 * x < 1) return null;
  push({ kind: 'body', from: 0, frames: Math.min(left, m - x) });
  let passes = 1;
  while (left > 0) {
    push({ kind: 'seam', frames: Math.min(left, x) });
    if (left <= 0) break;
    push({ kind: 'body', from: x, frames: Math.min(left, m - 2 * x) });
    if (++passes > maxPasses) return null;
  }
  return {
    loop: { ...loop, availableSec: m / fps, crossfadeSec: x / fps },
    materialFrames: m,
    fadeFrames: x,
    segments,
  };
}

/** Whether the plan plays its material more than once (a loop), so the material is read again. */
export function revisitsMaterial(plan: RegionLoop): boolean {
  return plan.loop.mode !== 'once';
}

/** Output frames the plan covers (the render's frame count). */
export function regionFrameCount(plan: RegionLoop): number {
  return plan.segments.reduce((n, g) => n + g.frames, 0);
}

/**
 * The passes as the final encode decodes them: each plays on through its tail (the seam's head is
 * laid over it), so a pass is a body and the seam after it, as one run of material frames.
 */
export function regionPasses(plan: RegionLoop): { from: number; frames: number }[] {
  const passes: { from: number; frames: number }[] = [];
  for (const g of plan.segments) {
    if (g.kind === 'body') passes.push({ from: g.from, frames: g.frames });
    else passes[passes.length - 1]!.frames += g.frames;
  }
  return passes;
}

/** What output frame `index` shows: a material frame, or seam step k (tail m−x+k over head k). */
export type RegionStep = { kind: 'material'; index: number } | { kind: 'seam'; k: number };

/** The steps of every output frame in order. */
export function* regionSteps(plan: RegionLoop): Generator<RegionStep> {
  for (const s of plan.segments) {
    for (let j = 0; j < s.frames; j++) {
      yield s.kind === 'body' ? { kind: 'material', index: s.from + j } : { kind: 'seam', k: j };
    }
  }
}

/**
 * The cross-fade's weight at seam step k, in ffmpeg's own arithmetic, so the patch blends its crop
 * exactly as the frame around it is blended: `fade=in:0:x:alpha=1` turns an opaque alpha of 255
 * into `(255·k·⌊65536/x⌋ + 32768) >> 16`, and `overlay` mixes with it (seamBlend).
 */
export function seamAlpha(k: number, x: number): number {
  const factor = Math.min(65535, k * Math.floor(65536 / x));
  return (255 * factor + 32768) >> 16;
}

/** `overlay`'s blend of an alpha picture over an opaque one: (d·(255−a) + s·a) / 255, rounded as ffmpeg does. */
export function seamBlend(tail: Uint8Array, head: Uint8Array, alpha: number, out: Uint8Array): void {
  const keep = 255 - alpha;
  for (let i = 0; i < out.length; i++) {
    out[i] = ((tail[i]! * keep + head[i]! * alpha + 128) * 257) >> 16;
  }
}
