/**
 * Seam-free loops: where a video avatar's clip comes back to its own start. Pure.
 *
 * A clip shorter than its speech is looped. Where no frame of it matches its first frame the seam
 * is cross-faded (avatar-filters.ts), which shows both poses at once for half a second and gives
 * the encoder blended frames to code at every seam. Many avatar clips are made to loop, though (a
 * presenter asked to end in the pose they started in, an idle sway, a generated clip): for those a
 * plain cut back to the start at the right frame shows no seam at all, and costs nothing.
 *
 * The clip is compared on small grey thumbnails of every frame at the renders' rate (the same
 * `setpts,fps` chain as the renders, so frame i here is material frame i there). Cutting after
 * frame L−1 shows frame 0 where frame L would have come; the cut is seamless when frames L, L+1,
 * L+2 look like frames 0, 1, 2 (which also checks that the motion goes on the same way, not back),
 * within half of the clip's own median step from one frame to the next (or a floor for clips that
 * barely move). Distances are the largest mean difference over blocks of the thumbnail, so a blink
 * or a hand that differs counts even when the rest of the frame matches.
 */

/** Thumbnail side, pixels (grey, the frame squeezed to a square). */
export const THUMB_SIDE = 64;
const BLOCK = 8;
/** Frames compared after the cut: L+j against j for j < MATCH_FRAMES. */
export const MATCH_FRAMES = 3;
/** A cut must keep at least this share of the clip, and this many seconds. */
const MIN_SHARE = 0.5;
const MIN_SEC = 2;
/** Accepted distance: this share of the median step, and never less than FLOOR grey levels. */
const STEP_SHARE = 0.5;
const FLOOR = 1;

/**
 * The distance between two thumbnails (THUMB_SIDE² grey bytes): the largest mean absolute
 * difference over its BLOCK×BLOCK blocks, in grey levels.
 */
export function thumbDistance(a: Uint8Array, b: Uint8Array): number {
  let worst = 0;
  for (let by = 0; by < THUMB_SIDE; by += BLOCK) {
    for (let bx = 0; bx < THUMB_SIDE; bx += BLOCK) {
      let sum = 0;
      for (let y = by; y < by + BLOCK; y++) {
        const row = y * THUMB_SIDE;
        for (let x = bx; x < bx + BLOCK; x++) sum += Math.abs(a[row + x]! - b[row + x]!);
      }
      if (sum > worst) worst = sum;
    }
  }
  return worst / (BLOCK * BLOCK);
}

/**
 * Measures a clip's thumbnails as they are decoded, keeping only the first MATCH_FRAMES and the
 * previous one: memory does not grow with the clip beyond two numbers per frame.
 */
export class LoopCutMeter {
  private readonly heads: Uint8Array[] = [];
  private previous: Uint8Array | null = null;
  private readonly steps: number[] = [];
  /** cost[L]: the largest distance of frame L+j from frame j seen so far. */
  private readonly cost: number[] = [];
  private count = 0;

  /** The next frame's thumbnail (copied where kept). */
  push(frame: Uint8Array): void {
    if (frame.length !== THUMB_SIDE * THUMB_SIDE) {
      throw new RangeError(`a thumbnail has ${THUMB_SIDE * THUMB_SIDE} bytes, not ${frame.length}`);
    }
    const i = this.count++;
    if (this.previous) this.steps.push(thumbDistance(this.previous, frame));
    // Frame i is frame L+j of the cut after L = i−j (L ≥ 1: frame 0 itself is no cut).
    for (let j = 0; j < this.heads.length && j < i; j++) {
      const L = i - j;
      const d = thumbDistance(frame, this.heads[j]!);
      this.cost[L] = Math.max(this.cost[L] ?? 0, d);
    }
    const copy = Uint8Array.from(frame);
    if (this.heads.length < MATCH_FRAMES) this.heads.push(copy);
    this.previous = copy;
  }

  /** What was measured, for chooseLoopCut. */
  measures(): LoopCutMeasures {
    return { frames: this.count, steps: this.steps.slice(), cost: this.cost.slice() };
  }
}

export interface LoopCutMeasures {
  /** Frames decoded. */
  frames: number;
  /** Distance from each frame to the next (frames − 1 of them). */
  steps: number[];
  /** cost[L] for a cut after frame L−1 (entries below 1 unused). */
  cost: number[];
}

/**
 * The seamless cut: the most frames L of material, at most `maxFrames`, after which the clip can
 * start again with no visible seam; null when there is none (the loop keeps its cross-fade).
 */
export function chooseLoopCut(m: LoopCutMeasures, fps: number, maxFrames: number): number | null {
  if (m.steps.length === 0) return null;
  const sorted = m.steps.slice().sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  const limit = Math.max(FLOOR, STEP_SHARE * median);
  // Every one of L's MATCH_FRAMES comparisons must have been made: frame L+MATCH_FRAMES−1 decoded.
  const highest = Math.min(maxFrames, m.frames - MATCH_FRAMES);
  const lowest = Math.max(1, Math.ceil(MIN_SEC * fps), Math.ceil(MIN_SHARE * m.frames));
  for (let L = highest; L >= lowest; L--) {
    const c = m.cost[L];
    if (c !== undefined && c <= limit) return L;
  }
  return null;
}
