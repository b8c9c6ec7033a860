import { FaceAnimator } from '../animate/face-animator.js';
import type { FrameAnimator } from '../animate/frame-stream.js';
import type { Size } from './avatar-filters.js';
import { mouthRegion } from './mouth-region.js';
import { regionAvatarGraph, type AvatarGraph, type RegionSource } from './region-graph.js';
import type { RegionLoop } from './region-loop.js';
import { framesOnStdin, type PlannedAvatar } from './talking-video-plan.js';
import type { Box } from './types.js';

/**
 * Which way a render's pictures go. Region-only: the final encode decodes, loops and cross-fades
 * a video avatar itself and likeness pipes in only the region the face animation touches (nothing
 * at all when nothing moves). Whole frames: likeness decodes, loops and animates every frame, for
 * pictures (their head motion moves most of the frame), drawn faces, loops of too many passes or a
 * plain cut, and regions too large to gain anything.
 */

export type PipedAvatar =
  | { kind: 'region'; source: RegionSource; region: Box; animator: FaceAnimator }
  | { kind: 'frames'; animator: FrameAnimator | null };

export interface RenderPipeline {
  avatarGraph: AvatarGraph;
  /** What likeness writes to the encoder's stdin; null: nothing. */
  piped: PipedAvatar | null;
}

export function choosePipeline(
  avatar: PlannedAvatar,
  regionLoop: RegionLoop | null,
  animator: FrameAnimator | null,
  size: Size,
  fps: number,
  frames: number,
  decoding: Pick<RegionSource, 'concat' | 'held'> = {},
): RenderPipeline {
  if (avatar.kind === 'video' && regionLoop && (!animator || animator instanceof FaceAnimator)) {
    const source: RegionSource = { path: avatar.path, plan: regionLoop, box: size, fps, ...decoding };
    const bounds = animator ? animator.movedBounds(frames) : null;
    if (!animator || !bounds) return { avatarGraph: regionAvatarGraph(source, null), piped: null };
    const region = mouthRegion(bounds, size);
    if (region) {
      return {
        avatarGraph: regionAvatarGraph(source, region),
        piped: { kind: 'region', source, region, animator: animator.forRegion(region) },
      };
    }
  }
  return { avatarGraph: framesOnStdin(size, fps), piped: { kind: 'frames', animator } };
}
