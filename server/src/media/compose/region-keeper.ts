import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { FaceAnimator } from '../animate/face-animator.js';
import { FramePool } from '../animate/frame-stream.js';
import { frameBytes } from '../animate/frame.js';
import { POSE_RANGE } from '../animate/rig.js';
import type { MouthTimeline } from '../animate/timeline/types.js';
import { joinBounds, type PixelBounds } from '../animate/warp.js';
import type { FaceTrack } from '../face/track.js';
import { planVideoLoop } from './avatar-filters.js';
import { planFaceMotion } from './face-motion.js';
import { probeAvatarVideo } from './inputs.js';
import { mouthRegion } from './mouth-region.js';
import { cacheBox, entryFits, clipHash, type RegionCacheOptions } from './region-cache.js';
import { openRegionFrames } from './region-frames.js';
import type { RegionSource } from './region-graph.js';
import { END_MARGIN_FRAMES, planRegionLoop, type RegionLoop } from './region-loop.js';
import { evenSize } from './talking-video-plan.js';
import type { Box, MediaBins } from './types.js';

/**
 * A video avatar's region source kept ahead of its first render (region-cache.ts). Renders of an
 * avatar decode its clip a second time only to cut out the region around the mouth; the first
 * render keeps that for the later ones. Done when the avatar is made, the first render reads it
 * too.
 *
 * Which region a render pipes depends on its speech (how far the mouth opens, rounds and widens),
 * so the region kept here is the one the mouth reaches at the extremes of the rig's range
 * (POSE_RANGE: open, wide and round each at both ends, eight poses) over every frame of the clip,
 * the moved boxes joined. The lips' targets grow with the opening and are bounded by those poses'
 * shapes; region-cache's margin takes the rest. Nothing depends on it being enough: a render
 * checks that its own region lies inside a kept box, and one that reaches past it (songs nod the
 * head on their beats) decodes and keeps a larger box itself.
 */

export interface KeepRegionJob {
  /**
   * The avatar clip, where its renders start in it, and its face track; `contentHash` is the
   * clip's SHA-256 when the caller has it (hashFile), else the clip is hashed.
   */
  avatar: { path: string; startSec: number; face: FaceTrack; contentHash?: string };
  /** The size and rate its renders have. */
  output: { width: number; height: number; fps: number };
}

export interface KeptRegion {
  /** The region every speech fits in, and the clip's frames kept (all of its material). */
  region: Box;
  frames: number;
  /** Decoded and kept now, or found already kept. */
  origin: 'decoded' | 'cache';
}

/** The mouth held at one pose for `frames` frames. */
function heldMouth(fps: number, frames: number, open: number, wide: number, round: number): MouthTimeline {
  return {
    fps,
    open: new Float32Array(frames).fill(open),
    wide: new Float32Array(frames).fill(wide),
    round: new Float32Array(frames).fill(round),
  };
}

/** The corners of the rig's range of poses: open, wide and round each at both ends. */
export const MOUTH_CORNERS: readonly (readonly [number, number, number])[] = POSE_RANGE.open.flatMap((open) =>
  POSE_RANGE.wide.flatMap((wide) => POSE_RANGE.round.map((round) => [open, wide, round] as const)),
);

/** The moved box of every mouth corner over the clip's material, joined; null when nothing moves. */
export function speechBounds(
  track: FaceTrack,
  plan: RegionLoop,
  size: { width: number; height: number },
  fps: number,
): PixelBounds | null {
  const frames = plan.materialFrames;
  let all: PixelBounds | null = null;
  for (const [open, wide, round] of MOUTH_CORNERS) {
    const animator = new FaceAnimator(
      planFaceMotion({
        track,
        loop: plan.loop,
        box: size,
        fps,
        frames,
        mouth: heldMouth(fps, frames, open, wide, round),
        idle: 'none',
        beats: [],
        seed: 1,
      }),
    );
    all = joinBounds(all, animator.movedBounds(frames));
  }
  return all;
}

/**
 * Keeps the avatar's region source in the cache, planned as a render plans it (the same decoder, so
 * renders find it under the same name): every frame of the clip from the renders' start, for the
 * region every speech fits in. Null when there is nothing to keep: no face moves, the region is too
 * large for the region-only pipeline, or the entry would be too large for the cache.
 */
export async function keepAvatarRegionInThread(
  bins: MediaBins,
  job: KeepRegionJob,
  opts: { cache: RegionCacheOptions; tmpDir?: string; signal?: AbortSignal },
): Promise<KeptRegion | null> {
  const { signal } = opts;
  const { fps } = job.output;
  // The box of a render without a template: the output, on even sizes.
  const size = evenSize(job.output.width, job.output.height);
  const clip = await probeAvatarVideo(bins, job.avatar.path, signal);
  // Played once, as far as the clip goes: the most material any render of the avatar decodes.
  const loop = planVideoLoop(clip.sec, job.avatar.startSec, 0, fps);
  const material = Math.floor(loop.availableSec * fps + 1e-6) - END_MARGIN_FRAMES;
  const plan = planRegionLoop(loop, fps, material);
  if (!plan) return null;
  const region = mouthRegion(speechBounds(job.avatar.face, plan, size, fps), size);
  if (!region || !entryFits(opts.cache, cacheBox(region, size), plan.materialFrames)) return null;
  const source: RegionSource = { path: job.avatar.path, plan, box: size, fps };
  const pool = new FramePool(frameBytes(region.width, region.height), 2);
  const workDir = await mkdtemp(path.join(opts.tmpDir ?? os.tmpdir(), 'likeness-region-'));
  try {
    const frames = await openRegionFrames(bins, source, region, pool, workDir, signal, {
      options: opts.cache,
      contentHash: clipHash(job.avatar),
    });
    try {
      // Read to the end: the decoder writes the entry as it goes and names it once complete. One
      // found already kept holds the region: nothing to read.
      if (frames.origin === 'decoded' && frames.source.kind === 'stream') {
        for await (const frame of frames.source.frames) pool.give(frame);
      }
    } finally {
      await frames.close();
    }
    return { region, frames: plan.materialFrames, origin: frames.origin };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
