import { MESH_POINTS } from '../face/landmarks.js';
import { pointsAt, type FaceTrack } from '../face/track.js';
import type { FaceAnimation } from '../animate/face-animator.js';
import {
  blinkTimes,
  blinkTrack,
  headTrack,
  IDLE_LEVELS,
  type Beat,
  type HeadTrack,
  type IdleLevel,
} from '../animate/idle-motion.js';
import { coverFitTransform, sourceMomentAt, transformPoints } from '../animate/source-map.js';
import type { MouthTimeline } from '../animate/timeline/types.js';
import type { VideoLoopPlan } from './avatar-filters.js';
import type { ImageMotion } from './types.js';

/** Pure planning of how the avatar's face moves through the video: landmarks per frame, blinks, head. */

export function idleLevelOf(motion: ImageMotion): IdleLevel {
  return motion === 'still' ? 'none' : motion;
}

export interface FaceMotionFacts {
  track: FaceTrack;
  /** null for a picture (one sample shown throughout). */
  loop: VideoLoopPlan | null;
  box: { width: number; height: number };
  fps: number;
  frames: number;
  mouth: MouthTimeline;
  /** Pictures blink and sway; videos do that on their own. */
  idle: IdleLevel;
  beats: readonly Beat[];
  seed: number;
}

/**
 * Landmarks for output frame i, in box pixels. For a looping video the frame's source moment is
 * found from the loop plan; in the cross-fade at the seam the two moments' landmarks are blended by
 * the fade's weight.
 */
export function landmarksForFrames(
  track: FaceTrack,
  loop: VideoLoopPlan | null,
  box: { width: number; height: number },
  fps: number,
): (index: number) => Float32Array | null {
  const transform = coverFitTransform(track, box);
  if (!loop) {
    const still = pointsAt(track, 0);
    if (!still) return () => null;
    const fitted = transformPoints(still, transform, new Float32Array(still.length));
    return () => fitted;
  }
  // Buffers reused for every frame: the animator reads the landmarks before asking for the next.
  const bufA = new Float32Array(MESH_POINTS * 2);
  const bufB = new Float32Array(MESH_POINTS * 2);
  const out = new Float32Array(MESH_POINTS * 2);
  return (index) => {
    const m = sourceMomentAt(loop, index / fps);
    const a = pointsAt(track, m.a, bufA);
    const b = m.b === null ? null : pointsAt(track, m.b, bufB);
    if (!a && !b) return null;
    if (a && b) {
      for (let k = 0; k < out.length; k++) out[k] = a[k]! + (b[k]! - a[k]!) * m.mix;
      return transformPoints(out, transform, out);
    }
    return transformPoints((a ?? b)!, transform, out);
  };
}

/**
 * Blinks and head motion for an idle level: pictures blink and sway; a video (level 'none') does that
 * on its own and only nods when there are beats.
 */
export function idleMotion(
  idle: IdleLevel,
  beats: readonly Beat[],
  frames: number,
  fps: number,
  seed: number,
  mouth: MouthTimeline,
): { blink: Float32Array | null; head: HeadTrack | null } {
  const level = IDLE_LEVELS[idle];
  const moves = idle !== 'none' || beats.length > 0;
  return {
    blink:
      idle === 'none' ? null : blinkTrack(frames, fps, blinkTimes(frames / fps, level.blinksPerMin, seed)),
    head: moves ? headTrack(frames, fps, level, seed, idle === 'none' ? null : mouth, beats) : null,
  };
}

export function planFaceMotion(f: FaceMotionFacts): FaceAnimation {
  return {
    fps: f.fps,
    width: f.box.width,
    height: f.box.height,
    landmarksAt: landmarksForFrames(f.track, f.loop, f.box, f.fps),
    mouth: f.mouth,
    ...idleMotion(f.idle, f.beats, f.frames, f.fps, f.seed, f.mouth),
  };
}
